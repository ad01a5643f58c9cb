/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pf-threads N SECONDS: N threads spin on CPU for SECONDS of wall time,
 * each counting its loops; prints "ready" once all run, then at the end
 * "work=TOTAL" (loops of all threads) and exits 0.  The work counter is
 * what bench/profile.sh compares sampled against unsampled; the
 * endings test checks it still runs to a correct exit after a ^C.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile int stop;
static pthread_barrier_t go;

__attribute__((noinline)) static unsigned long
step(unsigned long x)
{
	unsigned long i;

	for (i = 0; i < 1000; i++)
		x = x * 6364136223846793005ul + 1442695040888963407ul;
	return x;
}

static void *
worker(void *arg)
{
	unsigned long *count = arg, x = 1;

	pthread_barrier_wait(&go);
	while (!stop) {
		x = step(x);
		(*count)++;
	}
	return (void *)(x & 1);
}

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 4, i;
	double secs = argc > 2 ? atof(argv[2]) : 2.0;
	unsigned long counts[64] = { 0 }, total = 0;
	pthread_t th[64];
	struct timespec ts;

	if (n < 1 || n > 64)
		n = 4;
	pthread_barrier_init(&go, NULL, (unsigned)n + 1);
	for (i = 0; i < n; i++)
		pthread_create(&th[i], NULL, worker, &counts[i]);
	pthread_barrier_wait(&go);
	printf("ready\n");
	fflush(stdout);
	ts.tv_sec = (time_t)secs;
	ts.tv_nsec = (long)((secs - (double)ts.tv_sec) * 1e9);
	while (nanosleep(&ts, &ts) != 0)
		;
	stop = 1;
	for (i = 0; i < n; i++) {
		pthread_join(th[i], NULL);
		total += counts[i];
	}
	printf("work=%lu\n", total);
	return 0;
}
