/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/sc-static.c: a static program's system calls, for
 * t/syscall/static.sh.  Linked -static: no dynamic loader, and glibc sets
 * its thread pointer up (__libc_setup_tls) after the entry point, so a
 * launched image starts with fs base 0.  The main thread and a second
 * thread each call getppid N times through syscall().
 *
 *	sc-static N [FILE]
 *
 * With FILE: prints "ready", then waits until FILE exists (a getpid and
 * a 1 ms sleep a round) before the calls.  Prints "main getppid N",
 * "thread getppid N" and "getppid 2N", its own counts.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static long n;

static long
calls(void)
{
	long i, c = 0;

	for (i = 0; i < n; i++)
		if (syscall(SYS_getppid) > 0)
			c++;
	return c;
}

static void *
thread(void *arg)
{
	*(long *)arg = calls();
	return NULL;
}

int
main(int argc, char **argv)
{
	struct timespec ms = { 0, 1000000 };
	pthread_t t;
	long m, c = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: sc-static N [FILE]\n");
		return 2;
	}
	n = atol(argv[1]);
	if (argc > 2) {
		printf("ready\n");
		fflush(stdout);
		while (access(argv[2], F_OK) != 0) {
			syscall(SYS_getpid);
			nanosleep(&ms, NULL);
		}
	}
	if (pthread_create(&t, NULL, thread, &c) != 0)
		return 1;
	m = calls();
	pthread_join(t, NULL);
	printf("main getppid %ld\nthread getppid %ld\ngetppid %ld\n", m, c,
	       m + c);
	return 0;
}
