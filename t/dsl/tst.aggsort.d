/*
 * ASSERTION: entries sort by value, ties by key; integer keys of int type
 * print " %8d", strings "  %-50s".
 */
#pragma D option quiet

BEGIN
{
	@[3, "c"] = sum(5);
	@[1, "b"] = sum(5);
	@[2, "a"] = sum(1);
	@[1, "a"] = sum(9);
	exit(0);
}
