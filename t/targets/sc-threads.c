/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/sc-threads.c: threads that live in system calls, for the
 * endings of a syscall trace (t/syscall/ctrlc.sh).
 *
 *	sc-threads PAIRS ROUNDS
 *
 * Prints "ready", waits for a line on stdin, then runs PAIRS pairs of
 * threads that play ping-pong ROUNDS times through two pipes: one writes
 * its round number, the other blocks in read(2) until it comes, checks
 * it and writes it back.  A write lost leaves a thread blocked forever;
 * a write or read run twice shows as a number out of sequence.  Pair 0
 * prints "half" at half-time.  At the end: "pairs P rounds R ok" and
 * exit 0, or "BAD ..." and exit 1.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static long rounds;
static volatile int bad;

typedef struct pair {
	int	p_ab[2];	/* ping: a -> b */
	int	p_ba[2];	/* pong: b -> a */
	int	p_id;
} pair_t;

static void
put(int fd, uint32_t v)
{
	if (write(fd, &v, sizeof(v)) != sizeof(v))
		bad = 1;
}

static uint32_t
get(int fd)
{
	uint32_t v = UINT32_MAX;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		bad = 1;
	return v;
}

static void *
ping(void *arg)
{
	pair_t *p = arg;
	uint32_t i, v;

	for (i = 0; i < (uint32_t)rounds; i++) {
		put(p->p_ab[1], i);
		v = get(p->p_ba[0]);
		if (v != i) {
			printf("BAD pair %d ping %u got %u\n", p->p_id, i, v);
			bad = 1;
			break;
		}
		if (p->p_id == 0 && i == (uint32_t)rounds / 2)
			printf("half\n");
	}
	put(p->p_ab[1], UINT32_MAX);
	return NULL;
}

static void *
pong(void *arg)
{
	pair_t *p = arg;
	uint32_t i = 0, v;

	while ((v = get(p->p_ab[0])) != UINT32_MAX) {
		if (v != i) {
			printf("BAD pair %d pong %u got %u\n", p->p_id, i, v);
			bad = 1;
		}
		put(p->p_ba[1], v);
		i++;
	}
	return NULL;
}

int
main(int argc, char **argv)
{
	pthread_t *th;
	pair_t *pr;
	char line[64];
	int n, i;

	if (argc != 3)
		return 2;
	n = atoi(argv[1]);
	rounds = atol(argv[2]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	pr = calloc((size_t)n, sizeof(*pr));
	th = calloc(2 * (size_t)n, sizeof(*th));
	if (pr == NULL || th == NULL)
		return 1;
	printf("ready\n");
	if (fgets(line, sizeof(line), stdin) == NULL)
		return 1;
	for (i = 0; i < n; i++) {
		pr[i].p_id = i;
		if (pipe(pr[i].p_ab) < 0 || pipe(pr[i].p_ba) < 0 ||
		    pthread_create(&th[2 * i], NULL, ping, &pr[i]) != 0 ||
		    pthread_create(&th[2 * i + 1], NULL, pong, &pr[i]) != 0)
			return 1;
	}
	for (i = 0; i < 2 * n; i++)
		pthread_join(th[i], NULL);
	if (bad) {
		printf("BAD\n");
		return 1;
	}
	printf("pairs %d rounds %ld ok\n", n, rounds);
	return 0;
}
