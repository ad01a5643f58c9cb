/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-tls.c: threads whose thread pointer is not glibc's, for
 * t/fastpath/tls.sh.  Built with glibc, and with musl (static) when
 * musl-gcc is there.
 *
 *	fp-tls pthread G N	G threads of the C library's pthread_create,
 *				started after the handshake
 *	fp-tls ownfs G N	G threads of raw clone(2) with fs bases of
 *				our own, started before the handshake; each
 *				moves its fs base (arch_prctl ARCH_SET_FS)
 *				every 64 calls to the next thread's block
 *				in turn, so threads take fs bases other
 *				threads had, and share them
 *	fp-tls late G N		as ownfs, the threads started after the
 *				handshake
 *	fp-tls mixed G N	G / 2 threads of pthread_create after the
 *				handshake, then, once the first made N / 4
 *				calls, G - G / 2 raw ones as in late
 *	fp-tls vfork G N	as pthread, while the main thread vforks a
 *				child that calls fp_add() N times in our
 *				memory and exits; prints "vfork calls=N"
 *
 * Each thread calls fp_add() N times.  Prints "ready pid=N", waits for a
 * line on stdin (EOF too), then "tid T calls C" for each thread (T from
 * gettid), "add calls=C", "done", and waits for EOF (fp-proto.h's
 * handshake).  The raw threads run no C library code and no stack
 * protector (their fs blocks hold no canary): system calls by hand.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAXT		16
#define STACK		(256 * 1024)
#define ARCH_SET_FS	0x1002

static volatile int start;
static long n;
static int g;
static volatile long calls[MAXT];
static volatile int tids[MAXT];
static volatile int ctid[MAXT];		/* CLONE_CHILD_CLEARTID's */
static long blocks[MAXT][512] __attribute__((aligned(4096)));
static volatile long sink;

long fp_add(long i, long k);

__attribute__((noinline)) long
fp_add(long i, long k)
{
	long r = i;
	int j;

	for (j = 0; j < 3; j++)
		r = r * 31 + k;
	__asm__ volatile("" : "+r"(r));
	return r;
}

static long
sys2(long nr, long a, long b)
{
	long r;

	__asm__ volatile("syscall" : "=a"(r) : "a"(nr), "D"(a), "S"(b)
			 : "rcx", "r11", "memory");
	return r;
}

__attribute__((noinline)) static void
vf_calls(void)
{
	long k;

	for (k = 0; k < n; k++)
		sink += fp_add(k, 99);
}

static void
loop(int k, int moves)
{
	long i, s = 0;
	int b = k;

	tids[k] = (int)sys2(186 /* gettid */, 0, 0);
	while (!start)
		sys2(24 /* sched_yield */, 0, 0);
	for (i = 0; i < n; i++) {
		s += fp_add(i, k);
		calls[k]++;
		if (moves && i % 64 == 63) {
			b = (b + 1) % g;
			sys2(158 /* arch_prctl */, ARCH_SET_FS,
			     (long)blocks[b]);
		}
	}
	sink += s;
}

__attribute__((noinline)) static int
raw_main(void *arg)
{
	int k = (int)(long)arg;

	loop(k, 1);
	sys2(60 /* exit */, 0, 0);
	return 0;
}

static void *
pt_main(void *arg)
{
	loop((int)(long)arg, 0);
	return NULL;
}

/* A vfork child calls fp_add() n times in our memory, and exits. */
__attribute__((noinline)) static int
vfork_run(void)
{
	pid_t c;
	int st;

	c = vfork();
	if (c == 0) {
		vf_calls();
		sys2(60 /* exit */, 0, 0);
	}
	return c > 0 && waitpid(c, &st, 0) == c && st == 0 ? 0 : -1;
}

static int
raw_start(int k)
{
	char *stk = mmap(NULL, STACK, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (stk == MAP_FAILED)
		return -1;
	/* The x86-64 TLS ABI: the thread pointer's first word is itself. */
	blocks[k][0] = (long)blocks[k];
	ctid[k] = 1;
	return clone(raw_main, stk + STACK, CLONE_VM | CLONE_FS | CLONE_FILES |
		     CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM |
		     CLONE_SETTLS | CLONE_CHILD_CLEARTID, (void *)(long)k,
		     NULL, blocks[k], &ctid[k]);
}

int
main(int argc, char **argv)
{
	pthread_t pt[MAXT];
	char line[64];
	int k, raw, early, mixed, vf;
	long all = 0;

	if (argc != 4 || (g = atoi(argv[2])) < 1 || g > MAXT ||
	    (n = atol(argv[3])) < 1) {
		fprintf(stderr, "usage: fp-tls pthread|ownfs|late G N\n");
		return 2;
	}
	vf = strcmp(argv[1], "vfork") == 0;
	raw = strcmp(argv[1], "pthread") != 0 && !vf;
	early = strcmp(argv[1], "ownfs") == 0;
	mixed = strcmp(argv[1], "mixed") == 0;
	for (k = 0; early && k < g; k++)
		if (raw_start(k) < 0)
			return 1;
	for (k = 0; early && k < g; k++)
		while (tids[k] == 0)
			sched_yield();
	printf("ready pid=%d\n", (int)getpid());
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		line[0] = 0;
	for (k = 0; !early && k < g; k++) {
		if (mixed && k == g / 2) {
			start = 1;
			while (calls[0] < n / 4)
				sched_yield();
		}
		if (raw && (!mixed || k >= g / 2) ? raw_start(k) < 0 :
		    pthread_create(&pt[k], NULL, pt_main, (void *)(long)k) != 0)
			return 1;
	}
	start = 1;
	if (vf) {
		if (vfork_run() < 0)
			return 1;
		printf("vfork calls=%ld\n", n);
	}
	for (k = 0; k < g; k++) {
		if (raw && (!mixed || k >= g / 2))
			while (ctid[k] != 0)
				sched_yield();
		else
			pthread_join(pt[k], NULL);
	}
	for (k = 0; k < g; k++) {
		printf("tid %d calls %ld\n", tids[k], calls[k]);
		all += calls[k];
	}
	printf("add calls=%ld\ndone\n", all);
	fflush(stdout);
	while (fgets(line, sizeof(line), stdin) != NULL)
		;
	return 0;
}
