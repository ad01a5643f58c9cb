/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lib/strpack.h: several strings copied into one allocation, as the
 * names of a probe (provider, module, function, name) that live and die
 * together.  One block instead of a strdup each: with a probe on every
 * function of a big program (node: 77,000) the allocator's minimum chunk
 * and header of each small copy cost more than the names themselves.
 */
#ifndef PIDTRACE_LIB_STRPACK_H
#define PIDTRACE_LIB_STRPACK_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/*
 * Copies of the n strings in[] in one block, *out[k] set to the copy of
 * in[k]; *out[0] is the block, the one pointer to free.  -1 (nothing
 * set) when memory runs out.
 */
static inline int
strpack(const char *const *in, char **const *out, size_t n)
{
	size_t k, sum = 0, off = 0;
	char *b;

	for (k = 0; k < n; k++)
		sum += strlen(in[k]) + 1;
	if ((b = malloc(sum)) == NULL)
		return -1;
	for (k = 0; k < n; k++) {
		size_t len = strlen(in[k]) + 1;

		memcpy(b + off, in[k], len);
		*out[k] = b + off;
		off += len;
	}
	return 0;
}

#endif /* PIDTRACE_LIB_STRPACK_H */
