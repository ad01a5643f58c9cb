/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an array keyed by a struct takes no other struct (Oracle's
 * dtrace-utils struct/err.D_PROTO_ARG.DupStructAssoc).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_PROTO_ARG for a key of another struct
 * type (libdtrace/dt_ident.c, dt_idcook_assc); dtrace-utils
 * test/unittest/struct/err.D_PROTO_ARG.DupStructAssoc.d expects that tag
 * and its prototype/key lines; the file:line:col are pidtrace's.
 */
struct record {
	int	position;
};
struct pirate {
	int	position;
};
struct record r;
struct pirate p;

BEGIN
{
	a[r] = 1;
	a[p] = 2;
}
