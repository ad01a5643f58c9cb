/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/ft-stress.c: a target for the fault suite (t/faults/).  It
 * counts its own calls of the probed functions and prints the counts and
 * a checksum at exit, so a test compares pidtrace's counts with the
 * target's and a traced run's output with an untraced one's.
 *
 *	ft-stress conc T N	T threads call ft_work() N times in all
 *	ft-stress churn K B	after a line on stdin, K short-lived threads,
 *				B at a time, each calling ft_work() 10
 *				times; then waits for another line (the
 *				test attaches first, and inspects the
 *				threads after detaching)
 *	ft-stress sigs N FIFO	call ft_work() in three threads until N
 *				signals (SIGUSR1/SIGUSR2/SIGALRM) arrived
 *				(N 0: no limit), or SIGTERM; each handler
 *				writes a byte to FIFO
 *	ft-stress send PID N FIFO   the sender: N signals to PID (N 0: no
 *				limit), each one after the previous one's
 *				byte came back (an ordinary signal sent
 *				while one is pending is merged, even
 *				untraced); prints "flowing" once the first
 *				byte came back; SIGTERM ends it early, after
 *				the byte of the last one sent
 *	ft-stress spin [T]	T threads (1) call ft_work() until killed
 *	ft-stress spin T N	after a line (or EOF) on stdin, T threads
 *				call ft_work() N times in all, then wait
 *				to be killed: the records a probe made
 *				are N at most, whenever the kill lands
 *	ft-stress segv N	after a line (or EOF) on stdin, N calls, then
 *				a write through NULL
 *
 * Every mode but send prints "ready" first (the tests' handshake).
 */
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static atomic_ulong n_work, sum;
static atomic_ulong n_sig[3];
static int sig_fd = -1;

NOINLINE unsigned long
ft_work(unsigned long x)
{
	atomic_fetch_add_explicit(&n_work, 1, memory_order_relaxed);
	return x * 2654435761u ^ (x >> 3);
}

NOINLINE void
ft_onsig(int sig)
{
	int i = sig == SIGUSR1 ? 0 : sig == SIGUSR2 ? 1 : 2;

	atomic_fetch_add(&n_sig[i], 1);
	if (write(sig_fd, "x", 1) != 1)
		_exit(3);
}

static void *
conc_thread(void *arg)
{
	unsigned long n = (unsigned long)arg, i, s = 0;

	for (i = 0; i < n; i++)
		s += ft_work(i);
	atomic_fetch_add(&sum, s);
	return NULL;
}

static void *
churn_thread(void *arg)
{
	return conc_thread(arg);
}

static unsigned long sig_total;
static volatile sig_atomic_t sig_stop;	/* SIGTERM: stop early */

static void
on_term(int sig)
{
	(void)sig;
	sig_stop = 1;
}

/* SIGTERM sets sig_stop; SA_RESTART: a read waiting for a byte goes on. */
static void
stop_on_term(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_term;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGTERM, &sa, NULL);
}

static unsigned long
nsigs(void)
{
	return atomic_load(&n_sig[0]) + atomic_load(&n_sig[1]) +
	    atomic_load(&n_sig[2]);
}

static void *
sig_thread(void *arg)
{
	unsigned long i = 0, s = 0;

	(void)arg;
	while (nsigs() < sig_total && !sig_stop)
		s += ft_work(i++);
	atomic_fetch_add(&sum, s);
	return NULL;
}

static unsigned long spin_max;	/* spin T N: calls left to make */
static atomic_ulong spin_made;

/* spin T N: the calls are taken from one budget, N in all. */
static void *
spin_thread(void *arg)
{
	unsigned long i = 0, s = 0;

	(void)arg;
	while (atomic_fetch_add(&spin_made, 1) < spin_max)
		s += ft_work(i++);
	atomic_fetch_add(&sum, s);
	return NULL;
}

static void
report(void)
{
	printf("work=%lu sum=%lu\n", (unsigned long)n_work,
	    (unsigned long)sum);
}

