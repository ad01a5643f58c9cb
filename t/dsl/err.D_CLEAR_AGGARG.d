/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: clear( ) takes an aggregation.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_CLEAR_AGGARG
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/aggs/err.D_CLEAR_AGGARG.clear_no_agg.d expects that tag;
 * the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	x = 1;
	clear(x);
}
