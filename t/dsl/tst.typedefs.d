/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: D's built-in typedefs of illumos' C (uchar_t, ushort_t,
 * uint_t, ulong_t, u_longlong_t, longlong_t, ipaddr_t) have their sizes
 * and signs.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Data Types and
 * Sizes": the built-in typedefs of illumos' C types and their sizes.
 */
#pragma D option quiet

uint_t g;

BEGIN
{
	g = -1;
	printf("%u %u %d\n", g, (ulong_t)-1, (longlong_t)-2);
	printf("%u %u %u\n", (uchar_t)0x1ff, (ushort_t)0x1ffff,
	    (u_longlong_t)-1);
	printf("%d %d %d %d\n", sizeof (uchar_t), sizeof (ushort_t),
	    sizeof (ipaddr_t), sizeof (u_longlong_t));
	exit(0);
}
