/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a string is no scalar: && takes none (Oracle's
 * dtrace-utils types/err.D_OP_SCALAR.badlogop).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_OP_SCALAR for a string operand of &&
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/types/err.D_OP_SCALAR.badlogop.d expects that tag and
 * message; the file:line:col are pidtrace's.
 */
BEGIN
/"char" && "foo"/
{
	exit(0);
}
