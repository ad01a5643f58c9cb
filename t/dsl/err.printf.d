/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printf() arguments are checked against the conversions.
 * EXPECTED: Oracle DTrace checks printf()'s arguments against its
 * conversions at compile time (D_PRINTF_ARG_TYPE, libdtrace/dt_printf.c;
 * dtrace-utils test/unittest/actions/printf/err.D_PRINTF_ARG_TYPE.agg.d);
 * the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	printf("%d\n", "string");
}
