/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/ij-sleep.c: threads asleep in system calls of every restart
 * kind, for attach/detach cycles that must not disturb them (a tracer
 * interrupts each call; taking a thread to run a syscall of its own must
 * leave the restart to the kernel).
 *
 *	read, SA_RESTART handler	ERESTARTSYS: restarted after it
 *	read, plain handler		ERESTARTSYS: EINTR after it
 *	clock_nanosleep, relative	ERESTART_RESTARTBLOCK: the time left
 *	poll with a timeout		ERESTART_RESTARTBLOCK
 *	sigsuspend			ERESTARTNOHAND, and its mask put back
 *	pause				ERESTARTNOHAND
 *	pthread_cond_wait (futex)	restarted
 *	waitpid				ERESTARTSYS
 *	the main thread: read of stdin
 *
 * ij-sleep [NAME] runs them all, or only the one named (restart, eintr,
 * sleep, long, poll, susp, pause, cond, wait), in the main thread.
 *
 * Protocol: "ready pid=N" once every thread is about to block (and 1.5
 * s after the long sleep began, so that a sleep restarted from its full
 * length would show); each line "ping" on stdin calls
 * ij_work() and answers "pong N"; at EOF every thread is woken in turn
 * (a signal, a byte, a condition) and each says what it saw, one line
 * each, the same lines as an untraced run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SIG_RESTART	SIGUSR1
#define SIG_EINTR	SIGUSR2
#define SIG_SUSPEND	(SIGRTMIN + 1)
#define SIG_PAUSE	(SIGRTMIN + 2)
#define SIG_SLEEP	(SIGRTMIN + 3)
#define LONG_SLEEP	300

static int p_restart[2], p_eintr[2], p_poll[2], p_child[2];
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int cv_go, nready;
static pthread_cond_t readycv = PTHREAD_COND_INITIALIZER;
static volatile sig_atomic_t handled[64];
static pthread_t t_restart, t_eintr, t_sleep, t_long, t_poll, t_susp,
    t_pause, t_cond, t_wait;
static char out[9][160];
static pid_t child;

static void
on_sig(int sig)
{
	handled[sig]++;
}

static void
ready(void)
{
	pthread_mutex_lock(&mu);
	nready++;
	pthread_cond_broadcast(&readycv);
	pthread_mutex_unlock(&mu);
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* A read that a SA_RESTART handler interrupts: it goes on. */
static void *
th_restart(void *arg)
{
	char c = 0;
	ssize_t n;
	int eintr = 0, bytes = 0;

	(void)arg;
	ready();
	for (;;) {
		n = read(p_restart[0], &c, 1);
		if (n < 0 && errno == EINTR) {
			eintr++;
			continue;
		}
		if (n != 1 || c == 'q')
			break;
		bytes++;
	}
	snprintf(out[0], sizeof(out[0]), "read SA_RESTART: handler %d, "
		 "eintr %d, bytes %d, end %s", (int)handled[SIG_RESTART],
		 eintr, bytes, n == 1 ? "q" : "?");
	return NULL;
}

/* A read that a plain handler interrupts: EINTR, once per signal. */
static void *
th_eintr(void *arg)
{
	char c = 0;
	ssize_t n;
	int eintr = 0;

	(void)arg;
	ready();
	for (;;) {
		n = read(p_eintr[0], &c, 1);
		if (n < 0 && errno == EINTR) {
			eintr++;
			continue;
		}
		break;
	}
	snprintf(out[1], sizeof(out[1]), "read plain handler: handler %d, "
		 "eintr %d, end %s", (int)handled[SIG_EINTR], eintr,
		 n == 1 && c == 'q' ? "q" : "?");
	return NULL;
}

/* Short relative sleeps: each returns 0 after at least its length. */
static volatile int sleep_stop;

static void *
th_sleep(void *arg)
{
	struct timespec ts = { 0, 50 * 1000000L };
	int n = 0, bad = 0, r;
	double t0;

	(void)arg;
	ready();
	while (!sleep_stop) {
		t0 = now();
		r = clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, NULL);
		if (r != 0 || now() - t0 < 0.05)
			bad++;
		n++;
	}
	snprintf(out[2], sizeof(out[2]), "short sleeps: bad %d%s", bad,
		 n > 0 ? "" : " (none)");
	return NULL;
}

/*
 * A long relative sleep, ended by a handled signal: the time slept plus
 * the time left is its length (restarted from its full length, it
 * would be longer by the time before the first restart).
 */
