/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: D comments do not nest: a comment's opening inside a comment
 * is an error, not a nested comment nor text.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses it with a syntax error
 * (libdtrace/dt_lex.l: "/" "*" met in its comment state); the wording and
 * the file:line:col are pidtrace's.
 */
BEGIN
{
	/* the count /* of calls */
	exit(0);
}
