/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: no translator leads from the operand's type to the output type.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_XLATE_NONE (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
struct in { int a; };
struct out { int x; };

translator struct out < struct in *p > {
	x = p->a;
};

BEGIN
{
	trace(xlate<struct out>("text").x);
	exit(0);
}
