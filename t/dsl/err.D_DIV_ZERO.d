/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a constant division by zero is refused at compile time.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_DIV_ZERO
 * (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/arithmetic/err.D_DIV_ZERO.divby0.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	c = 123 / (7 - 7);
	exit(0);
}
