/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/spin.c: the target of bench/latency.  spin() truly takes about
 * NS nanoseconds: it spins on clock_gettime(CLOCK_MONOTONIC) from its
 * first line to its last and adds the time it measured itself to a total,
 * so the program knows the truth a tracer's latency histogram should
 * show.  Built with frame pointers: spin() starts with push %rbp, which
 * the kernel's uprobes emulate (bpftrace's best case).
 *
 *   spin N [NS]	N calls of spin(NS) (NS: 5000); prints
 *			"truth mean_ns=X calls=N" (spin's own mean)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

long spin(long);

static unsigned long long total_ns, ncalls;

static unsigned long long
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull +
	    (unsigned long long)ts.tv_nsec;
}

__attribute__((noinline)) long
spin(long ns)
{
	unsigned long long t0 = now_ns(), t;
	long n = 0;

	do {
		t = now_ns();
		n++;
	} while (t - t0 < (unsigned long long)ns);
	total_ns += t - t0;
	ncalls++;
	return n;
}

int
main(int argc, char **argv)
{
	long i, n, ns, sum = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: spin N [NS]\n");
		return 2;
	}
	n = atol(argv[1]);
	ns = argc > 2 ? atol(argv[2]) : 5000;
	for (i = 0; i < n; i++)
		sum += spin(ns);
	printf("truth mean_ns=%.0f calls=%llu (reads %ld)\n",
	       ncalls ? (double)total_ns / (double)ncalls : 0.0, ncalls, sum);
	return 0;
}
