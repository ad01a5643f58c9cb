/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a control line that the end of the file cuts short (no
 * newline after it) is refused.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace fails to compile such a file with a
 * syntax error (D_SYNTAX) naming the end of file in a control line; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	exit(0);
}
#pragma D option quiet