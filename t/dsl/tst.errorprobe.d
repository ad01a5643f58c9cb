/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a runtime error stops its clause (its output is dropped),
 * prints dtrace's message, fires ERROR with arg1 the EPID, arg2 the
 * action, arg4 the fault; the next clause runs.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "dtrace Provider",
 * ERROR: arg1 the EPID, arg2 the action index, arg4 the fault; the
 * faulting clause's output is dropped and dtrace prints 'error on enabled
 * probe ID ...'.
 */
#pragma D option quiet

BEGIN
{
	x = 0;
	printf("dropped\n");
	y = 10 / x;
}

BEGIN
{
	trace(copyinstr(0));
}

BEGIN
{
	printf("still running\n");
	exit(0);
}

ERROR
{
	printf("ERROR epid %d action %d fault %d addr %d\n", arg1, arg2, arg4,
	    arg5);
}
