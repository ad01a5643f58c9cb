/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a macro argument that was not given is an error.
 * EXPECTED: Oracle DTrace: a macro argument not given is D_MACRO_UNDEF,
 * 'macro argument $2 is not defined' (libdtrace/dt_lex.l; dtrace-utils
 * test/unittest/options/err.D_MACRO_UNDEF.no-defaultargs.d); the
 * file:line:col are pidtrace's.
 */
BEGIN
{
	trace($2);
}
