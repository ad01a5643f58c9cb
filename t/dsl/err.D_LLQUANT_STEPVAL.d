/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: llquantize()'s steps must divide factor^2 when low is 0 and
 * steps > factor; 30 steps of 10 once made pidtrace spin forever.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_LLQUANT_STEPVAL
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/aggs/err.D_LLQUANT_STEPVAL.factor_divides_steps_1.d
 * expects that tag; the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 30);
	exit(0);
}
