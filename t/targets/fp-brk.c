/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-brk.c: a program that grows its heap with sbrk(), for
 * t/fastpath/brk.sh.  After fp_ready() (pidtrace attached, fb_step
 * probed), it moves the break up STEP bytes at a time, 64 times, calling
 * fb_step each time; each sbrk() must return the previous break (the heap
 * grows in place).  A mapping of the tracer's at the break's end makes
 * brk(2) fail: the output then differs from the untraced one.  It prints
 * "steps=N grown=G failed=F moved=M sum=S": the steps made, the bytes
 * the break grew, the sbrk() calls that failed or returned another
 * address than the previous break, and fb_step's last result; then
 * fp_done(), while the test looks at the maps with pidtrace attached.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fp-proto.h"

#define STEP	(1l << 20)
#define NSTEP	64

unsigned long fb_total;
unsigned long fb_step(unsigned long x);

/* A rip-relative add first: a site the int3 path runs out of line. */
__attribute__((noinline)) unsigned long
fb_step(unsigned long x)
{
	fb_total += x;
	return fb_total;
}

int
main(void)
{
	unsigned long steps = 0, failed = 0, moved = 0, sum = 0;
	char *prev, *got, *base;

	setvbuf(stdout, NULL, _IOLBF, 0);
	fp_ready();
	base = sbrk(0);
	prev = base;
	for (int i = 0; i < NSTEP; i++) {
		got = sbrk(STEP);
		if (got == (char *)-1) {
			failed++;
			fprintf(stderr, "fp-brk: sbrk step %d: %s\n", i,
			    strerror(errno));
			continue;
		}
		if (got != prev)
			moved++;
		/* Touch the new room: it must be usable memory. */
		memset(got, 0x5a, STEP);
		prev = got + STEP;
		steps++;
		sum = fb_step((unsigned long)i + 1);
	}
	printf("steps=%lu grown=%ld failed=%lu moved=%lu sum=%lu\n", steps,
	    (long)((char *)sbrk(0) - base), failed, moved, sum);
	fp_done();
	if (sbrk(-(intptr_t)((char *)sbrk(0) - base)) == (void *)-1)
		return 2;
	return failed != 0 || moved != 0;
}
