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
 *
 *	sysloop N sud
 *
 * The same with syscall user dispatch on in the loop's thread and every
 * user address allowed: no call is dispatched, each pays only the
 * kernel's dispatch check (its syscall work path), the floor under
 * pidtrace's syscall trampolines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
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
	/* PR_SET_SYSCALL_USER_DISPATCH, PR_SYS_DISPATCH_ON: all allowed */
	if (argc > 2 && strcmp(argv[2], "sud") == 0 &&
	    prctl(59, 1, 0x1000UL, 0x7ffffffff000UL, 0) < 0) {
		perror("sysloop: syscall user dispatch");
		return 1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < n; i++)
		syscall(SYS_getppid);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	ns = (double)(t1.tv_sec - t0.tv_sec) * 1e9 +
	    (double)(t1.tv_nsec - t0.tv_nsec);
	printf("%.1f ns/call\n", n > 0 ? ns / (double)n : 0.0);
	return 0;
}
