/*
 * ASSERTION: entries sort by value, ties by key (each key in turn);
 * integer keys of int type print " %8d", strings "  %-50s".
 */
#pragma D option quiet

BEGIN
{
	@[7, "z"] = sum(2);
	@[4, "y"] = sum(2);
	@[4, "x"] = sum(2);
	@[9, "w"] = sum(-1);
	@[0, "v"] = sum(8);
	exit(0);
}
