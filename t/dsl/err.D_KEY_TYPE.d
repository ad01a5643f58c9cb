/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an aggregation is not a key.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_KEY_TYPE
 * (libdtrace/dt_ident.c); dtrace-utils
 * test/unittest/aggs/err.D_KEY_TYPE.agg_key.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@b = count();
	@a[@b] = count();
}
