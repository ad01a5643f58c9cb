/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fe-spawn.c: a probed program that makes children every way
 * libc offers, for t/endings/spawn.sh.  The parent calls work() N times
 * around each child; every child calls work() N times too (in the
 * parent's image after fork and clone without CLONE_VM, sharing the
 * parent's memory after vfork, in a fresh image
 * after system, popen and posix_spawn), so a tracer that leaves its
 * int3s in a child, or counts the child's calls, is seen.
 *
 *	fe-spawn N		run every kind of child; print each one's
 *				status and the parent's work() calls
 *	fe-spawn --child N	call work() N times, print "child work=N"
 *	fe-spawn --exec N	call work() N times, then exec echo (an image
 *				without work)
 *	fe-spawn --zombie	a child that exits, never reaped: print
 *				"zombie PID" and sleep until killed
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

extern char **environ;
static unsigned long n_work, sum;

NOINLINE unsigned long
work(unsigned long x)
{
	n_work++;
	return x * 2654435761u + (x >> 3);
}

static void
loop(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		sum += work(i);
}

static int
status(pid_t p)
{
	int st = -1;

	if (p < 0 || waitpid(p, &st, 0) != p)
		return -1;
	return st;
}

int
main(int argc, char **argv)
{
	unsigned long n;
	char cmd[128], line[128], nbuf[32];
	char *cargv[] = { argv[0], "--child", nbuf, NULL };
	FILE *f;
	pid_t p;
	int st;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc == 3 && strcmp(argv[1], "--child") == 0) {
		loop(strtoul(argv[2], NULL, 10));
		printf("child work=%lu sum=%lu\n", n_work, sum);
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "--exec") == 0) {
		loop(strtoul(argv[2], NULL, 10));
		printf("before exec work=%lu sum=%lu\n", n_work, sum);
		execlp("echo", "echo", "replaced", (char *)NULL);
		return 127;
	}
	if (argc == 2 && strcmp(argv[1], "--zombie") == 0) {
		p = fork();
		if (p == 0)
			_exit(0);
		printf("zombie %d\n", (int)p);
		for (;;)
			pause();
	}
	if (argc != 2)
		return 2;
	n = strtoul(argv[1], NULL, 10);
	snprintf(nbuf, sizeof(nbuf), "%lu", n);

	loop(n);
	p = fork();
	if (p == 0) {
		loop(n);
		_exit(n_work == 2 * n ? 0 : 1);
	}
	printf("fork status=%#x\n", status(p));

	loop(n);
	p = (pid_t)syscall(SYS_clone, (long)SIGCHLD, 0L, 0L, 0L, 0L);
	if (p == 0) {
		loop(n);
		_exit(n_work == 3 * n ? 0 : 1);
	}
	printf("clone status=%#x\n", status(p));

	/* vfork: the child shares our memory (and int3s) until _exit; its
	 * work() calls count in n_work, which it shares too. */
	p = vfork();
	if (p == 0) {
		unsigned long i, t = 0;

		for (i = 0; i < n; i++)
			t += work(i);
		_exit((int)(t & 0x7f));	/* compared with untraced */
	}
	printf("vfork status=%#x\n", status(p));

	loop(n);
	snprintf(cmd, sizeof(cmd), "exec /proc/%d/exe --child %lu",
		 (int)getpid(), n);
	st = system(cmd);
	printf("system status=%#x\n", st);

	loop(n);
	f = popen(cmd, "r");
	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		printf("popen read %s", line);
	printf("popen status=%#x\n", f != NULL ? pclose(f) : -1);

	loop(n);
	if (posix_spawn(&p, "/proc/self/exe", NULL, NULL, cargv,
			environ) != 0)
		p = -1;
	printf("posix_spawn status=%#x\n", status(p));

	loop(n);
	printf("parent work=%lu sum=%lu\n", n_work, sum);
	return 0;
}
