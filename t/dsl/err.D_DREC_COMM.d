/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: speculation's rule DREC_COMM is checked at compile time.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_DREC_COMM
 * (libdtrace/dt_cg.c); dtrace-utils
 * test/unittest/speculation/err.D_DREC_COMM.DataRecAftCommit.d expects
 * that tag; the wording and the file:line:col are pidtrace's.
 */
BEGIN
{
	commit(1); trace(1);
}
