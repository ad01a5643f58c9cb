/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sl-many: 2,048 functions f0000..f3777, numbered in octal (each returns
 * its argument plus a number), and two aliases, al_first of f0000 and
 * al_last of f3777: two symbols at one address.  Reads commands from stdin:
 *
 *	go K	call every function K times, print "done SUM"
 *	addr K	call f0001 with the address of an int (42) and f0002 with
 *		that of the string "sl-many", K times each: pointers a
 *		clause can read; print "done SUM"
 *	quit	exit 0
 *
 * Prints "ready PID" first.  With every function probed, each call fires one
 * probe, and a call of f0000 or f3777 two (DTrace: every enabled probe at
 * an address fires): 2,050 * K firings a "go K" (t/scale/many.sh).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define F(n)	__attribute__((noinline, used)) long f##n(long x) \
	{ __asm__ volatile("" ::: "memory"); return x + 0##n % 1000 + n##0 % 7; }
#define F8(n)	F(n##0) F(n##1) F(n##2) F(n##3) F(n##4) F(n##5) F(n##6) F(n##7)
#define F64(n)	F8(n##0) F8(n##1) F8(n##2) F8(n##3) F8(n##4) F8(n##5) \
		F8(n##6) F8(n##7)
#define F512(n)	F64(n##0) F64(n##1) F64(n##2) F64(n##3) F64(n##4) \
		F64(n##5) F64(n##6) F64(n##7)
F512(0) F512(1) F512(2) F512(3)

#define P(n)	f##n,
#define P8(n)	P(n##0) P(n##1) P(n##2) P(n##3) P(n##4) P(n##5) P(n##6) P(n##7)
#define P64(n)	P8(n##0) P8(n##1) P8(n##2) P8(n##3) P8(n##4) P8(n##5) \
		P8(n##6) P8(n##7)
#define P512(n)	P64(n##0) P64(n##1) P64(n##2) P64(n##3) P64(n##4) \
		P64(n##5) P64(n##6) P64(n##7)

static long (*const fns[])(long) = { P512(0) P512(1) P512(2) P512(3) };

long al_first(long) __attribute__((alias("f0000")));
long al_last(long) __attribute__((alias("f3777")));

static int cell = 42;
static const char name[] = "sl-many";

int
main(void)
{
	char line[64];
	long k, i, sum;
	size_t j;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("ready %d\n", (int)getpid());
	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (strncmp(line, "quit", 4) == 0)
			break;
		if (sscanf(line, "addr %ld", &k) == 1) {
			for (sum = 0, i = 0; i < k; i++)
				sum += f0001((long)&cell) - (long)&cell +
				    f0002((long)name) - (long)name;
			printf("done %ld\n", sum);
			continue;
		}
		if (sscanf(line, "go %ld", &k) != 1)
			continue;
		for (sum = 0, i = 0; i < k; i++)
			for (j = 0; j < sizeof(fns) / sizeof(fns[0]); j++)
				sum += fns[j](i);
		printf("done %ld\n", sum);
	}
	return 0;
}
