/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/ft-cancel.c: threads that leave probed frames by glibc's
 * forced unwinding, for t/faults/cancel.sh.  Thread i runs ft_outer(i),
 * which calls ft_inner(i): odd i call pthread_exit inside ft_inner, i a
 * multiple of 10 loop on pthread_testcancel until the main thread's
 * pthread_cancel (deferred: the first cancellation point is in
 * ft_inner, so both frames are always there to unwind), the others
 * return.  ft_outer's cleanup handler counts the unwound frames.
 *
 *	ft-cancel N	N threads, one after the other
 *
 * Prints "ready", then calls, normal returns, cleanups and a checksum.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_ulong calls, rets, cleanups;

static void
cleanup(void *arg)
{
	(void)arg;
	cleanups++;
}

__attribute__((noinline)) unsigned long
ft_inner(unsigned long i)
{
	calls++;
	if (i % 2 == 1)
		pthread_exit((void *)i);
	if (i % 10 == 0)
		for (;;)
			pthread_testcancel();
	return i;
}

__attribute__((noinline)) unsigned long
ft_outer(unsigned long i)
{
	unsigned long r;

	pthread_cleanup_push(cleanup, NULL);
	r = ft_inner(i) + 1;
	pthread_cleanup_pop(0);
	rets++;
	return r;
}

static void *
run(void *arg)
{
	return (void *)ft_outer((unsigned long)arg);
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000, i;
	unsigned long sum = 0;
	pthread_t th;
	void *r;

	printf("ready\n");
	fflush(stdout);
	for (i = 0; i < n; i++) {
		if (pthread_create(&th, NULL, run, (void *)i) != 0)
			return 2;
		if (i % 10 == 0)
			pthread_cancel(th);
		pthread_join(th, &r);
		sum = sum * 3 + (r == PTHREAD_CANCELED ? 7 : (unsigned long)r);
	}
	printf("calls=%lu returns=%lu cleanups=%lu sum=%lu\n",
	    (unsigned long)calls, (unsigned long)rets,
	    (unsigned long)cleanups, sum);
	return 0;
}
