/*
 * ASSERTION: aggsortrev reverses the order: value, then key, descending; integer keys of int type
 * print " %8d", strings "  %-50s".
 */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@[3, "c"] = sum(5);
	@[1, "b"] = sum(5);
	@[2, "a"] = sum(1);
	@[1, "a"] = sum(9);
	exit(0);
}
