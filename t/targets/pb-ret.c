/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pb-ret N: return probes of functions that leave through an indirect
 * jmp, or that have no return probe to give (t/probes/return-ind.sh,
 * t/story/refused.sh).  Built -O2:
 *
 *	ret_query	calls its hook through a pointer when one is set
 *			(jmp *%rax, a tail call with the frame gone), else
 *			ret_std (jmp ret_std): PostgreSQL's ExecutorRun
 *	ret_pick	a switch that GCC makes a jump table (jmp *%rax
 *			with the frame set up: it stays inside)
 *	ret_tabled	pb-ret-data.S: assembly with its table in .text,
 *			inside its symbol: no return probe can be placed
 *
 * After "ready" and a line on stdin, calls each N times (ret_query with
 * no hook for the first half, with one for the second) and prints, for
 * each, "NAME calls=N sum=S", S the sum of the values it returned.
 */
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

typedef long (*hook_t)(long);
hook_t ret_hook;

long ret_tabled(long);

NOINLINE long
ret_std(long x)
{
	return x * 3 + 1;
}

NOINLINE long
ret_hooked(long x)
{
	return x * 5 + 2;
}

NOINLINE long
ret_query(long x)
{
	if (ret_hook != NULL)
		return ret_hook(x);
	return ret_std(x);
}

NOINLINE long
ret_pick(long op, long x)
{
	switch (op & 7) {
	case 0:
		return x + 11;
	case 1:
		return x * 2;
	case 2:
		return x - 7;
	case 3:
		return x ^ 0x55;
	case 4:
		return x << 2;
	case 5:
		return x % 13;
	case 6:
		return -x;
	default:
		return x + 99;
	}
}

int
main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000, i, q = 0, p = 0, t = 0;
	char line[16];

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("ready\n");
	if (fgets(line, sizeof(line), stdin) == NULL)
		return 2;
	for (i = 0; i < n; i++) {
		if (i == n / 2)
			ret_hook = ret_hooked;
		q += ret_query(i);
		p += ret_pick(i, i);
		t += ret_tabled(i);
	}
	printf("ret_query calls=%ld sum=%ld\n", n, q);
	printf("ret_pick calls=%ld sum=%ld\n", n, p);
	printf("ret_tabled calls=%ld sum=%ld\n", n, t);
	return 0;
}