static double long_t0;

static void *
th_long(void *arg)
{
	struct timespec ts = { LONG_SLEEP, 0 }, rem = { 0, 0 };
	double extra;
	int r;

	(void)arg;
	long_t0 = now();
	ready();
	r = clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &rem);
	extra = now() - long_t0 + rem.tv_sec + rem.tv_nsec / 1e9 - LONG_SLEEP;
	snprintf(out[3], sizeof(out[3]), "long sleep: %s, handler %d, "
		 "length kept %s", r == EINTR ? "EINTR" : strerror(r),
		 (int)handled[SIG_SLEEP], extra < 1.0 ? "yes" : "NO");
	if (extra >= 1.0)
		fprintf(stderr, "long sleep: %.3f s more than asked\n", extra);
	return NULL;
}

static void *
th_poll(void *arg)
{
	struct pollfd pfd = { p_poll[0], POLLIN, 0 };
	int r, eintr = 0;

	(void)arg;
	ready();
	do
		r = poll(&pfd, 1, 200 * 1000);
	while (r < 0 && errno == EINTR && ++eintr);
	snprintf(out[4], sizeof(out[4]), "poll: %d, revents %#x, eintr %d",
		 r, (unsigned)pfd.revents, eintr);
	return NULL;
}

/* sigsuspend: EINTR after the handler, and the blocked mask is back. */
static void *
th_susp(void *arg)
{
	sigset_t none, cur;
	int r, e;

	(void)arg;
	sigemptyset(&none);
	ready();
	r = sigsuspend(&none);
	e = errno;
	pthread_sigmask(SIG_SETMASK, NULL, &cur);
	snprintf(out[5], sizeof(out[5]), "sigsuspend: %d %s, handler %d, "
		 "mask kept %s", r, e == EINTR ? "EINTR" : strerror(e),
		 (int)handled[SIG_SUSPEND],
		 sigismember(&cur, SIG_SUSPEND) ? "yes" : "NO");
	return NULL;
}

static void *
th_pause(void *arg)
{
	int r, e;

	(void)arg;
	ready();
	r = pause();
	e = errno;
	snprintf(out[6], sizeof(out[6]), "pause: %d %s, handler %d", r,
		 e == EINTR ? "EINTR" : strerror(e), (int)handled[SIG_PAUSE]);
	return NULL;
}

static void *
th_cond(void *arg)
{
	int wakeups = 0;

	(void)arg;
	pthread_mutex_lock(&mu);
	nready++;
	pthread_cond_broadcast(&readycv);
	while (!cv_go) {
		pthread_cond_wait(&cv, &mu);
		wakeups++;
	}
	pthread_mutex_unlock(&mu);
	snprintf(out[7], sizeof(out[7]), "cond: go %d", cv_go);
	(void)wakeups;	/* spurious wakeups are allowed */
	return NULL;
}

static void *
th_wait(void *arg)
{
	int st = 0;
	pid_t r;

	(void)arg;
	ready();
	do
		r = waitpid(child, &st, 0);
	while (r < 0 && errno == EINTR);
	snprintf(out[8], sizeof(out[8]), "waitpid: %s, exit %d",
		 r == child ? "the child" : strerror(errno),
		 WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	return NULL;
}

/* The probed function: its first instruction runs out of line. */
__attribute__((noinline)) int
ij_work(int n)
{
	volatile int acc = 0;
	int i;

	for (i = 0; i < n; i++)
		acc += i;
	return acc;
}

static void
handler(int sig, int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sig;
	sa.sa_flags = flags;
	sigaction(sig, &sa, NULL);
}

/* Each sleeper's wake-up, as an untraced run sees it. */
static int
wake_restart(void)
{
	pthread_kill(t_restart, SIG_RESTART);
	while (handled[SIG_RESTART] == 0)
		usleep(1000);
	return write(p_restart[1], "xyq", 3) == 3 ? 0 : -1;
}

static int
wake_eintr(void)
{
	pthread_kill(t_eintr, SIG_EINTR);
	while (handled[SIG_EINTR] == 0)
		usleep(1000);
	return write(p_eintr[1], "q", 1) == 1 ? 0 : -1;
}

static int
wake_sleep(void)
{
	sleep_stop = 1;
	return 0;
}

static int
wake_long(void)
{
	return pthread_kill(t_long, SIG_SLEEP);
}

static int
wake_poll(void)
{
	return write(p_poll[1], "p", 1) == 1 ? 0 : -1;
}

static int
wake_susp(void)
{
	return pthread_kill(t_susp, SIG_SUSPEND);
}

static int
wake_pause(void)
{
	return pthread_kill(t_pause, SIG_PAUSE);
}

static int
wake_cond(void)
{
	pthread_mutex_lock(&mu);
	cv_go = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&mu);
	return 0;
}

