/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: count, sum, avg, min, max and stddev print one " %16lld"
 * value; several aggregations print in the order they first appear, each
 * sorted by value.
 * EXPECTED: illumos libdtrace dt_consume.c (dt_print_datum: each value "
 * %16lld") and dt_aggregate.c (entries sorted by value; aggregations in
 * order of first appearance); the DTrace guide (Dynamic Tracing Guide),
 * "Aggregations", for each function's value.
 */
#pragma D option quiet

BEGIN
{
	@c["b"] = count(); @c["b"] = count(); @c["a"] = count();
	@s["x"] = sum(10); @s["x"] = sum(-3); @s["y"] = sum(1);
	@v = avg(10); @v = avg(21);
	@lo = min(7); @lo = min(-2); @lo = min(5);
	@hi = max(7); @hi = max(-2); @hi = max(5);
	@sd = stddev(2); @sd = stddev(4); @sd = stddev(4); @sd = stddev(4);
	@sd = stddev(5); @sd = stddev(5); @sd = stddev(7); @sd = stddev(9);
	exit(0);
}
