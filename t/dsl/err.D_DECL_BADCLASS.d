/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: C's register, auto and static mean nothing in D (Oracle's
 * dtrace-utils types/err.D_DECL_BADCLASS.bad).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_DECL_BADCLASS for C's storage classes
 * (libdtrace/dt_decl.c); dtrace-utils
 * test/unittest/types/err.D_DECL_BADCLASS.bad.d expects that tag; the
 * file:line:col are pidtrace's.
 */
register x;
