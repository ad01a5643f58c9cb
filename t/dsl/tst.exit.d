/*
 * ASSERTION: exit(n) sets the exit status; the last value wins within the
 * clause, whose other actions still run; no later clause runs, not even
 * the rest of the same firing's (as in dtrace-utils); END still runs.
 * @@status: 3
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
