/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an aggregation with keys but no aggregating function is
 * refused; without keys (@a;) dtrace says D_IDENT_UNDEF (err.nulagg).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_AGG_NULL
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/aggs/err.D_AGG_NULL.idx_no_func.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@a[1];
}