static int
wake_wait(void)
{
	return close(p_child[1]);
}

static const struct sleeper {
	const char	*name;
	void		*(*fn)(void *);
	pthread_t	*t;
	int		(*wake)(void);
} sleepers[9] = {
	{ "restart", th_restart, &t_restart, wake_restart },
	{ "eintr", th_eintr, &t_eintr, wake_eintr },
	{ "sleep", th_sleep, &t_sleep, wake_sleep },
	{ "long", th_long, &t_long, wake_long },
	{ "poll", th_poll, &t_poll, wake_poll },
	{ "susp", th_susp, &t_susp, wake_susp },
	{ "pause", th_pause, &t_pause, wake_pause },
	{ "cond", th_cond, &t_cond, wake_cond },
	{ "wait", th_wait, &t_wait, wake_wait },
};

static bool on[9];
static int want;

/*
 * The stdin side: "ready" once the sleepers are about to block, a
 * "pong" for each "ping", and at EOF each sleeper woken in turn.
 */
static void *
pinger(void *arg)
{
	char line[64];
	int pings = 0, i;

	(void)arg;
	pthread_mutex_lock(&mu);
	while (nready < want)
		pthread_cond_wait(&readycv, &mu);
	pthread_mutex_unlock(&mu);
	/* Let them block; the long sleep has run a second and a half. */
	while (on[3] && now() - long_t0 < 1.5)
		usleep(10000);
	printf("ready pid=%d\n", (int)getpid());
	while (fgets(line, sizeof(line), stdin) != NULL)
		if (strcmp(line, "ping\n") == 0)
			printf("pong %d %d\n", ++pings, ij_work(10) > 0);
	printf("pings %d\n", pings);
	for (i = 0; i < 9; i++) {
		if (!on[i])
			continue;
		if (sleepers[i].wake() < 0)
			exit(1);
		if (want > 1)
			pthread_join(*sleepers[i].t, NULL);
	}
	return NULL;
}

/*
 * ij-sleep: every sleeper in a thread of its own, the main thread reads
 * stdin.  ij-sleep NAME: the main thread is that sleeper and a second
 * thread reads stdin: the thread a tracer finds at hand when it attaches
 * is the sleeper, inside its call for the first time.
 */
int
main(int argc, char **argv)
{
	pthread_t pt;
	sigset_t blk;
	char c;
	int i, one = -1;

	for (i = 0; i < 9; i++) {
		on[i] = argc < 2 || strcmp(argv[1], sleepers[i].name) == 0;
		want += on[i];
		if (on[i] && argc >= 2)
			one = i;
	}
	if (want == 0) {
		fprintf(stderr, "ij-sleep: no sleeper %s\n", argv[1]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	handler(SIG_RESTART, SA_RESTART);
	handler(SIG_EINTR, 0);
	handler(SIG_SUSPEND, 0);
	handler(SIG_PAUSE, 0);
	handler(SIG_SLEEP, 0);
	if (pipe(p_restart) < 0 || pipe(p_eintr) < 0 || pipe(p_poll) < 0 ||
	    pipe(p_child) < 0)
		return 1;
	child = fork();
	if (child == 0) {
		close(p_child[1]);
		while (read(p_child[0], &c, 1) < 0 && errno == EINTR)
			;
		_exit(7);
	}
	close(p_child[0]);
	/* Only th_susp takes SIG_SUSPEND, inside sigsuspend. */
	sigemptyset(&blk);
	sigaddset(&blk, SIG_SUSPEND);
	pthread_sigmask(SIG_BLOCK, &blk, NULL);
	if (one >= 0) {
		*sleepers[one].t = pthread_self();
		pthread_create(&pt, NULL, pinger, NULL);
		sleepers[one].fn(NULL);
		pthread_join(pt, NULL);
	} else {
		for (i = 0; i < 9; i++)
			pthread_create(sleepers[i].t, NULL, sleepers[i].fn,
				       NULL);
		pinger(NULL);
	}
	if (!on[8]) {
		close(p_child[1]);
		waitpid(child, NULL, 0);
	}
	for (i = 0; i < 9; i++)
		if (on[i])
			printf("%s\n", out[i]);
	return 0;
}
