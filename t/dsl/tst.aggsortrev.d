/*
 * ASSERTION: #pragma D option aggsortrev prints the largest value first,
 * ties by key descending, and the aggregations in reverse order of
 * appearance (dt_aggregate.c reverses the whole comparison).
 */
#pragma D option quiet
#pragma D option aggsortrev

BEGIN
{
	@first["x"] = count();
	@second["p"] = count();
	@second["q"] = count();
	@second["q"] = count();
	@second["r"] = count();
	exit(0);
}
