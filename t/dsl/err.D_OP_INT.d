/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: operator % needs integers.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_OP_INT
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/types/err.D_OP_INT.badbitop.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	x = "ten" % 3;
}
