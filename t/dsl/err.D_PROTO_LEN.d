/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an array used with another number of keys than before.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_PROTO_LEN
 * (libdtrace/dt_ident.c); dtrace-utils
 * test/unittest/assocs/err.D_PROTO_LEN.toomany.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	x[123, 456] = timestamp;
}

END
{
	x[123, 456, 789] = timestamp;
}
