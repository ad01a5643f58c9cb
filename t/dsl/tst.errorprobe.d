/*
 * ASSERTION: a runtime error stops its clause (its output is dropped),
 * prints dtrace's message, fires ERROR with Oracle's Linux DTrace's
 * arguments: arg1 the probe's id, arg2 the clause's index in the program
 * (dtrace-utils' error/tst.DTRACEFLT_DIVZERO.div), arg4 the fault (as
 * DTRACEFLT_DIVZERO, 4, and DTRACEFLT_BADADDR, 1), arg5 the address;
 * the next clause runs.
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
