/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/tr-insns.c: drives t/targets/tr-insns.S, checks every result,
 * prints a checksum.  A traced run must print what an untraced run prints.
 *	tr-insns [ROUNDS]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

uint64_t ti_movdqa(uint64_t), ti_movss(uint64_t), ti_callmem(uint64_t);
uint64_t ti_callreg(uint64_t, void *), ti_jmpreg(uint64_t, void *);
uint64_t ti_add1(uint64_t), ti_mov32(uint64_t), ti_jcc(int64_t);

static unsigned long bad, calls;
static uint64_t sum;

static void
check(const char *what, uint64_t got, uint64_t want)
{
	calls++;
	sum = sum * 31 + got;
	if (got != want && bad++ < 10)
		fprintf(stderr, "tr-insns: %s: got %#llx, want %#llx\n", what,
			(unsigned long long)got, (unsigned long long)want);
}

int
main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	uint64_t i;

	printf("ready\n");
	fflush(stdout);
	for (i = 0; i < rounds; i++) {
		int64_t s = (int64_t)(i % 3) - 1;

		check("movdqa", ti_movdqa(i), 0x1234 + i);
		check("movss", ti_movss(i % 1000), i % 1000);
		check("callmem", ti_callmem(i), i + 1);
		check("callreg", ti_callreg(i, (void *)ti_add1), i + 1);
		check("jmpreg", ti_jmpreg(i, (void *)ti_add1), i + 1);
		check("mov32", ti_mov32(i | 0xabc00000000ull), i & 0xffffffff);
		check("jcc", ti_jcc(s), s == 0 ? 10 : s > 0 ? 20 : 30);
	}
	printf("tr-insns: %lu rounds, %lu checks, %lu wrong, sum %016llx\n",
	       rounds, calls, bad, (unsigned long long)sum);
	return bad != 0;
}
