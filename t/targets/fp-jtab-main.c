/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-jtab: drives the indirect jumps of fp-jtab.S and two switches gcc
 * compiles to jump tables at -O2 (PIC: entries relative to the table;
 * built without PIE as fp-jtab-nopie: `jmp *T(,%rax,8)` on absolute
 * entries, the shape of Debian's node), N times each (the handshake of
 * fp-proto.h), checks every result, and prints per function the calls
 * and the sum of the return values, which a test compares with
 * pidtrace's counts and sum(arg1) of the return probes.
 *
 * usage: fp-jtab N; exits 1 at a wrong result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fp-drive.h"

uint64_t fj_into(uint64_t), fj_abs(uint64_t), fj_nobound(uint64_t);
uint64_t fj_land(uint64_t), fj_ptr(uint64_t), fj_helper(uint64_t);
uint64_t fj_hand(uint64_t), fj_helper2(uint64_t);
uint64_t fj_reg(uint64_t, fp_fn_t);
uint64_t fj_sw(uint64_t), fj_state(uint64_t), fj_regcall(uint64_t);
uint64_t fj_walkcall(uint64_t);
uint64_t fj_memidx(uint64_t), fj_memglob(uint64_t), fj_memst(uint64_t);
uint64_t fj_far(uint64_t), fj_xland(uint64_t), fj_victim(uint64_t);
uint64_t fj_loopbase(uint64_t), fj_loopbad(uint64_t);
uint64_t fj_walk(uint64_t, fp_fn_t), fj_popjmp(uint64_t), fj_cgoto(uint64_t);

/* fj_walk's caller: the walker comes from here. */
__attribute__((noinline)) uint64_t
fj_walkcall(uint64_t x)
{
	return fj_walk(x, fj_helper);
}

/* fj_loopbase's and fj_loopbad's sum: rdi % 8 base-4 digits of rdi. */
static uint64_t
want_loop(uint64_t x)
{
	static const uint64_t add[] = { 1, 10, 100, 0 };
	uint64_t acc = 0, d = x;
	unsigned k;

	for (k = 0; k < (x & 7); k++, d >>= 2)
		acc += add[d & 3];
	return acc;
}

/* Eight cases of different work: a table of code, not of values. */
__attribute__((noinline)) uint64_t
fj_sw(uint64_t x)
{
	switch (x % 10) {
	case 0: return x * 3 + 1;
	case 1: return x ^ 0x55;
	case 2: return (x << 4) - x;
	case 3: return x / 7 + 100;
	case 4: return ~x & 0xffff;
	case 5: return x * x;
	case 6: return x + 1000;
	case 7: return (x >> 1) | 0x80;
	default: return 9;
	}
}

/* A little interpreter: the digits of x in base 6 are its opcodes. */
__attribute__((noinline)) uint64_t
fj_state(uint64_t x)
{
	uint64_t acc = 1;

	for (; x != 0; x /= 6) {
		switch (x % 6) {
		case 0: acc += 3; break;
		case 1: acc *= 5; break;
		case 2: acc ^= 0x99; break;
		case 3: acc -= 2; break;
		case 4: acc = (acc << 3) + 1; break;
		default: acc >>= 1; break;
		}
	}
	return acc;
}

/* fj_reg's caller: the pointer comes from here. */
__attribute__((noinline)) uint64_t
fj_regcall(uint64_t x)
{
	return fj_reg(x, fj_helper);
}

static uint64_t
want_sw(uint64_t x)
{
	switch (x % 10) {
	case 0: return x * 3 + 1;
	case 1: return x ^ 0x55;
	case 2: return x * 15;
	case 3: return x / 7 + 100;
	case 4: return ~x & 0xffff;
	case 5: return x * x;
	case 6: return x + 1000;
	case 7: return (x >> 1) | 0x80;
	default: return 9;
	}
}

