/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/tr-counter.c: a target for the tracer's tests.  It counts its
 * own calls of the probed functions and prints the counts and a checksum,
 * so a test compares what the tracer saw with what really happened, and
 * a traced run with an untraced one.
 *
 * It prints "ready pid=N" and then obeys lines on stdin:
 *	go N T		T threads each call work() N times; prints "done ..."
 *	fork N		a fork child calls work() N times; then a vfork+exec
 *			and a system(); prints "forked ..."
 *	forks N		N fork children in a row, each calling work() 10
 *			times; prints "forks ok=..." (children that exited 0)
 *	sig N		raise SIGUSR1 N times (handler calls on_usr1());
 *			prints "sig ..."
 *	sleep S		block in nanosleep for S seconds; prints "slept"
 *	read		block in read(2) on a pipe nobody writes... until
 *			SIGUSR2; prints "read ..."
 *	spin S		busy loop (no syscalls) for about S seconds
 *	exec		re-exec itself (counts start again)
 *	texec		re-exec itself from a second thread (the leader
 *			is blocked in pthread_join meanwhile)
 *	die		kill itself with SIGTERM
 *	zombie		go on in a new thread; the leader pthread_exits
 *			(a zombie leader with live threads)
 *	quit / EOF	print "exit ..." and exit 0
 */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static atomic_ulong n_work, n_mix, n_usr1, n_leaf;
static atomic_ulong sum;
static volatile sig_atomic_t got_usr2;

/* First instruction: lock add to a rip-relative counter (runs out of line). */
NOINLINE unsigned long
leaf(unsigned long x)
{
	atomic_fetch_add_explicit(&n_leaf, 1, memory_order_relaxed);
	return x * 2654435761u;
}

NOINLINE unsigned long
mix(unsigned long x)
{
	atomic_fetch_add_explicit(&n_mix, 1, memory_order_relaxed);
	if (x & 1)
		return x * 3 + 1;
	return x / 2 + leaf(x);
}

NOINLINE unsigned long
work(unsigned long x)
{
	unsigned long r;

	atomic_fetch_add_explicit(&n_work, 1, memory_order_relaxed);
	r = mix(x) ^ (x << 3);
	return r + 1;
}

/* A tail call: at -O2 this is a `jmp` to mix (emulated). */
__attribute__((noinline, optimize("O2"))) unsigned long
tail(unsigned long x)
{
	return mix(x ^ 0x55);
}

NOINLINE void
on_usr1(int sig)
{
	(void)sig;
	atomic_fetch_add_explicit(&n_usr1, 1, memory_order_relaxed);
}

static void
on_usr2(int sig)
{
	(void)sig;
	got_usr2 = 1;
}

static void *
worker(void *arg)
{
	unsigned long n = (unsigned long)arg, i, s = 0;

	for (i = 0; i < n; i++)
		s += work(i) + tail(i);
	atomic_fetch_add(&sum, s);
	return NULL;
}

static char **self_argv;

static void *
exec_thread(void *arg)
{
	(void)arg;
	work(1);
	execv("/proc/self/exe", self_argv);
	return NULL;
}

static void
report(const char *what)
{
	printf("%s work=%lu mix=%lu leaf=%lu usr1=%lu sum=%lu\n", what,
	       (unsigned long)n_work, (unsigned long)n_mix,
	       (unsigned long)n_leaf, (unsigned long)n_usr1,
	       (unsigned long)sum);
}

static void *serve(void *arg);

int
main(int argc, char **argv)
{
	struct sigaction sa;

	(void)argc;
	self_argv = argv;
	setvbuf(stdout, NULL, _IOLBF, 0);
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	sa.sa_handler = on_usr2;
	sigaction(SIGUSR2, &sa, NULL);	/* no SA_RESTART: read is interrupted */
	printf("ready pid=%d\n", (int)getpid());
	serve(NULL);
	return 0;
}

