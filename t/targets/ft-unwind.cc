/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/ft-unwind.cc: frames left without their return instruction,
 * for the fault suite (t/faults/unwind.sh).  pidtrace never rewrites
 * return addresses, so an unwound frame's return probe must simply not
 * fire, and the unwinding itself must work as untraced.
 *
 *	ft-unwind N	N calls of ft_middle(), which calls ft_thrower();
 *			every third ft_thrower() throws through ft_middle()
 *			to the caller's catch; N calls of ft_jumper(),
 *			every second one longjmps out; one recursion of
 *			ft_recurse() 100000 frames deep (in a thread with
 *			a 256 MB stack)
 *
 * Prints "ready", then per function the calls and the normal returns
 * (counted by the caller after the call came back), and a checksum.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

static unsigned long thrower_calls, thrower_rets, middle_calls, middle_rets;
static unsigned long jumper_calls, jumper_rets, recurse_calls, caught, jumped;
static unsigned long sum;
static jmp_buf env;

extern "C" {
NOINLINE unsigned long
ft_thrower(unsigned long i)
{
	thrower_calls++;
	if (i % 3 == 0)
		throw i;
	return i * 7;
}

NOINLINE unsigned long
ft_middle(unsigned long i)
{
	unsigned long r;

	middle_calls++;
	r = ft_thrower(i);
	thrower_rets++;
	return r + 1;
}

NOINLINE unsigned long
ft_jumper(unsigned long i)
{
	jumper_calls++;
	if (i % 2 == 1)
		longjmp(env, (int)(i % 100) + 1);
	return i + 5;
}

NOINLINE unsigned long ft_recurse(unsigned long d);

/* Called through a volatile pointer: -O1 turns a direct self-call with
 * an accumulator into a loop (no frames at all). */
static unsigned long (*volatile recurse)(unsigned long) = ft_recurse;

NOINLINE unsigned long
ft_recurse(unsigned long d)
{
	recurse_calls++;
	if (d == 0)
		return 1;
	return recurse(d - 1) + (d & 1);
}
}

static void *
deep(void *arg)
{
	return (void *)ft_recurse((unsigned long)arg);
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000, i;
	volatile unsigned long vi;
	pthread_attr_t a;
	pthread_t th;
	void *r;

	printf("ready\n");
	fflush(stdout);
	for (i = 0; i < n; i++) {
		try {
			sum = sum * 31 + ft_middle(i);
			middle_rets++;
		} catch (unsigned long e) {
			caught++;
			sum = sum * 31 + e;
		}
	}
	for (vi = 0; vi < n; vi++) {
		int v = setjmp(env);

		if (v != 0) {
			jumped++;
			sum = sum * 31 + (unsigned long)v;
			continue;
		}
		sum = sum * 31 + ft_jumper(vi);
		jumper_rets++;
	}
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 256ul << 20);
	if (pthread_create(&th, &a, deep, (void *)100000ul) != 0 ||
	    pthread_join(th, &r) != 0)
		return 2;
	sum = sum * 31 + (unsigned long)r;
	printf("ft_middle calls=%lu returns=%lu\n", middle_calls, middle_rets);
	printf("ft_thrower calls=%lu returns=%lu\n", thrower_calls,
	    thrower_rets);
	printf("ft_jumper calls=%lu returns=%lu\n", jumper_calls, jumper_rets);
	printf("ft_recurse calls=%lu returns=%lu\n", recurse_calls,
	    recurse_calls);
	printf("caught=%lu jumped=%lu sum=%lu\n", caught, jumped, sum);
	return 0;
}
