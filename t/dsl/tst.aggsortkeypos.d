/*
 * ASSERTION: aggsortkeypos=1 sorts by the second key first; integer keys of int type
 * print " %8d", strings "  %-50s".
 */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1

BEGIN
{
	@[3, "c"] = sum(5);
	@[1, "b"] = sum(5);
	@[2, "a"] = sum(1);
	@[1, "a"] = sum(9);
	exit(0);
}
