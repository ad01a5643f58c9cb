/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-lpad: drives fp_lpad() (fp-lpad.S) N times, every other call
 * throwing through it, with the handshake of fp-proto.h; prints the calls
 * and the catches it counted.  Exits 1 if a result was wrong.
 */
#include <cstdio>
#include <cstdlib>

#include "fp-proto.h"

extern "C" int fp_lpad(void);

static volatile int throw_now;

extern "C" __attribute__((noinline)) void
fp_thrower(void)
{
	if (throw_now)
		throw 42;
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000, i;
	unsigned long caught = 0, bad = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	fp_ready();
	for (i = 0; i < n; i++) {
		throw_now = (int)(i & 1);
		int r = fp_lpad();

		if (r == -1)
			caught++;
		if (r != (throw_now ? -1 : 0))
			bad++;
	}
	printf("calls=%lu caught=%lu wrong=%lu\n", n, caught, bad);
	fp_done();
	return bad != 0;
}
