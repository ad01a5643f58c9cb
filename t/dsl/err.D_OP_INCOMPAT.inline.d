/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an inline's value must have its type, checked where it is
 * defined (Oracle's dtrace-utils inline/err.D_OP_INCOMPAT.baddef2).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_OP_INCOMPAT where the inline is
 * defined (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/inline/err.D_OP_INCOMPAT.baddef2.d expects that tag and
 * message; the file:line:col are pidtrace's.
 */
inline int i = "i am a string";

BEGIN
{
	exit(0);
}
