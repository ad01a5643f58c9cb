/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an nspec beyond 64 bits is an invalid value.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_PRAGMA_OPTSET
 * (libdtrace/dt_pragma.c); dtrace-utils
 * test/unittest/misc/err.D_PRAGMA_OPTSET.d expects that tag; the wording
 * and the file:line:col are pidtrace's.
 */
#pragma D option nspec=245566729809009887663
BEGIN
{
	exit(0);
}
