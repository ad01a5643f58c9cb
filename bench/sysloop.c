/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/sysloop.c: the target of bench/syscall.sh.
 *
 *	sysloop N
 *
 * Makes N getppid(2) calls (the raw syscall: no libc cache) and prints
 * the nanoseconds one took, timed around the loop by the target itself,
 * so that start-up and attach do not count.  never() is never called: a
 * pid probe on it arms a site that never fires.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void never(void);

void __attribute__((noinline))
never(void)
{
	puts("never");
}

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	long n = argc > 1 ? atol(argv[1]) : 100000, i;
	double ns;

	if (n < 0)
		never();
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 +
	    (double)(t1.tv_nsec - t0.tv_nsec);
	printf("%.1f ns/call\n", n > 0 ? ns / (double)n : 0.0);
	return 0;
}
