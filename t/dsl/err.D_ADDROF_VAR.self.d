/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a self-> variable's storage has no lasting address
 * (Oracle's dtrace-utils pointers/err.D_ADDROF_VAR.DynamicVar).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses the address of a dynamic variable with
 * D_ADDROF_VAR (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/pointers/err.D_ADDROF_VAR.DynamicVar.d expects that tag;
 * the wording and the file:line:col are pidtrace's.
 */
struct pt {
	int	x, y;
};
self struct pt s;

BEGIN
{
	p = &self->s.y;
}
