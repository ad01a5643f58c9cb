/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a built-in variable is not a function.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_FUNC_IDENT
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/aggs/err.D_FUNC_IDENT.probe_as_func.d expects that tag;
 * the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	@a = timestamp();
}
