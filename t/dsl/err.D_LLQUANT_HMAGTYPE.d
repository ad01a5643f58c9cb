/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: llquantize()'s high magnitude is an integer constant.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_LLQUANT_HMAGTYPE
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/aggs/err.D_LLQUANT_HMAGTYPE.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	hmag = 10;
	@ = llquantize(1, 10, 0, hmag, 20);
	exit(0);
}
