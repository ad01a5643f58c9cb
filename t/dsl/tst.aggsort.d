/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: entries sort by value, ties by key (each key in turn);
 * integer keys of int type print " %8d", strings "  %-50s".
 * EXPECTED: illumos libdtrace dt_aggregate.c (dt_aggregate_valcmp, then
 * the keys in turn) and dt_consume.c (keys " %-50s" for strings, " %8d"
 * for int).
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
