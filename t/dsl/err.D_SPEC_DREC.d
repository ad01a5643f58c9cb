/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: speculation's rule SPEC_DREC is checked at compile time.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_SPEC_DREC
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/speculation/err.D_SPEC_DREC.SpecAftDataRec.d expects that
 * tag; the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	printf("x"); speculate(1);
}
