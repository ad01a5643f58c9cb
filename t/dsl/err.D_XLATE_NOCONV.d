/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a member the translator does not define cannot be translated.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_XLATE_NOCONV (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
struct out { int x; int y; };

translator struct out < int i > {
	x = i;
};

BEGIN
{
	trace(xlate<struct out>(1).y);
	exit(0);
}
