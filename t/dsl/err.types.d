/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a variable keeps the type of its first assignment.
 * EXPECTED: Oracle DTrace: a variable's type is fixed by its first
 * assignment, and a later one of another type is D_OP_INCOMPAT, 'operands
 * have incompatible types' (libdtrace/dt_parser.c; dtrace-utils
 * test/unittest/assocs/err.D_OP_INCOMPAT.dupgtype.d); the file:line:col
 * are pidtrace's.
 */
BEGIN
{
	x = 1;
	x = "one";
}
