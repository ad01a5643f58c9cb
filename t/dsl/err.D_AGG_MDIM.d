/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an aggregation has one set of keys.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_AGG_MDIM
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/aggs/err.D_AGG_MDIM.multi_dim.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@a[1][2] = count();
}
