/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pf-split: a CPU-bound target with a known split, for t/profile.
 * main runs for argv[1] seconds of CPU (default 2): three units of work
 * in a() called from main for each unit in b() called from c(), so
 * about 75% of the time is under main -> a and 25% under main -> c -> b.
 * a() burns in work::spin (C++: demangled by the profile); b() burns in
 * pf_lib_spin, in libpf-split.so, stripped (.dynsym only) and built
 * without unwind tables (walked by frame pointer).  Prints "ready" once
 * running, and at exit the CPU time it measured in each part:
 * "a=NS c=NS" (CLOCK_THREAD_CPUTIME_ID).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

extern "C" unsigned long pf_lib_spin(unsigned long n);

namespace work {
volatile unsigned long sink;

__attribute__((noinline)) unsigned long
spin(unsigned long n)
{
	unsigned long i, x = 0;

	for (i = 0; i < n; i++)
		x += i * i ^ (x >> 3);
	sink = x;
	return x;
}
}

static unsigned long long
cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull +
	    (unsigned long long)ts.tv_nsec;
}

#define UNIT	5000000UL

extern "C" __attribute__((noinline)) void
a(void)
{
	work::spin(3 * UNIT);
	__asm__ volatile("" ::: "memory");
}

extern "C" __attribute__((noinline)) void
b(void)
{
	pf_lib_spin(UNIT);
	__asm__ volatile("" ::: "memory");
}

extern "C" __attribute__((noinline)) void
c(void)
{
	b();
	__asm__ volatile("" ::: "memory");
}

int
main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 2.0;
	unsigned long long t0, t, ta = 0, tc = 0, end;

	printf("ready\n");
	fflush(stdout);
	end = cpu_ns() + (unsigned long long)(secs * 1e9);
	do {
		t0 = cpu_ns();
		a();
		t = cpu_ns();
		ta += t - t0;
		c();
		t0 = cpu_ns();
		tc += t0 - t;
	} while (t0 < end);
	printf("a=%llu c=%llu\n", ta, tc);
	return 0;
}
