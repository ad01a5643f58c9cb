/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: llquantize()'s factor is at least 2.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_LLQUANT_FACTORVAL
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/aggs/err.D_LLQUANT_FACTORVAL.too_big.d expects that tag;
 * the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@ = llquantize(1, 1, 0, 6, 20);
	exit(0);
}
