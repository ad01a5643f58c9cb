/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a bare aggregation statement has no effect: D_IDENT_UNDEF,
 * as in dtrace; a non-function called is D_FUNC_IDENT (not tested here:
 * one error per file).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses the statement '@a;' with D_IDENT_UNDEF
 * (dtrace-utils test/unittest/aggs/err.D_IDENT_UNDEF.no_func.d is this
 * very statement); the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@a;
}
