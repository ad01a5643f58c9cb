/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: #pragma D option aggsortrev prints the largest value first,
 * ties by key descending, and the aggregations in reverse order of
 * appearance (dt_aggregate.c reverses the whole comparison).
 * EXPECTED: illumos libdtrace dt_aggregate.c: aggsortrev reverses the
 * whole comparison, values, keys and the order of the aggregations.
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
