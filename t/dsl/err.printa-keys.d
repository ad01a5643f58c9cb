/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printa() joins aggregations only when their keys agree.
 * EXPECTED: Oracle DTrace refuses printa() of aggregations whose keys
 * differ (D_PRINTA_AGGKEY, libdtrace/dt_printf.c; dtrace-utils
 * test/unittest/multiaggs/err.D_PRINTA_AGGKEY.d); the wording and the
 * file:line:col are pidtrace's.
 */
BEGIN
{
	@a["x"] = count();
	@b[1] = count();
	printa(@a, @b);
}
