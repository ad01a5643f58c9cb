/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printa() joins more than eight aggregations, one row a key,
 * 0 where an aggregation lacks the key; the same aggregation may come
 * twice.
 * EXPECTED: dtrace sets no such limit (dtrace-utils' multiaggs/tst.many
 * joins eleven); rows sort by the first aggregation's value, as
 * dt_aggregate.c's joined walk does.
 */
#pragma D option quiet

BEGIN
{
	@a[1] = sum(1); @b[1] = sum(2); @c[1] = sum(3); @d[1] = sum(4);
	@e[1] = sum(5); @f[1] = sum(6); @g[1] = sum(7); @h[1] = sum(8);
	@i[1] = sum(9); @j[2] = sum(10);
	printa("%d:%@d %@d %@d %@d %@d %@d %@d %@d %@d %@d %@d\n",
	    @a, @b, @c, @d, @e, @f, @g, @h, @i, @j, @a);
	exit(0);
}
