/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a C array takes one index, not keys (Oracle's dtrace-utils
 * arrays/err.D_ARR_BADREF.bad).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_ARR_BADREF for a scalar used as an
 * associative array (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/arrays/err.D_ARR_BADREF.bad.d expects that tag; the
 * file:line:col are pidtrace's.
 */
int x[5];

BEGIN
{
	x[1, 2] = 1;
}
