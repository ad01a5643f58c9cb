/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printa( ) takes aggregations after its format.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_PRINTA_AGGARG
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/actions/printa/err.D_PRINTA_AGGARG.fmt_int_arg.d expects
 * that tag; the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	printa("%d", 1);
}
