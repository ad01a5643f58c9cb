/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an array is not assigned whole (Oracle's dtrace-utils
 * pointers/err.D_OP_ARRFUN.ArrayAssignment).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_OP_ARRFUN for an array assigned whole
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/pointers/err.D_OP_ARRFUN.ArrayAssignment.d expects that
 * tag and message; the file:line:col are pidtrace's.
 */
int array1[3];
int array2[3];

BEGIN
{
	array2 = array1;
}
