/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: one translator for each pair of types.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_XLATE_REDECL (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
struct out { int x; };

translator struct out < int i > {
	x = i;
};

translator struct out < int j > {
	x = j + 1;
};

BEGIN
{
	exit(0);
}
