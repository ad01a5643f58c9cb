/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/pf-stack.c: known call chains into the kernel, for ustack()
 * at syscall probes and through the vdso (t/profile/sysstack.sh).
 *
 *	pf-stack read N		main -> top -> middle -> leaf -> read(2)
 *				of 4321 bytes from /dev/zero, N times
 *	pf-stack clock SECS	main -> spin -> clock_gettime (the vdso's)
 *				for at most SECS seconds of its own clock
 *
 * Prints "read N" or "clock" at the end.  Built with frame pointers so
 * that an unwinder given a wrong rbp goes astray: each function's CFA
 * is rbp-based after its prologue.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char buf[4321];
static volatile long sink;

__attribute__((noinline)) static long
leaf(int fd)
{
	long r = read(fd, buf, sizeof(buf));

	sink += r;
	return r;
}

__attribute__((noinline)) static long
middle(int fd)
{
	long r = leaf(fd);

	sink += 1;
	return r;
}

__attribute__((noinline)) static long
top(int fd)
{
	long r = middle(fd);

	sink += 1;
	return r;
}

/* Mostly inside the vdso: clock_gettime reads the clock page there. */
__attribute__((noinline)) static long
spin(long secs)
{
	struct timespec t0, t;
	long n = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		clock_gettime(CLOCK_MONOTONIC, &t);
		n++;
	} while (t.tv_sec - t0.tv_sec < secs);
	return n;
}

int
main(int argc, char **argv)
{
	long i, n;
	int fd;

	if (argc == 3 && strcmp(argv[1], "read") == 0) {
		n = atol(argv[2]);
		fd = open("/dev/zero", O_RDONLY);
		if (fd < 0)
			return 1;
		for (i = 0; i < n; i++)
			if (top(fd) != (long)sizeof(buf))
				return 1;
		printf("read %ld\n", n);
		return 0;
	}
	if (argc == 3 && strcmp(argv[1], "clock") == 0) {
		sink = spin(atol(argv[2]));
		printf("clock\n");
		return 0;
	}
	fprintf(stderr, "usage: pf-stack read N | clock SECS\n");
	return 2;
}
