/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lib/radix.h: a stable sort of fixed-size entries by an unsigned 64-bit
 * key inside each, least significant 16-bit digit first: four passes
 * over the entries whatever their order, where qsort's comparisons cost
 * a millisecond on a module's symbol table (libc with its debug file:
 * about 9,600 entries) that a syscall site's first call waits for.
 * Header-only and a leaf, as all of lib/ (lib/fnv.h).
 */
#ifndef PIDTRACE_LIB_RADIX_H
#define PIDTRACE_LIB_RADIX_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline uint64_t
radix_key(const void *e, size_t keyoff)
{
	uint64_t k;

	memcpy(&k, (const char *)e + keyoff, sizeof(k));
	return k;
}

/*
 * Sort v[0..n), entries of sz bytes, by the uint64_t at keyoff in each,
 * keeping the order of equal keys.  0 when sorted; -1, v untouched, when
 * no memory is to be had (the caller falls back to qsort).
 */
static inline int
radix_sort64(void *v, size_t n, size_t sz, size_t keyoff)
{
	char *tmp, *from, *to, *t;
	size_t i, sum, c;
	uint32_t *cnt;
	unsigned sh;

	if (n < 2)
		return 0;
	tmp = malloc(n * sz);
	cnt = malloc(65536 * sizeof(*cnt));
	if (tmp == NULL || cnt == NULL) {
		free(tmp);
		free(cnt);
		return -1;
	}
	from = v;
	to = tmp;
	for (sh = 0; sh < 64; sh += 16) {
		memset(cnt, 0, 65536 * sizeof(*cnt));
		for (i = 0; i < n; i++)
			cnt[radix_key(from + i * sz, keyoff) >> sh & 0xffff]++;
		if (cnt[radix_key(from, keyoff) >> sh & 0xffff] == n)
			continue;	/* one digit for all: in order */
		for (i = sum = 0; i < 65536; i++) {
			c = cnt[i];
			cnt[i] = (uint32_t)sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			memcpy(to + (size_t)cnt[radix_key(from + i * sz,
			    keyoff) >> sh & 0xffff]++ * sz, from + i * sz, sz);
		t = from;
		from = to;
		to = t;
	}
	if (from != (char *)v)
		memcpy(v, from, n * sz);
	free(tmp);
	free(cnt);
	return 0;
}

#endif /* PIDTRACE_LIB_RADIX_H */
