/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-reserve.h: fp_reserve(from, to) maps every free range of
 * [from, to) PROT_NONE (reserved, never touched: no memory used), for
 * targets that leave pidtrace only the room a test wants
 * (fp-reach, fp-stackroom).  The kernel keeps no stack guard gap from
 * an inaccessible mapping.
 */
#ifndef FP_RESERVE_H
#define FP_RESERVE_H

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define FP_MAXGAP	64

/* Maps every free range in [from, to) PROT_NONE; -1 when one failed. */
static inline int
fp_reserve(uint64_t from, uint64_t to)
{
	uint64_t lo[FP_MAXGAP], hi[FP_MAXGAP], a, b, prev = from;
	char line[512];
	unsigned n = 0, i;
	FILE *f;
	void *r;

	/* The ranges first, the mappings after: the file is read whole. */
	f = fopen("/proc/self/maps", "re");
	if (f == NULL)
		return printf("no maps\n"), -1;
	while (fgets(line, sizeof(line), f) != NULL && prev < to) {
		if (sscanf(line, "%" SCNx64 "-%" SCNx64, &a, &b) != 2 ||
		    b <= from)
			continue;
		if (a > prev && n < FP_MAXGAP) {
			lo[n] = prev;
			hi[n++] = a < to ? a : to;
		}
		if (b > prev)
			prev = b;
	}
	fclose(f);
	if (prev < to && n < FP_MAXGAP) {
		lo[n] = prev;
		hi[n++] = to;
	}
	for (i = 0; i < n; i++) {
		r = mmap((void *)(uintptr_t)lo[i], hi[i] - lo[i], PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
			 MAP_FIXED_NOREPLACE, -1, 0);
		if (r != (void *)(uintptr_t)lo[i])
			return printf("reserve %" PRIx64 "-%" PRIx64 ": %s\n",
				      lo[i], hi[i], strerror(errno)), -1;
	}
	return 0;
}

#endif