/* The command loop; "zombie" moves it to a new thread, the leader exits. */
static void *
serve(void *arg)
{
	char line[256];
	unsigned long n, t, i;
	pthread_t th[64];

	(void)arg;
	while (fgets(line, sizeof(line), stdin) != NULL) {
		n = t = 0;
		if (strncmp(line, "zombie", 6) == 0) {
			pthread_t z;

			pthread_create(&z, NULL, serve, NULL);
			printf("zombie\n");
			pthread_exit(NULL);
		} else if (sscanf(line, "go %lu %lu", &n, &t) >= 1) {
			if (t == 0)
				t = 1;
			if (t > 64)
				t = 64;
			for (i = 0; i < t; i++)
				pthread_create(&th[i], NULL, worker,
					       (void *)n);
			for (i = 0; i < t; i++)
				pthread_join(th[i], NULL);
			report("done");
		} else if (sscanf(line, "forks %lu", &n) == 1) {
			unsigned long ok = 0;

			for (i = 0; i < n; i++) {
				pid_t p = fork();
				int st = 0;

				if (p == 0) {
					worker((void *)10ul);
					_exit(0);
				}
				if (waitpid(p, &st, 0) == p && WIFEXITED(st) &&
				    WEXITSTATUS(st) == 0)
					ok++;
				else
					printf("child %lu status %#x\n", i, st);
			}
			printf("forks ok=%lu\n", ok);
		} else if (sscanf(line, "fork %lu", &n) == 1) {
			pid_t p = fork();
			int st = 0, st2 = 0, st3;

			if (p == 0) {
				worker((void *)n);
				report("child");
				_exit(0);
			}
			waitpid(p, &st, 0);
			p = vfork();
			if (p == 0) {
				execl("/bin/true", "true", (char *)NULL);
				_exit(127);
			}
			waitpid(p, &st2, 0);
			st3 = system("exit 3");
			printf("forked child=%d vfork=%d system=%d work=%lu\n",
			       st, st2, WEXITSTATUS(st3),
			       (unsigned long)n_work);
		} else if (sscanf(line, "sig %lu", &n) == 1) {
			for (i = 0; i < n; i++)
				raise(SIGUSR1);
			printf("sig usr1=%lu\n", (unsigned long)n_usr1);
		} else if (sscanf(line, "sleep %lu", &n) == 1) {
			struct timespec ts = { (time_t)n, 0 };

			while (nanosleep(&ts, &ts) != 0)
				;
			printf("slept work=%lu\n", work(7));
		} else if (strncmp(line, "read", 4) == 0) {
			int p[2];
			char c;
			ssize_t r;

			if (pipe(p) < 0)
				exit(1);
			printf("reading\n");
			r = read(p[0], &c, 1);
			printf("read r=%d usr2=%d work=%lu\n", (int)r,
			       (int)got_usr2, work(9));
			close(p[0]);
			close(p[1]);
		} else if (sscanf(line, "spin %lu", &n) == 1) {
			volatile unsigned long x = 0;
			time_t end = time(NULL) + (time_t)n;

			printf("spinning\n");
			while (time(NULL) < end)
				for (i = 0; i < 1000000; i++)
					x += i;
			printf("spun work=%lu\n", work(11));
		} else if (strncmp(line, "texec", 5) == 0) {
			fflush(stdout);
			pthread_create(&th[0], NULL, exec_thread, NULL);
			pthread_join(th[0], NULL);
			exit(1);
		} else if (strncmp(line, "exec", 4) == 0) {
			fflush(stdout);
			execv("/proc/self/exe", self_argv);
			exit(1);
		} else if (strncmp(line, "die", 3) == 0) {
			signal(SIGTERM, SIG_DFL);
			raise(SIGTERM);
		} else if (strncmp(line, "quit", 4) == 0) {
			break;
		}
	}
	report("exit");
	exit(0);
}
