/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fast/fastidx.c: the live fast sites by the first byte their jump
 * replaced.  Every read of tracee text overlays the original bytes of
 * the jumps it covers, and an insert or removal looks its site up: with
 * one probe on every function of a large program (node: 67,000 jumps)
 * a walk of every site at each of those made arming quadratic (minutes
 * of CPU).  A sorted array of site indices answers in O(log n): a jump
 * replaces at most TR_RELOC_MAX bytes, so the sites overlapping [a, b)
 * have fs_p0 in [a - TR_RELOC_MAX, b).
 *
 * Sites are appended as they go live, nearly in address order (arming
 * goes function by function); an entry whose site is no longer live
 * stays until the next sort, which drops it.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tracer/fast/fast.h"

static const struct tr_fast *cmp_fa;	/* qsort has no cookie */

static int
cmp_p0(const void *a, const void *b)
{
	const tr_fsite_t *x = &cmp_fa->fa_sites[*(const uint32_t *)a];
	const tr_fsite_t *y = &cmp_fa->fa_sites[*(const uint32_t *)b];

	if (x->fs_p0 != y->fs_p0)
		return x->fs_p0 < y->fs_p0 ? -1 : 1;
	return 0;
}

/* Sorted again, without the sites that are no longer live. */
static void
resort(struct tr_fast *fa)
{
	size_t i, n = 0;

	for (i = 0; i < fa->fa_nidx; i++)
		if (fa->fa_idx[i] < fa->fa_nsites &&
		    fa->fa_sites[fa->fa_idx[i]].fs_live)
			fa->fa_idx[n++] = fa->fa_idx[i];
	fa->fa_nidx = n;
	cmp_fa = fa;
	qsort(fa->fa_idx, n, sizeof(*fa->fa_idx), cmp_p0);
	cmp_fa = NULL;
	fa->fa_idxsorted = true;
}

/* Site i of fa went live. */
int
tr_fidx_add(struct tr_fast *fa, size_t i)
{
	uint32_t *n;

	if (fa->fa_nidx == fa->fa_idxcap) {
		size_t ncap = fa->fa_idxcap ? 2 * fa->fa_idxcap : 256;

		n = realloc(fa->fa_idx, ncap * sizeof(*n));
		if (n == NULL)
			return -1;
		fa->fa_idx = n;
		fa->fa_idxcap = ncap;
	}
	if (fa->fa_nidx != 0 && fa->fa_sites[fa->fa_idx[fa->fa_nidx - 1]].fs_p0 >
	    fa->fa_sites[i].fs_p0)
		fa->fa_idxsorted = false;
	fa->fa_idx[fa->fa_nidx++] = (uint32_t)i;
	return 0;
}

/* No site is live any more (teardown, exec). */
void
tr_fidx_clear(struct tr_fast *fa)
{
	fa->fa_nidx = 0;
	fa->fa_idxsorted = true;
}

void
tr_fidx_free(struct tr_fast *fa)
{
	free(fa->fa_idx);
	fa->fa_idx = NULL;
	fa->fa_nidx = fa->fa_idxcap = 0;
}

/* The first entry of the index whose site's fs_p0 >= from. */
static size_t
lower(struct tr_fast *fa, uint64_t from)
{
	size_t lo = 0, hi, m;

	if (!fa->fa_idxsorted)
		resort(fa);
	hi = fa->fa_nidx;
	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		if (fa->fa_sites[fa->fa_idx[m]].fs_p0 < from)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

/*
 * Call fn for every live site whose first replaced byte lies in
 * [a, b], in address order (a whole function by its ret); it returns
 * true to stop.
 */
void
tr_fidx_from(const struct tr_fast *cfa, uint64_t a, uint64_t b,
	     bool (*fn)(const tr_fsite_t *fs, void *arg), void *arg)
{
	struct tr_fast *fa = (struct tr_fast *)cfa;
	const tr_fsite_t *fs;
	size_t i;

	if (fa == NULL || fa->fa_nidx == 0)
		return;
	for (i = lower(fa, a); i < fa->fa_nidx; i++) {
		fs = &fa->fa_sites[fa->fa_idx[i]];
		if (fs->fs_p0 > b)
			break;
		if (fs->fs_live && fn(fs, arg))
			return;
	}
}

/*
 * Call fn for every live site whose replaced bytes overlap [a, b), in
 * address order; it returns true to stop.  The index is sorted on the
 * way when sites went live out of order (a query is const to its callers:
 * the order is not state they can see).
 */
void
tr_fidx_each(const struct tr_fast *cfa, uint64_t a, uint64_t b,
	     bool (*fn)(const tr_fsite_t *fs, void *arg), void *arg)
{
	struct tr_fast *fa = (struct tr_fast *)cfa;
	uint64_t from = a > TR_RELOC_MAX ? a - TR_RELOC_MAX : 0;
	size_t lo;
	const tr_fsite_t *fs;

	if (fa == NULL || fa->fa_nidx == 0)
		return;
	for (lo = lower(fa, from); lo < fa->fa_nidx; lo++) {
		fs = &fa->fa_sites[fa->fa_idx[lo]];
		if (fs->fs_p0 >= b)
			break;
		if (fs->fs_live && fs->fs_p0 + fs->fs_n > a && fn(fs, arg))
			return;
	}
}
