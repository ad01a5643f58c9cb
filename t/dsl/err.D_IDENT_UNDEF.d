/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an unknown variable is reported with the closest name.
 * EXPECTED: Oracle DTrace refuses this construct with D_IDENT_UNDEF
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/aggs/err.D_IDENT_UNDEF.no_func.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	trace(timestmp);
}
