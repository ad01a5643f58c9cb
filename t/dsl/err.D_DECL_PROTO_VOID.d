/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: void is a prototype's sole parameter (Oracle's
 * dtrace-utils decls/err.D_DECL_PROTO_VOID.NonSoleVoid).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_DECL_PROTO_VOID in dt_decl_prototype
 * (libdtrace/dt_decl.c); dtrace-utils
 * test/unittest/decls/err.D_DECL_PROTO_VOID.NonSoleVoid.d expects that
 * tag; the file:line:col are pidtrace's.
 */
int foo(int, void);
