/*
 * ASSERTION: without -q each clause that records data prints its probe
 * line; trace() prints integers " %10d" (int) or " %19lld" (64-bit),
 * Oracle's Linux DTrace's widths (illumos: 8 and 16), and strings
 * "  %-33s"; a clause that only assigns prints nothing; an empty clause
 * prints the line alone.
 */

BEGIN
{
	x = 1;
}

BEGIN
{
	trace(1);
	trace((long long)2);
	trace("str");
}

BEGIN
{
}

BEGIN
{
	exit(0);
}

END
{
	printf("end %d", x);
}
