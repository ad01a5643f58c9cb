/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a bit-field is no wider than its type (Oracle's
 * dtrace-utils bitfields/err.D_DECL_BFSIZE.ExceedBaseType).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_DECL_BFSIZE in dt_decl_member
 * (libdtrace/dt_decl.c); dtrace-utils
 * test/unittest/bitfields/err.D_DECL_BFSIZE.ExceedBaseType.d expects
 * that tag; the file:line:col are pidtrace's.
 */
struct bits {
	char	a : 9;
};
