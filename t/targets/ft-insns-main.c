/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ft-insns: drives the functions of ft-insns.S, checks every result and
 * prints how often each was called and a checksum.  A traced run must
 * print exactly what an untraced run prints.
 *
 * usage: ft-insns [ROUNDS]   (default 1000); prints "ready" first and
 * exits 1 at the first wrong result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

extern uint64_t ft_data[], ft_store;
uint64_t insn_lea_rip(uint64_t), insn_mov_rip(uint64_t);
uint64_t insn_store_rip(uint64_t), insn_cmp_rip(uint64_t);
uint64_t insn_call(uint64_t), insn_jmp(uint64_t), insn_jcc(uint64_t);
uint64_t insn_push(uint64_t), insn_endbr(uint64_t), insn_jmp_mem(uint64_t);

static unsigned long calls, bad;
static uint64_t sum;

static void
check(const char *what, uint64_t got, uint64_t want)
{
	calls++;
	sum = sum * 31 + got;
	if (got != want && bad++ < 10)
		fprintf(stderr, "ft-insns: %s: got %#llx, want %#llx\n", what,
		    (unsigned long long)got, (unsigned long long)want);
}

int
main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;

	printf("ready\n");
	fflush(stdout);
	for (uint64_t i = 0; i < rounds; i++) {
		/* relative to ft_data, so the sum does not depend on ASLR */
		check("lea_rip", insn_lea_rip(i) - (uint64_t)ft_data, i);
		check("mov_rip", insn_mov_rip(i), 7 + i);
		check("store_rip", insn_store_rip(i), 2 * i);
		check("store_rip value", ft_store, i);
		check("cmp_rip", insn_cmp_rip(i), i);
		check("call", insn_call(i), i + 1);
		check("jmp", insn_jmp(i), i + 3);
		check("jcc", insn_jcc(i % 10), i % 10 < 5 ? 100 : 200);
		check("push", insn_push(i), i + 2);
		check("endbr", insn_endbr(i), i + 4);
		check("jmp_mem", insn_jmp_mem(i), i + 1);
	}
	printf("ft-insns: %lu rounds, %lu checks, %lu wrong, sum %016llx\n",
	    rounds, calls, bad, (unsigned long long)sum);
	return bad != 0;
}
