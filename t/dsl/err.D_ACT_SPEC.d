/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: speculation's rule ACT_SPEC is checked at compile time.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_ACT_SPEC
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/speculation/err.D_ACT_SPEC.SpeculateWithBreakPoint.d
 * expects that tag; the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	speculate(1); system("true");
}