static uint64_t
want_state(uint64_t x)
{
	uint64_t acc = 1;
	unsigned d;

	for (; x != 0; x /= 6) {
		d = (unsigned)(x % 6);
		if (d == 0)
			acc += 3;
		else if (d == 1)
			acc *= 5;
		else if (d == 2)
			acc ^= 0x99;
		else if (d == 3)
			acc -= 2;
		else if (d == 4)
			acc = (acc << 3) + 1;
		else
			acc >>= 1;
	}
	return acc;
}

/* fj_into's argument: its first byte 1 (dispatch again) or not. */
static uint64_t
arg_into(uint64_t i)
{
	static const uint64_t a[] = { 0, 2, 3, 1 | 0 << 8, 1 | 2 << 8 };

	return a[i % 5];
}

static uint64_t
want(unsigned k, uint64_t x)
{
	switch (k) {
	case 0: {
		uint64_t b = (x & 0xff) == 1 ? x >> 8 : x & 0xff;

		return b == 0 ? 100 : b == 2 ? 200 : (uint64_t)-1;
	}
	case 1: return x == 0 ? x + 1 : x == 1 ? 2 * x + 5 :
		    x == 2 ? 3 * x : 0;
	case 2: return 10 + (x & 3);
	case 3: return x == 0 ? 10 : x == 1 ? 17 : (uint64_t)-1;
	case 4: return x + 3;
	case 5: return x + 1003;
	case 6: return want_sw(x);
	case 7: return want_state(x);
	case 8: return x & 1 ? x + 30 : x + 3;
	case 9: return x <= 2 ? 20 + x : (uint64_t)-1;
	case 10: return x <= 2 ? 30 + x : (uint64_t)-1;
	case 11: return x <= 2 ? 40 + x : (uint64_t)-1;
	case 12: return x <= 2 ? 50 + x : (uint64_t)-1;
	case 13: return x == 0 ? 70 : x == 1 ? 61 : (uint64_t)-1;
	case 14: return x + 60;
	case 15: return 2 * want_loop(x);
	case 16: return want_loop(x);
	case 17: case 18: return x + 3;
	default: return x <= 1 ? 90 + x : (uint64_t)-1;
	}
}

static const fp_call_t fns[] = {
	{ "fj_into", fj_into, 0 },	/* arg_into */
	{ "fj_abs", fj_abs, 4 },
	{ "fj_nobound", fj_nobound, 1000 },
	{ "fj_land", fj_land, 3 },
	{ "fj_ptr", fj_ptr, 1000 },
	{ "fj_regcall", fj_regcall, 1000 },
	{ "fj_sw", fj_sw, 1000 },
	{ "fj_state", fj_state, 100000 },
	{ "fj_hand", fj_hand, 1000 },
	{ "fj_memidx", fj_memidx, 4 },
	{ "fj_memglob", fj_memglob, 4 },
	{ "fj_memst", fj_memst, 4 },
	{ "fj_far", fj_far, 4 },
	{ "fj_xland", fj_xland, 3 },
	{ "fj_victim", fj_victim, 1000 },
	{ "fj_loopbase", fj_loopbase, 100000 },
	{ "fj_loopbad", fj_loopbad, 100000 },
	{ "fj_walkcall", fj_walkcall, 1000 },
	{ "fj_popjmp", fj_popjmp, 1000 },
	{ "fj_cgoto", fj_cgoto, 3 },
};
#define NFN (sizeof(fns) / sizeof(fns[0]))

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	unsigned long bad = fp_drive("fp-jtab", fns, NFN, n, want,
	    arg_into);

	/* fj_helper: the tail of fj_ptr, of fj_reg, of fj_walk, of
	 * fj_popjmp and of fj_hand's even calls, and called by fj_walk for
	 * x = i % 1000 != 0; fj_helper2 the tail of fj_hand's odd ones. */
	printf("fj_helper calls=%lu\n", 4 * n + (n + 1) / 2 +
	    (n - (n + 999) / 1000));
	printf("fj_walk calls=%lu\n", n);
	printf("fj_helper2 calls=%lu\n", n / 2);
	/* fj_reg: called by fj_regcall. */
	printf("fj_reg calls=%lu\n", n);
	printf("wrong=%lu\n", bad);
	fp_done();
	return bad != 0;
}
