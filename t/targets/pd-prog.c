/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/pd-prog.c: the program of the pid provider's tests.
 * go() has a weak alias _go, and the local loc() a weak alias _loc (as
 * dtrace's tests of aliases have them);
 * loopfunc() is a small function whose every instruction runs.
 * `pd-prog run N`: N calls of go(), _loc() and loopfunc(), then "done" and
 * exit 0.  `pd-prog sleep`: "ready PID" and sleep until killed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) int
go(int k)
{
	__asm__ volatile("" : : "r"(k) : "memory");
	return k + 1;
}

extern int _go(int) __attribute__((weak, alias("go")));

static __attribute__((noinline, used)) int
loc(int k)
{
	__asm__ volatile("" : : "r"(k) : "memory");
	return k + 2;
}

extern int _loc(int) __attribute__((weak, alias("loc")));

__attribute__((noinline)) int
loopfunc(int n)
{
	int i, s = 0;

	for (i = 0; i < n; i++)
		s += i;
	return s;
}

int
main(int argc, char **argv)
{
	int i, n, s = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && strcmp(argv[1], "sleep") == 0) {
		printf("ready %d\n", (int)getpid());
		for (;;)
			pause();
	}
	n = argc > 2 ? atoi(argv[2]) : 1;
	for (i = 0; i < n; i++)
		s += go(i) + _loc(i) + loopfunc(3);
	printf("done %d\n", s);
	return 0;
}
