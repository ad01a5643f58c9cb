/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a declared variable keeps its declared type.
 * EXPECTED: Oracle DTrace: assigning a string to a variable declared int
 * is D_OP_INCOMPAT, 'operands have incompatible types: "int" = "string"'
 * (libdtrace/dt_parser.c; dtrace-utils
 * test/unittest/assocs/err.D_OP_INCOMPAT.dupgtype.d); the file:line:col
 * are pidtrace's.
 */
int x;

BEGIN
{
	x = "string";
}
