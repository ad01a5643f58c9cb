/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: no arithmetic on a void *, whose elements have no size
 * (Oracle's dtrace-utils pointers/err.D_OP_INCOMPAT.VoidPointerArith).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_OP_INCOMPAT for arithmetic on a void
 * * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/pointers/err.D_OP_INCOMPAT.VoidPointerArith.d expects
 * that tag and message; the file:line:col are pidtrace's.
 */
void *p;

BEGIN
{
	trace((int)(p + 1));
}