static void
ready(void)
{
	printf("ready pid=%d\n", (int)getpid());
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	pthread_t th[64];
	unsigned long i, t, n;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (strcmp(mode, "conc") == 0 && argc == 4) {
		t = strtoul(argv[2], NULL, 0);
		n = strtoul(argv[3], NULL, 0);
		if (t < 1 || t > 64)
			return 2;
		ready();
		for (i = 0; i < t; i++)
			pthread_create(&th[i], NULL, conc_thread,
			    (void *)(n / t + (i < n % t)));
		for (i = 0; i < t; i++)
			pthread_join(th[i], NULL);
		report();
		return 0;
	}
	if (strcmp(mode, "churn") == 0 && argc == 4) {
		unsigned long k = strtoul(argv[2], NULL, 0), made = 0;
		char line[16];

		t = strtoul(argv[3], NULL, 0);
		if (t < 1 || t > 64)
			return 2;
		ready();
		if (fgets(line, sizeof(line), stdin) == NULL)
			return 2;
		while (made < k) {
			for (i = 0; i < t && made + i < k; i++)
				pthread_create(&th[i], NULL, churn_thread,
				    (void *)10ul);
			made += i;
			while (i-- > 0)
				pthread_join(th[i], NULL);
		}
		printf("threads=%lu ", made);
		report();
		if (fgets(line, sizeof(line), stdin) == NULL)
			return 0;
		printf("bye\n");
		return 0;
	}
	if (strcmp(mode, "sigs") == 0 && argc == 4) {
		struct sigaction sa;
		sigset_t set;

		sig_total = strtoul(argv[2], NULL, 0);
		if (sig_total == 0)
			sig_total = ~0ul;	/* until SIGTERM */
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = ft_onsig;
		sa.sa_flags = SA_RESTART;
		sigaction(SIGUSR1, &sa, NULL);
		sigaction(SIGUSR2, &sa, NULL);
		sigaction(SIGALRM, &sa, NULL);
		stop_on_term();
		/* Blocked until sig_fd is set: the sender may signal as soon
		 * as its open returns, before ours has. */
		sigemptyset(&set);
		sigaddset(&set, SIGUSR1);
		sigaddset(&set, SIGUSR2);
		sigaddset(&set, SIGALRM);
		sigprocmask(SIG_BLOCK, &set, NULL);
		ready();
		/* Opening blocks until the sender opens its end. */
		sig_fd = open(argv[3], O_WRONLY);
		if (sig_fd < 0)
			return 2;
		sigprocmask(SIG_UNBLOCK, &set, NULL);
		for (i = 0; i < 2; i++)
			pthread_create(&th[i], NULL, sig_thread, NULL);
		sig_thread(NULL);
		for (i = 0; i < 2; i++)
			pthread_join(th[i], NULL);
		printf("usr1=%lu usr2=%lu alrm=%lu\n",
		    (unsigned long)n_sig[0], (unsigned long)n_sig[1],
		    (unsigned long)n_sig[2]);
		printf("work>0 %d\n", n_work > 0);
		return 0;
	}
	if (strcmp(mode, "send") == 0 && argc == 5) {
		static const int sigs[] = { SIGUSR1, SIGUSR2, SIGALRM };
		pid_t pid = (pid_t)strtol(argv[2], NULL, 0);
		char c;
		int fd;

		stop_on_term();
		fd = open(argv[4], O_RDONLY);
		n = strtoul(argv[3], NULL, 0);
		if (n == 0)
			n = ~0ul;	/* until SIGTERM */
		if (fd < 0)
			return 2;
		for (i = 0; i < n && !sig_stop; i++) {
			if (kill(pid, sigs[i % 3]) != 0 ||
			    read(fd, &c, 1) != 1) {
				printf("sent %lu, then lost\n", i);
				return 1;
			}
			if (i == 0)
				printf("flowing\n");
		}
		printf("sent %lu\n", i);
		return 0;
	}
	if (strcmp(mode, "spin") == 0 && argc == 4) {
		char line[16];

		t = strtoul(argv[2], NULL, 0);
		spin_max = strtoul(argv[3], NULL, 0);
		if (t < 1 || t > 64)
			return 2;
		ready();
		if (fgets(line, sizeof(line), stdin) == NULL)
			clearerr(stdin);
		for (i = 1; i < t; i++)
			pthread_create(&th[i], NULL, spin_thread, NULL);
		spin_thread(NULL);
		for (i = 1; i < t; i++)
			pthread_join(th[i], NULL);
		for (;;)
			pause();
	}
	if (strcmp(mode, "spin") == 0) {
		t = argc > 2 ? strtoul(argv[2], NULL, 0) : 1;
		if (t < 1 || t > 64)
			return 2;
		sig_total = ~0ul;	/* sig_thread: forever */
		for (i = 1; i < t; i++)
			pthread_create(&th[i], NULL, sig_thread, NULL);
		ready();
		sig_thread(NULL);
	}
	if (strcmp(mode, "segv") == 0 && argc == 3) {
		char line[16];

		n = strtoul(argv[2], NULL, 0);
		ready();
		if (fgets(line, sizeof(line), stdin) == NULL)
			clearerr(stdin);
		for (i = 0; i < n; i++)
			atomic_fetch_add(&sum, ft_work(i));
		report();
		*(volatile int *)NULL = 1;
		return 0;
	}
	fprintf(stderr, "usage: see t/targets/ft-stress.c\n");
	return 2;
}
