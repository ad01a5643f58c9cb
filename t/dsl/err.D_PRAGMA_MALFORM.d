/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: #pragma D option takes one word.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_PRAGMA_MALFORM
 * (libdtrace/dt_pragma.c); dtrace-utils
 * test/unittest/pragma/err.D_PRAGMA_MALFORM.d expects that tag; the
 * wording and the file:line:col are pidtrace's.
 */
#pragma D option nspec=2 * 2
BEGIN
{
	exit(0);
}
