/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an enumerator is an int (Oracle's dtrace-utils
 * types/err.D_DECL_ENOFLOW.enoflow).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_DECL_ENOFLOW in dt_decl_enumerator
 * (libdtrace/dt_decl.c); dtrace-utils
 * test/unittest/types/err.D_DECL_ENOFLOW.enoflow.d expects that tag and
 * message; the file:line:col are pidtrace's.
 */
enum e {
	toobig = 2147483648
};
