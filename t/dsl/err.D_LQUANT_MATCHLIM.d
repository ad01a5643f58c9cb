/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a second lquantize() of one aggregation with another limit
 * is refused with dtrace's tag, naming the expected and found limits.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_LQUANT_MATCHLIM
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/aggs/err.D_LQUANT_MATCHLIM.d expects that tag; the wording
 * and the file:line:col are pidtrace's.
 */
BEGIN
{
	@ = lquantize(1, 0, 100, 10);
	@ = lquantize(1, 0, 50, 10);
	exit(0);
}
