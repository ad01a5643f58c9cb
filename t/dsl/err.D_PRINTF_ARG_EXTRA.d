/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printf( ) with more arguments than conversions.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_PRINTF_ARG_EXTRA
 * (libdtrace/dt_printf.c); dtrace-utils
 * test/unittest/actions/printf/err.D_PRINTF_ARG_EXTRA.addr_width.d expects
 * that tag; the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	printf("%d\n", 1, 2);
}
