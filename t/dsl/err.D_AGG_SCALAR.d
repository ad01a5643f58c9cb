/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an aggregating function's value must be scalar.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_AGG_SCALAR
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/aggs/err.D_AGG_SCALAR.avg_str_val.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@a = avg("seven");
}
