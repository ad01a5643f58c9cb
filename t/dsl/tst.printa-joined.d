/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printa() of several aggregations joins them by key, a
 * missing value is 0; rows sort by the first aggregation's value, or the
 * one at aggsortpos; each %@ takes the next aggregation.
 * EXPECTED: illumos libdtrace dt_aggregate.c and dt_printf.c: printa() of
 * several aggregations joins them by key, a missing value is 0, each %@
 * takes the next aggregation, rows sort by aggsortpos's.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	@b["y"] = sum(10);
	@b["z"] = sum(3);
	printa(@a, @b);
	printa("%s %@d %@d\n", @a, @b);
	setopt("aggsortpos", "1");
	printa("%s %@d %@d\n", @a, @b);
	exit(0);
}
