/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sl-words: a stack full of numbers that look like our pages.  main
 * fills 2 MB of its stack with every page address within 512 MB of
 * work(), where the tracer places its out-of-line pages and trampoline
 * chunks, then reads commands from stdin:
 *
 *	go N	call work() N times, print "done SUM"
 *	quit	exit 0
 *
 * Prints "ready PID" first.  An integer that happens to equal an address of
 * ours is no pc a thread can come back to: the session must unmap its
 * pages all the same (t/scale/words.sh).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define NWORDS	(1u << 18)	/* 2 MB: +-512 MB in 4 KB steps */

__attribute__((noinline)) long
work(long x)
{
	return x * 3 + 1;
}

__attribute__((noinline)) static long
serve(volatile uint64_t *w)
{
	char line[64];
	long n, i, sum;

	printf("ready %d\n", (int)getpid());
	fflush(stdout);
	while (fgets(line, sizeof(line), stdin) != NULL) {
		if (strncmp(line, "quit", 4) == 0)
			break;
		if (sscanf(line, "go %ld", &n) != 1)
			continue;
		for (sum = 0, i = 0; i < n; i++)
			sum += work(i);
		printf("done %ld\n", sum);
		fflush(stdout);
	}
	return (long)w[NWORDS / 2] != 0;
}

int
main(void)
{
	volatile uint64_t w[NWORDS];
	uint64_t base = ((uint64_t)(uintptr_t)work & ~4095ull) - (512ull << 20);
	uint32_t i;

	for (i = 0; i < NWORDS; i++)
		w[i] = base + (uint64_t)i * 4096;
	return serve(w) ? 0 : 1;
}
