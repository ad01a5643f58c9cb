/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a runtime error stops its clause (its output is dropped),
 * prints dtrace's message, fires ERROR with arg1 the probe's id, arg2
 * the clause's index in the program, arg4 the fault (as
 * DTRACEFLT_DIVZERO, 4, and DTRACEFLT_BADADDR, 1), arg5 the address;
 * the next clause runs.
 * EXPECTED: Oracle's Linux DTrace's ERROR arguments (dtrace-utils'
 * error/tst.DTRACEFLT_DIVZERO.div: arg1 the probe id, arg2 the clause
 * index; illumos, the DTrace guide: the EPID and the action); the
 * faulting clause's output is dropped and dtrace prints 'error on
 * enabled probe ID ...' (the DTrace guide, "dtrace Provider").
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
	printf("ERROR probe %d clause %d fault %d addr %d\n", arg1, arg2, arg4,
	    arg5);
	printf("%d %d\n", arg4 == DTRACEFLT_DIVZERO, arg4 == DTRACEFLT_BADADDR);
}
