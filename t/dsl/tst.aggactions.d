/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: normalize() divides the printed values, denormalize() undoes
 * it, trunc(@, n) keeps the n largest, clear() zeroes the values but
 * keeps the keys, trunc(@) empties; printa() of an empty aggregation
 * prints only its newline.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Aggregations":
 * normalize() divides the printed values, denormalize() undoes it,
 * trunc(@, n) keeps the n largest, clear() zeroes values and keeps keys;
 * illumos libdtrace dt_aggregate.c for the empty printa()'s newline.
 */
#pragma D option quiet

BEGIN
{
	@s["a"] = sum(10);
	@s["b"] = sum(20);
	@s["c"] = sum(30);
	@s["d"] = sum(40);
	normalize(@s, 10);
	printa(@s);
	denormalize(@s);
	printa("%s:%@d ", @s);
	printf("\n");
	trunc(@s, 2);
	printa(@s);
	clear(@s);
	printa(@s);
	trunc(@s);
	printa(@s);
	exit(0);
}
