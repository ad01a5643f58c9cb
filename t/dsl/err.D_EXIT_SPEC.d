/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: speculation's rule EXIT_SPEC is checked at compile time.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_EXIT_SPEC
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/speculation/err.D_EXIT_SPEC.ExitAftSpec.d expects that
 * tag; the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	speculate(1); exit(0);
}
