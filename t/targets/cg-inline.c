/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/cg-inline.c: a function the compiler inlines, for
 * t/code/inline.sh.  Built with -O2: square() is inlined into the
 * twelve use_N() functions, after a store of their own, so each copy
 * starts in the middle of its caller; the call through a pointer keeps
 * one out-of-line copy.  square() counts its own calls (a copy counts
 * as the function would).  mark() is never inlined: its arguments, its
 * address and a local's let a test read registers (uregs[]); bottom()
 * is called at the end of a recursion of deep() 3, then 8 levels down
 * (ustackdepth).
 *
 *	cg-inline N	N rounds
 *
 * Prints "ready pid=N mark=ADDR local=ADDR", waits for a line on stdin
 * (EOF too), then the calls square() counted and the sum of each of
 * mark()'s three arguments over the run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long calls;
static volatile long pre[12];

static long
square(long x)
{
	calls++;
	return x * x;
}

static long (*volatile sq)(long) = square;

#define USE(n) \
	__attribute__((noinline)) long \
	use_##n(long x) \
	{ \
		pre[n] += x; \
		return square(x + n) + n; \
	}

USE(0) USE(1) USE(2) USE(3) USE(4) USE(5)
USE(6) USE(7) USE(8) USE(9) USE(10) USE(11)

__attribute__((noinline)) long
mark(long a, long b, long c)
{
	__asm__ volatile("" : : "r"(a), "r"(b), "r"(c) : "memory");
	return a + b + c;
}

__attribute__((noinline, noipa)) long
bottom(long d)
{
	__asm__ volatile("" : : "r"(d) : "memory");
	return d;
}

/* one frame a level: the asm after the call keeps it from being a tail
 * call, or a loop */
__attribute__((noinline, noipa)) long
deep(long d)
{
	long r;

	if (d == 0)
		return bottom(d);
	r = deep(d - 1);
	__asm__ volatile("" : "+r"(r) : : "memory");
	return r + 1;
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 3, i, s = 0, ma = 0, mb = 0;
	long mc = 0;
	char line[64];
	volatile long local = 0;

	printf("ready pid=%d mark=%p local=%p\n", (int)getpid(),
	    (void *)mark, (void *)&local);
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		line[0] = '\0';
	for (i = 0; i < n; i++) {
		s += use_0(i) + use_1(i) + use_2(i) + use_3(i);
		s += use_4(i) + use_5(i) + use_6(i) + use_7(i);
		if (i % 2 == 0)
			s += use_8(i) + use_9(i);
		if (i % 3 == 0)
			s += use_10(i) + use_11(i);
		s += sq(i);
		s += mark(i, 2 * i + 1, 3 * i + 2);
		ma += i;
		mb += 2 * i + 1;
		mc += 3 * i + 2;
		local += i;
	}
	s += deep(3) + deep(8);
	printf("square calls=%ld sum=%ld\n", calls, s);
	printf("mark a=%ld b=%ld c=%ld\n", ma, mb, mc);
	return 0;
}
