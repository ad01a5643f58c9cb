/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a syntax error names the token, the line and the column.
 * EXPECTED: Oracle DTrace reports a parse error as D_SYNTAX, 'syntax error
 * near "TOKEN"' (libdtrace/dt_parser.c yyerror); dtrace-utils
 * test/unittest/actions/printf/err.D_SYNTAX.double_prec.d; the
 * file:line:col are pidtrace's.
 */
BEGIN
{
	x = ;
}
