/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-reach.c: a non-PIE program that leaves no free address
 * below its heap, for t/fastpath/brk-reach.sh.  Before fp_ready() it
 * maps every free range between the lowest address mmap may use
 * (/proc/sys/vm/mmap_min_addr) and start_brk (/proc/self/stat field 47)
 * PROT_NONE (reserved, never touched: no memory used): the only free
 * place within rel32 reach of its code is then past the heap.  After
 * fp_ready() it calls fr_step NCALL times and prints "calls=N sum=S",
 * then fp_done().  It prints "reserved" when it reserved every range,
 * or why not (the test then fails: the layout is not the one it needs).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fp-proto.h"
#include "fp-reserve.h"

#define NCALL	1000

unsigned long fr_total;
unsigned long fr_step(unsigned long x);

__attribute__((noinline)) unsigned long
fr_step(unsigned long x)
{
	fr_total += x;
	return fr_total;
}

static uint64_t
start_brk(void)
{
	char buf[2048], *p;
	unsigned long long v = 0;
	size_t n;
	FILE *f;
	int i;

	f = fopen("/proc/self/stat", "re");
	if (f == NULL)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (p == NULL)
		return 0;
	p++;
	for (i = 3; i < 47; i++) {
		p += strspn(p, " ");
		p += strcspn(p, " ");
	}
	if (sscanf(p, " %llu", &v) != 1)
		return 0;
	return v;
}

static int
reserve(void)
{
	unsigned long long min = 4096;
	uint64_t sb;
	FILE *f;

	sb = start_brk();
	if (sb == 0)
		return printf("no start_brk\n"), -1;
	f = fopen("/proc/sys/vm/mmap_min_addr", "re");
	if (f != NULL) {
		if (fscanf(f, "%llu", &min) != 1)
			min = 4096;
		fclose(f);
	}
	if (fp_reserve((min + 4095) & ~4095ull, sb) < 0)
		return -1;
	printf("reserved\n");
	return 0;
}

int
main(void)
{
	unsigned long sum = 0;
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (reserve() < 0)
		return 1;
	fp_ready();
	for (i = 0; i < NCALL; i++)
		sum = fr_step((unsigned long)i + 1);
	printf("calls=%d sum=%lu\n", NCALL, sum);
	fp_done();
	return 0;
}
