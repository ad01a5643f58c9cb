/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: %@ is a conversion of printa( ) only.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_PRINTF_AGG_CONV
 * (libdtrace/dt_printf.c); dtrace-utils
 * test/unittest/actions/printf/err.D_PRINTF_AGG_CONV.d expects that tag;
 * the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	printf("%@d\n", 1);
}
