/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fe-mix.c: threads that sit in the kernel or run flat out,
 * for the endings of every mix of providers (t/endings/mix.sh) and the
 * syscall counts of threads blocked under ticks and samples
 * (t/syscall/quiet.sh).
 *
 *	fe-mix idle|busy|vfork T ROUNDS
 *
 * Starts T threads (the main thread reads commands).  idle: thread i
 * blocks, by i mod 4, in pthread_cond_wait (futex), read(2) of a pipe,
 * poll(2) of a pipe with no timeout, or nanosleep(2) of 50 ms in a loop
 * that looks at a flag.  busy: each runs rounds: mix_work() (probed by
 * pid tests), the USDT probe fe:round, and a sequence number written to
 * its own pipe and read back.  vfork: each runs rounds, and after each
 * a vfork child that sleeps 20 ms and exits 7, which the thread checks
 * (the thread waits in vfork all that time).  Prints "ready" once every
 * thread is started, then reads lines on stdin:
 *
 *	quit	call mix_quit() (a probe there may end the tracer)
 *	go	(or EOF) every thread leaves its wait or its loop and runs
 *		ROUNDS more rounds; then "threads T rounds R ok" and exit 0
 *
 * Every round is checked against a copy of the work that no probe
 * touches, and the number read back must be the one written: a call
 * lost or run twice, or a register changed, prints "BAD ..." and the
 * exit status is 1.  A thread left stopped or blocked never ends.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sdt.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static int busy, vforks;
static long rounds;
static atomic_int go, bad, started;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

typedef struct worker {
	pthread_t	w_th;
	int		w_id;
	int		w_wake[2];	/* idle: read/poll wait on it */
	int		w_seq[2];	/* a round's number, there and back */
} worker_t;

static uint64_t
mix(uint64_t x, uint64_t i)
{
	return (x ^ i) * 6364136223846793005ull + 1442695040888963407ull;
}

NOINLINE uint64_t
mix_work(uint64_t x, uint64_t i)
{
	__asm__ volatile("" : "+r"(x));
	return mix(x, i);
}

NOINLINE void
mix_quit(void)
{
	__asm__ volatile("");
}

/* One round: the work, the USDT probe, a number through the pipe. */
static uint64_t
round_(worker_t *w, uint64_t x, uint64_t i)
{
	uint64_t got, want = mix(x, i), back = UINT64_MAX;

	got = mix_work(x, i);
	DTRACE_PROBE2(fe, round, w->w_id, i);
	if (got != want) {
		printf("BAD thread %d round %llu: work %llx, want %llx\n",
		       w->w_id, (unsigned long long)i,
		       (unsigned long long)got, (unsigned long long)want);
		bad = 1;
	}
	if (write(w->w_seq[1], &i, sizeof(i)) != sizeof(i) ||
	    read(w->w_seq[0], &back, sizeof(back)) != sizeof(back) ||
	    back != i) {
		printf("BAD thread %d round %llu: read back %llu\n",
		       w->w_id, (unsigned long long)i,
		       (unsigned long long)back);
		bad = 1;
	}
	return got;
}

static void
idle(worker_t *w)
{
	struct timespec ts = { 0, 50000000 };
	struct pollfd pfd;
	char c;

	switch (w->w_id % 4) {
	case 0:
		pthread_mutex_lock(&mu);
		started++;
		while (!go)
			pthread_cond_wait(&cv, &mu);
		pthread_mutex_unlock(&mu);
		break;
	case 1:
		started++;
		if (read(w->w_wake[0], &c, 1) != 1) {
			printf("BAD thread %d: read: %s\n", w->w_id,
			       strerror(errno));
			bad = 1;
		}
		break;
	case 2:
		started++;
		pfd.fd = w->w_wake[0];
		pfd.events = POLLIN;
		if (poll(&pfd, 1, -1) != 1) {
			printf("BAD thread %d: poll: %s\n", w->w_id,
			       strerror(errno));
			bad = 1;
		}
		break;
	default:
		started++;
		while (!go)
			if (nanosleep(&ts, NULL) != 0) {
				printf("BAD thread %d: nanosleep: %s\n",
				       w->w_id, strerror(errno));
				bad = 1;
			}
		break;
	}
}

/* A vfork child that takes its time; the thread waits for it. */
static void
slow_child(worker_t *w)
{
	int status;
	pid_t p;

	p = vfork();
	if (p == 0) {
		usleep(20000);
		_exit(7);
	}
	if (p < 0 || waitpid(p, &status, 0) != p || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 7) {
		printf("BAD thread %d: vfork child %d status %#x\n", w->w_id,
		       (int)p, p < 0 ? 0 : status);
		bad = 1;
	}
}

static void *
run(void *arg)
{
	worker_t *w = arg;
	uint64_t x = (uint64_t)w->w_id, i = 0;
	long n;

	if (vforks) {
		started++;
		while (!go) {
			x = round_(w, x, i++);
			slow_child(w);
		}
	} else if (busy) {
		started++;
		while (!go)
			x = round_(w, x, i++);
	} else {
		idle(w);
	}
	for (n = 0; n < rounds; n++)
		x = round_(w, x, i++);
	return NULL;
}

int
main(int argc, char **argv)
{
	worker_t *ws;
	char line[64];
	int i, n;

	if (argc != 4 || (strcmp(argv[1], "idle") != 0 &&
			  strcmp(argv[1], "busy") != 0 &&
			  strcmp(argv[1], "vfork") != 0)) {
		fprintf(stderr, "usage: fe-mix idle|busy|vfork THREADS "
			"ROUNDS\n");
		return 2;
	}
	busy = strcmp(argv[1], "busy") == 0;
	vforks = strcmp(argv[1], "vfork") == 0;
	n = atoi(argv[2]);
	rounds = atol(argv[3]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	ws = calloc((size_t)n, sizeof(*ws));
	if (n < 1 || ws == NULL)
		return 2;
	for (i = 0; i < n; i++) {
		ws[i].w_id = i;
		if (pipe(ws[i].w_wake) < 0 || pipe(ws[i].w_seq) < 0 ||
		    pthread_create(&ws[i].w_th, NULL, run, &ws[i]) != 0) {
			perror("fe-mix");
			return 2;
		}
	}
	while (started < n)
		usleep(1000);
	printf("ready\n");
	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (strcmp(line, "quit\n") == 0)
			mix_quit();
		else if (strcmp(line, "go\n") == 0)
			break;
	}
	pthread_mutex_lock(&mu);
	go = 1;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
	for (i = 0; i < n; i++)
		if (write(ws[i].w_wake[1], "g", 1) != 1)
			return 2;
	for (i = 0; i < n; i++)
		pthread_join(ws[i].w_th, NULL);
	if (bad)
		return 1;
	printf("threads %d rounds %ld ok\n", n, rounds);
	return 0;
}
