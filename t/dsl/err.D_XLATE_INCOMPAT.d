/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a translator member's expression must suit the member's type.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_XLATE_INCOMPAT (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
struct out { int x; };

translator struct out < int i > {
	x = "text";
};

BEGIN
{
	exit(0);
}
