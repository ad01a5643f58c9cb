/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-inl2.c: an inlined copy in a function whose .cold part
 * its name does not tell, for t/fastpath/inline-amb.sh.  Built -O2 -g
 * with t/targets/fp-inl2b.c (local.mk):
 *
 *   - twice() is inlined into this file's static fi_s, which has a
 *     .cold part (an unlikely branch to a cold function), fi_s.cold;
 *   - fp-inl2b.c has a static fi_s of its own with a .cold part too:
 *     two fi_s.cold, and which is this fi_s's its symbols do not say,
 *     so the copy's site must stay int3 (the enclosing function's code
 *     and .cold part prove the bytes a jump there replaces);
 *   - twice() also keeps an out-of-line copy, called through a pointer.
 *
 *	fp-inl2 N	N rounds
 *
 * Prints "ready pid=N" and waits (fp-proto.h), then "twice calls=N":
 * calls of twice(), made or inlined, as it counts them itself; then
 * "done" and waits for EOF.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fp-proto.h"

static volatile long tw_calls, pre;

static long
twice(long x)
{
	tw_calls++;
	return 2 * x;
}

__attribute__((cold)) void fi_fail(long x);
long fi_s2(long x);

static long (*volatile twp)(long) = twice;

__attribute__((noinline, cold)) void
fi_fail(long x)
{
	fprintf(stderr, "fp-inl2: %ld\n", x);
	exit(2);
}

__attribute__((noipa)) static long
fi_s(long x)
{
	pre += x;
	if (__builtin_expect(x < 0, 0))
		fi_fail(x);
	return twice(x + 3) + 3;
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 3, i, s = 0;

	fp_ready();
	for (i = 0; i < n; i++)
		s += fi_s(i) + fi_s2(i) + twp(i);
	printf("twice calls=%ld\nsum=%ld\n", (long)tw_calls, s);
	fp_done();
	return 0;
}
