/*
 * ASSERTION: an option of dtrace's that means nothing for a user process
 * is refused in one line that says why, not silently ignored.
 * @@runtest-opts: -x errtags
 */
#pragma D option cpu=0

BEGIN
{
	exit(0);
}
