/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a ?: of an alloca pointer and another pointer may not be
 * assigned to a variable, which would not know which memory it points
 * into (Oracle's dtrace-utils funcs/alloca/err.D_ALLOCA_INCOMPAT.ternary).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_ALLOCA_INCOMPAT here
 * (libdtrace/dt_parser.c, the assignment of a DT_NF_NONASSIGN value);
 * dtrace-utils
 * test/unittest/funcs/alloca/err.D_ALLOCA_INCOMPAT.ternary.d expects
 * that tag; the file:line:col are pidtrace's.
 */
BEGIN
{
	a = (char *)alloca(1);
	a = a == NULL ? (char *)50 : a;
}
