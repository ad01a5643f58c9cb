/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an aggregation keeps the function it was first given.
 * EXPECTED: Oracle DTrace refuses this construct with D_AGG_REDEF
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/aggs/err.D_AGG_REDEF.diff_funcs.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@a = count();
	@a = sum(1);
}
