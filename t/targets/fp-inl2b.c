/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-inl2b.c: the other static fi_s with a .cold part, for
 * t/targets/fp-inl2.c.
 */
static volatile long pre2;

__attribute__((cold)) void fi_fail(long x);
long fi_s2(long x);

__attribute__((noipa)) static long
fi_s(long x)
{
	pre2 += x;
	if (__builtin_expect(x < 0, 0))
		fi_fail(x - 1);
	return 3 * x;
}

long
fi_s2(long x)
{
	return fi_s(x) + 1;
}
