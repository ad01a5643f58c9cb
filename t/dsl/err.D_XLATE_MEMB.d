/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a translator may only define members of its output type.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_XLATE_MEMB (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
struct out { int x; };

translator struct out < int i > {
	x = i;
	y = i;
};

BEGIN
{
	exit(0);
}
