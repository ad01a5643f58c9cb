/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/pd-many.c: N processes for the tests of many -p at once.
 * `pd-many N` forks N children; each prints "ready PID", then, for each
 * SIGUSR1 it gets, calls poked() once and prints "poked PID K" (K: the
 * calls so far).  The children die with the parent (PR_SET_PDEATHSIG),
 * so a test kills one process to clean all up.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static volatile sig_atomic_t pending;

static void
on_usr1(int sig)
{
	(void)sig;
	pending++;
}

__attribute__((noinline)) int
poked(int k)
{
	__asm__ volatile("" : : "r"(k) : "memory");
	return k + 1;
}

static void
child(void)
{
	sigset_t block, old;
	int done = 0;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() == 1)
		_exit(0);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	signal(SIGUSR1, on_usr1);
	printf("ready %d\n", (int)getpid());
	fflush(stdout);
	for (;;) {
		while (pending == done)
			sigsuspend(&old);
		while (done < pending) {
			done = poked(done);
			printf("poked %d %d\n", (int)getpid(), done);
			fflush(stdout);
		}
	}
}

int
main(int argc, char **argv)
{
	int i, n = argc > 1 ? atoi(argv[1]) : 1;

	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < n; i++) {
		pid_t p = fork();

		if (p < 0) {
			perror("fork");
			return 1;
		}
		if (p == 0)
			child();
	}
	for (;;)
		if (wait(NULL) < 0)
			pause();
}
