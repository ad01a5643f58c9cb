/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a clause-local variable is no associative array.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_ARR_LOCAL
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/scalars/err.D_ARR_LOCAL.thisarray.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	this->x[1, 2] = 123;
	exit(0);
}
