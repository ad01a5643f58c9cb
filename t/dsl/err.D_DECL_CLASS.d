/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a declaration takes one storage class: self or this.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_DECL_CLASS
 * (libdtrace/dt_decl.c); dtrace-utils
 * test/unittest/scalars/err.D_DECL_CLASS.selfthis.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
self this int x;

BEGIN
{
	exit(0);
}
