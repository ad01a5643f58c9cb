/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/sc-calls.c: makes known system calls a known number of
 * times and prints its own view of them, for the syscall provider's
 * tests (t/syscall/).
 *
 *	sc-calls [-n N] [-f F] [-s] [-x PROG | -t PROG] PATH
 *
 * read(2) of 1234 bytes from /dev/zero N times; openat(2) of PATH N
 * times (it must exist; its first 5 bytes are read each time) and of
 * PATH.missing N times (ENOENT); nanosleep of 100 us N times (the raw
 * syscall, not glibc's clock_nanosleep); F forks by raw clone(SIGCHLD)
 * (each child exits at once).  -s: signals too: a blocking read on an
 * empty pipe interrupted by SIGALRM without SA_RESTART (returns EINTR
 * once), a nanosleep of 10 s cut short by it, then a read with
 * SA_RESTART (restarted until a thread writes a byte).  -x PROG: exec
 * PROG at the end (PROG must exist); -t PROG: exec it from a second
 * thread while the main thread waits in pthread_join (futex).  Prints
 * what it did on stdout, one "what count" line each.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t alarms;

static void
on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static void
timer(long us)
{
	struct itimerval it;

	memset(&it, 0, sizeof(it));
	it.it_value.tv_usec = us;
	it.it_interval.tv_usec = us;
	setitimer(ITIMER_REAL, &it, NULL);
}

static int pipefd[2];

/* Writes the byte the restarted read waits for, after three alarms. */
static void *
writer(void *arg)
{
	struct timespec ts = { 0, 1000000 };
	sigset_t set;

	(void)arg;
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	while (alarms < 3)
		nanosleep(&ts, NULL);
	timer(0);
	if (write(pipefd[1], "x", 1) != 1)
		abort();
	return NULL;
}

static void
signals(void)
{
	struct sigaction sa;
	pthread_t th;
	char c;
	long attempts = 0, eintr = 0;
	ssize_t r;

	if (pipe(pipefd) < 0)
		abort();
	/* No SA_RESTART: the read returns EINTR at the first alarm that
	 * finds it blocked (nothing is ever written). */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	timer(20000);
	do {
		attempts++;
		r = read(pipefd[0], &c, 1);
	} while (!(r < 0 && errno == EINTR));
	eintr++;
	timer(0);
	printf("eintr read attempts %ld eintr %ld\n", attempts, eintr);
	/* nanosleep's restart code (ERESTART_RESTARTBLOCK) is EINTR to a
	 * program with a handler: 10 s cut short by the next alarm. */
	timer(20000);
	{
		struct timespec ts = { 10, 0 }, rem;

		r = syscall(SYS_nanosleep, &ts, &rem);
		printf("nanosleep interrupted %d errno %d\n", r < 0 &&
		       rem.tv_sec < 10, r < 0 ? errno : 0);
	}
	timer(0);
	/* SA_RESTART: the kernel restarts the read after each alarm. */
	sa.sa_flags = SA_RESTART;
	sigaction(SIGALRM, &sa, NULL);
	alarms = 0;
	if (pthread_create(&th, NULL, writer, NULL) != 0)
		abort();
	timer(20000);
	r = read(pipefd[0], &c, 1);
	pthread_join(th, NULL);
	printf("restart read returned %zd alarms %d\n", r, (int)alarms);
}

static void *
exec_thread(void *arg)
{
	const char *prog = arg;

	execl(prog, prog, (char *)NULL);
	abort();
}

int
main(int argc, char **argv)
{
	long n = 10, f = 0, i, ok = 0, enoent = 0, nread = 0, nsmall = 0;
	const char *exec = NULL, *texec = NULL;
	char buf[1234], small[5], missing[4096];
	bool sig = false;
	int opt, fd;

	while ((opt = getopt(argc, argv, "n:f:sx:t:")) != -1) {
		switch (opt) {
		case 'n': n = atol(optarg); break;
		case 'f': f = atol(optarg); break;
		case 's': sig = true; break;
		case 'x': exec = optarg; break;
		case 't': texec = optarg; break;
		default: return 2;
		}
	}
	if (optind >= argc)
		return 2;
	setvbuf(stdout, NULL, _IOLBF, 0);
	fd = open("/dev/zero", O_RDONLY);
	for (i = 0; i < n; i++)
		if (read(fd, buf, sizeof(buf)) == (ssize_t)sizeof(buf))
			nread++;
	close(fd);
	printf("read 1234 bytes %ld\n", nread);
	snprintf(missing, sizeof(missing), "%s.missing", argv[optind]);
	for (i = 0; i < n; i++) {
		fd = openat(AT_FDCWD, argv[optind], O_RDONLY);
		if (fd >= 0) {
			ok++;
			if (read(fd, small, 5) == 5)
				nsmall++;
			close(fd);
		}
		if (openat(AT_FDCWD, missing, O_RDONLY) < 0 && errno == ENOENT)
			enoent++;
	}
	printf("open ok %ld enoent %ld\n", ok, enoent);
	printf("read 5 bytes %ld\n", nsmall);
	for (i = 0; i < n; i++) {
		struct timespec ts = { 0, 100000 };

		if (syscall(SYS_nanosleep, &ts, NULL) != 0)
			abort();
	}
	printf("nanosleep %ld\n", n);
	for (i = 0; i < f; i++) {
		/*
		 * fork(2) as a raw clone: glibc's fork makes syscalls in the
		 * child (set_robust_list), which strace -f counts and a
		 * per-process provider does not see.  The child makes only
		 * exit_group, which strace -c does not count.
		 */
		pid_t p = (pid_t)syscall(SYS_clone, (long)SIGCHLD, 0L, 0L, 0L,
					 0L);
		int st;

		if (p == 0)
			syscall(SYS_exit_group, 0L);
		if (p < 0 || waitpid(p, &st, 0) != p)
			abort();
	}
	printf("fork %ld\n", f);
	if (sig)
		signals();
	if (texec != NULL) {
		pthread_t th;

		printf("exec from a thread %s\n", texec);
		if (pthread_create(&th, NULL, exec_thread, (void *)texec) != 0)
			return 1;
		pthread_join(th, NULL);
		return 1;
	}
	if (exec != NULL) {
		printf("exec %s\n", exec);
		execl(exec, exec, (char *)NULL);
		return 1;
	}
	return 0;
}
