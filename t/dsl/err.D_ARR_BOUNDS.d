/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a constant index outside a C array's bounds is refused when
 * compiled (Oracle's dtrace-utils arrays/err.D_ARR_BOUNDS.declared).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_ARR_BOUNDS for a constant index
 * outside a declared array (libdtrace/dt_parser.c); dtrace-utils
 * test/unittest/arrays/err.D_ARR_BOUNDS.declared.d expects that tag and
 * "index outside array bounds: 5, max is 5"; the file:line:col are
 * pidtrace's.
 */
int a[5];

BEGIN
{
	trace(a[5]);
}
