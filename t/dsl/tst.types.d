/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: D's integer types: a variable takes the type of its first
 * assignment (int is 32 bits), x++ on a new name makes an int64_t, a
 * large constant is 64-bit, storing into an int wraps, casts narrow,
 * division truncates toward zero, unsigned compares as unsigned.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Types, Operators
 * and Expressions": int is 32 bits, a variable takes the type of its first
 * assignment, integer constants widen to 64 bits, division truncates
 * toward zero.
 */
#pragma D option quiet

BEGIN
{
	i = 1;
	n++;
	big = 0x100000000;
	s = "x";
	printf("%d %d %d %d\n", sizeof (i), sizeof (n), sizeof (big),
	    sizeof (s));
	i = 0x7fffffff;
	i++;
	printf("%d %d\n", i, big + 1 > big);
	u = (unsigned int)-1;
	printf("%u %d %d\n", u, u > 0, (int)u < 0);
	printf("%d %d %d %d\n", 7 / -2, -7 % 3, (unsigned int)7 / 2,
	    (char)0x1ff);
	printf("%s\t%s\n", "tab", "\x41\102\\\"");
	exit(0);
}
