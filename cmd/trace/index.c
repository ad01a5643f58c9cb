/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/index.c: one open-addressing index for the glue's two
 * tables (probes by name, sites by address): slots hold an entry's
 * index + 1, so the table itself stays an array that other code walks
 * and indexes (a site's index is its tracer cookie).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"

long
trace_index_find(const trace_index_t *ix, uint64_t h, trace_index_eq_fn *eq,
    const void *arg)
{
	size_t mask = ix->ix_size - 1, k;

	if (ix->ix_size == 0)
		return -1;
	for (k = h & mask; ix->ix_slots[k] != 0; k = (k + 1) & mask)
		if (eq(arg, ix->ix_slots[k] - 1))
			return (long)ix->ix_slots[k] - 1;
	return -1;
}

static void
put(uint32_t *slots, size_t size, uint64_t h, size_t i)
{
	size_t k;

	for (k = h & (size - 1); slots[k] != 0; k = (k + 1) & (size - 1))
		;
	slots[k] = (uint32_t)i + 1;
}

int
trace_index_add(trace_index_t *ix, uint64_t h, size_t i,
    trace_index_hash_fn *hash, const void *arg)
{
	if (2 * (i + 1) > ix->ix_size) {
		size_t nsize = ix->ix_size ? 2 * ix->ix_size : 1024, j;
		uint32_t *ns = calloc(nsize, sizeof(*ns));

		if (ns == NULL)
			return -1;
		for (j = 0; j < i; j++)
			put(ns, nsize, hash(arg, j), j);
		free(ix->ix_slots);
		ix->ix_slots = ns;
		ix->ix_size = nsize;
	}
	put(ix->ix_slots, ix->ix_size, h, i);
	return 0;
}

void
trace_index_clear(trace_index_t *ix)
{
	if (ix->ix_slots != NULL)
		memset(ix->ix_slots, 0, ix->ix_size * sizeof(*ix->ix_slots));
}

void
trace_index_free(trace_index_t *ix)
{
	free(ix->ix_slots);
	ix->ix_slots = NULL;
	ix->ix_size = 0;
}
