/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-asm: drives the functions of fp-asm.S N times each (with the
 * handshake of fp-proto.h), checks every result, and prints per function
 * the calls and the sum of the return values, which a test compares with
 * pidtrace's counts and sum(arg1) of the return probes.
 *
 * usage: fp-asm N; exits 1 at a wrong result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fp-drive.h"

uint64_t fa_endbr(uint64_t), fa_riprel(uint64_t), fa_loop(uint64_t);
uint64_t fa_call5(uint64_t), fa_leaf(uint64_t), fa_jtab(uint64_t);
uint64_t fa_tail(uint64_t), fa_tiny(uint64_t), fa_frame(uint64_t);
uint64_t fa_leave(uint64_t), fa_addsp(uint64_t);

static uint64_t
want_loop(uint64_t x)
{
	uint64_t s = 0;

	for (; x > 0; x--)
		s += x;
	return s;
}

static uint64_t
want_jtab(uint64_t x)
{
	static const uint64_t v[] = { 10, 20, 30 };

	return x < 3 ? v[x] : 40 + x;
}

static const fp_call_t fns[] = {
	{ "fa_endbr", fa_endbr, 1000 },
	{ "fa_riprel", fa_riprel, 1000 },
	{ "fa_loop", fa_loop, 8 },
	{ "fa_call5", fa_call5, 1000 },
	{ "fa_jtab", fa_jtab, 4 },
	{ "fa_tail", fa_tail, 1000 },
	{ "fa_tiny", fa_tiny, 1000 },
	{ "fa_frame", fa_frame, 1000 },
	{ "fa_leave", fa_leave, 1000 },
	{ "fa_addsp", fa_addsp, 1000 },
};
#define NFN (sizeof(fns) / sizeof(fns[0]))

static uint64_t
want(unsigned k, uint64_t x)
{
	switch (k) {
	case 0: return x + 4;
	case 1: return 7 + x;
	case 2: return want_loop(x);
	case 3: return 2 * x + 1;
	case 4: return want_jtab(x);
	case 5: return x + 6;
	case 6: return 0;
	case 7: return x + 7;
	case 8: return x + 9;
	default: return x + 11;
	}
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	unsigned long bad = fp_drive("fp-asm", fns, NFN, n, want, NULL);

	/* fa_leaf: called by fa_call5 and fa_tail, never directly. */
	printf("fa_leaf calls=%lu\n", 2 * n);
	printf("wrong=%lu\n", bad);
	fp_done();
	return bad != 0;
}
