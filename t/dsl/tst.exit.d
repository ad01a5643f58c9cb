/*
 * ASSERTION: exit(n) sets the exit status; the last value wins within the
 * firing; END still runs; later firings are ignored.
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
	printf("same firing, next clause\n");
}

tick-1ms
{
	printf("never\n");
}

END
{
	printf("end\n");
}
