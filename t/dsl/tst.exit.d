/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: exit(n) sets the exit status; the last value wins within the
 * clause, whose other actions still run; no later clause runs, not even
 * the rest of the same firing's (as in dtrace-utils); END still runs.
 * @@status: 3
 * EXPECTED: dtrace-utils test/unittest/actions/exit (the exit status is
 * exit()'s argument; no clause runs after exit() but END); the DTrace
 * guide (Dynamic Tracing Guide), "Actions": exit().
 */
#pragma D option quiet

BEGIN
{
	exit(7);
	exit(3);
	printf("after exit, same clause\n");
}

BEGIN
{
	printf("never: same firing, next clause\n");
}

tick-1ms
{
	printf("never\n");
}

END
{
	printf("end\n");
}
