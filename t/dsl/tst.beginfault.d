/*
 * ASSERTION: a BEGIN that faults before exit(), with no other probe that
 * could fire, ends the run (status 1) instead of waiting for a ^C; the
 * error line is dtrace's, END still fires.
 * @@status: 1
 */
#pragma D option quiet

BEGIN
{
	x = 0;
	printf("before\n");
	y = 1 / x;
	exit(0);
}

END
{
	printf("end\n");
}
