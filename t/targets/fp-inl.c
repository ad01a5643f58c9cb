/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-inl.c: copies of functions the compiler inlined, for
 * t/fastpath/inline.sh.  Built -O2 -g with no loop or jump alignment
 * (local.mk), so the layout below is what gcc makes:
 *
 *   - twice() is inlined into fi_a, fi_b and fi_c after a store of their
 *     own, so each copy starts mid-function; fi_c also has a .cold part
 *     (an unlikely branch to a cold function): the bytes a jump replaces
 *     at its copy are proven from fi_c's code and its .cold part's;
 *   - spin() is inlined into fi_loop: its first instruction is a 1-byte
 *     nop and its loop's head comes right after it, the target of the
 *     loop's back edge: a jump laid at the copy would cover that head,
 *     so that copy must stay int3;
 *   - both also keep an out-of-line copy, called through a pointer.
 *
 *	fp-inl N	N rounds
 *
 * Prints "ready pid=N" and waits (fp-proto.h), then per function
 * "NAME calls=N": calls of twice() and spin(), made or inlined, as the
 * functions count them themselves; then "done" and waits for EOF.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fp-proto.h"

static volatile long tw_calls, sp_calls, pre[4];

static long
twice(long x)
{
	tw_calls++;
	return 2 * x;
}

static long
spin(long x)
{
	long s = 0;

	__asm__ volatile("nop");
	do {
		s += x;
		sp_calls += 0;
	} while (--x > 0);
	sp_calls++;
	return s;
}

void fi_fail(long x);
long fi_a(long x);
long fi_b(long x);
long fi_c(long x);
long fi_loop(long x);

static long (*volatile twp)(long) = twice;
static long (*volatile spp)(long) = spin;

__attribute__((noinline, cold)) void
fi_fail(long x)
{
	fprintf(stderr, "fp-inl: %ld\n", x);
	exit(2);
}

__attribute__((noinline)) long
fi_a(long x)
{
	pre[0] += x;
	return twice(x + 1) + 1;
}

__attribute__((noinline)) long
fi_b(long x)
{
	pre[1] += x;
	return twice(x + 2) + 2;
}

__attribute__((noinline)) long
fi_c(long x)
{
	pre[2] += x;
	if (__builtin_expect(x < 0, 0))
		fi_fail(x);
	return twice(x + 3) + 3;
}

__attribute__((noinline)) long
fi_loop(long x)
{
	pre[3] += x;
	return spin(x + 1);
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 3, i, s = 0;

	fp_ready();
	for (i = 0; i < n; i++) {
		s += fi_a(i) + fi_b(i) + fi_c(i) + fi_loop(i % 7);
		s += twp(i) + spp(i % 5 + 1);
	}
	printf("twice calls=%ld\nspin calls=%ld\nsum=%ld\n", (long)tw_calls,
	    (long)sp_calls, s);
	fp_done();
	return 0;
}
