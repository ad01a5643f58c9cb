/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: offsetof() takes a struct or union (Oracle's dtrace-utils
 * offsetof/err.D_OFFSETOF_TYPE.notsou).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_OFFSETOF_TYPE
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/offsetof/err.D_OFFSETOF_TYPE.notsou.d expects that tag
 * and message; the file:line:col are pidtrace's.
 */
BEGIN
{
	trace(offsetof(int, x));
}
