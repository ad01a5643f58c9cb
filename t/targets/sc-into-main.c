/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sc-into N: calls si_ok, si_get and si_enter (sc-into.S) N times each,
 * round robin, and prints "getppid CALLS bad WRONG": the calls made, and
 * how many answers differed from the first one's (t/syscall/into.sh).
 */
#include <stdio.h>
#include <stdlib.h>

long	si_ok(void);
long	si_get(void);
long	si_enter(void);

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, i, want, bad = 0;

	want = si_ok();
	for (i = 0; i < n; i++) {
		if (i > 0 && si_ok() != want)
			bad++;
		if (si_get() != want)
			bad++;
		if (si_enter() != want)
			bad++;
	}
	printf("getppid %ld bad %ld\n", 3 * n, bad);
	return bad != 0;
}
