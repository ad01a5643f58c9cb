/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-call: drives the functions of fp-call.S N times each (the handshake
 * of fp-proto.h).  Their callee checks that it returns to the byte after
 * the call in the original code (__builtin_return_address), and every
 * 16th call that backtrace() unwinds from it to that byte and on past
 * it (fp-call.S's CFI).  Prints per function the calls and the sum of
 * the return values, which a test compares with pidtrace's counts and
 * sum(arg1), and the count of wrong return addresses, wrong backtraces
 * and wrong values.
 *
 * usage: fp-call N; exits 1 at anything wrong.
 */
#include <execinfo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fp-proto.h"

uint64_t fc_callee(uint64_t);
uint64_t fc_rel(uint64_t), fc_mem(uint64_t);
uint64_t fc_reg(uint64_t, uint64_t (*)(uint64_t));
uint64_t fc_mid(uint64_t, uint64_t (*)(uint64_t));
/* The offsets of the byte after each call, fp-call.S's encodings. */
#define RET_REL		9
#define RET_MEM		10
#define RET_REG		6
#define RET_MID		3

static char *want_ret;		/* the callee's return address */
static unsigned long calls, badret, badtrace;

__attribute__((noinline)) uint64_t
fc_callee(uint64_t x)
{
	void *bt[8];
	int n, i;

	if (__builtin_return_address(0) != want_ret && badret++ < 10)
		fprintf(stderr, "fp-call: returns to %p, want %p\n",
			__builtin_return_address(0), (void *)want_ret);
	/*
	 * Frames: fc_callee (and a sanitizer's interceptor of backtrace,
	 * if any), fp-call.S's function at the byte after its call, then
	 * its callers, read through fp-call.S's CFI.
	 */
	if (calls++ % 16 == 0) {
		n = backtrace(bt, 8);
		for (i = 1; i + 1 < n && bt[i] != want_ret; i++)
			;
		if (i + 1 >= n && badtrace++ < 10)
			fprintf(stderr, "fp-call: %p not in a backtrace of "
				"%d frames\n", (void *)want_ret, n);
	}
	return x * 3 + 1;
}

static uint64_t
call_rel(uint64_t x)
{
	return fc_rel(x);
}

static uint64_t
call_mem(uint64_t x)
{
	return fc_mem(x);
}

static uint64_t
call_reg(uint64_t x)
{
	return fc_reg(x, fc_callee);
}

static uint64_t
call_mid(uint64_t x)
{
	return fc_mid(x, fc_callee);
}

static const struct {
	const char *name;
	uint64_t (*fn)(uint64_t);
	char *start;
	uint64_t add;	/* what it adds to the callee's value */
} fns[] = {
	{ "fc_rel", call_rel, (char *)fc_rel, 7 },
	{ "fc_mem", call_mem, (char *)fc_mem, 7 },
	{ "fc_reg", call_reg, (char *)fc_reg, 7 },
	{ "fc_mid", call_mid, (char *)fc_mid, 7 },
};
/*
 * Added at run time: a constant fc_rel + 9 would be a pointer in the
 * data or a `lea` of the code, which the fast path takes for a landing
 * address.
 */
static volatile unsigned long retoff[] = { RET_REL, RET_MEM, RET_REG,
					   RET_MID };
#define NFN (sizeof(fns) / sizeof(fns[0]))

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	uint64_t sums[NFN] = { 0 }, got;
	void *bt[8];
	unsigned long bad = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* backtrace() loads libgcc_s at its first call: before the attach. */
	want_ret = NULL;
	(void)backtrace(bt, 8);
	fp_ready();
	for (unsigned long i = 0; i < n; i++) {
		for (unsigned k = 0; k < NFN; k++) {
			want_ret = fns[k].start + retoff[k];
			got = fns[k].fn(i);
			sums[k] += got;
			if (got != i * 3 + 1 + fns[k].add && bad++ < 10)
				fprintf(stderr, "fp-call: %s(%lu) = %llu\n",
					fns[k].name, i,
					(unsigned long long)got);
		}
	}
	for (unsigned k = 0; k < NFN; k++)
		printf("%s calls=%lu sum=%llu\n", fns[k].name, n,
		       (unsigned long long)sums[k]);
	printf("fc_callee calls=%lu\n", NFN * n);
	printf("wrong=%lu returns=%lu backtraces=%lu\n", bad, badret,
	       badtrace);
	fp_done();
	return bad != 0 || badret != 0 || badtrace != 0;
}
