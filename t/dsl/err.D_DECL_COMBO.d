/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: char and int do not combine (Oracle's dtrace-utils
 * types/err.D_DECL_COMBO.badtype4).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_DECL_COMBO for base type words that
 * do not combine (libdtrace/dt_decl.c); dtrace-utils
 * test/unittest/types/err.D_DECL_COMBO.badtype4.d expects that tag; the
 * file:line:col are pidtrace's.
 */
BEGIN
{
	i = (char int)0;
}
