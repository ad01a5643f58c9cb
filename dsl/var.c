/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * var.c: where variables live.  Globals and this-> are flat arrays of
 * slots resolved at compile time; self-> is one record per thread, found
 * by tid in an open-addressing table with a one-entry cache (a traced
 * thread tends to fire several probes in a row); associative arrays and
 * aggregations are chained hash tables of serialised keys.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dsl/rt.h"
#include "lib/fnv.h"

/* FNV-1a from a seed of its own (not FNV's basis), so that a key keeps
 * the hash it always had, and the variable's id in it. */
uint64_t
dsl_var_hash(uint32_t id, const void *key, size_t len)
{
	uint64_t h = fnv1a(1469598103934665603ULL ^ id, key, len);

	return h ^ (h >> 29);
}

dsl_hent_t *
dsl_var_ht_find(dsl_htab_t *ht, uint32_t id, const void *key, size_t len,
    uint64_t hash)
{
	dsl_hent_t *he;

	if (ht->ht_nb == 0)
		return NULL;
	for (he = ht->ht_b[hash & (ht->ht_nb - 1)]; he != NULL;
	    he = he->he_next) {
		if (he->he_hash == hash && he->he_id == id &&
		    he->he_klen == len && memcmp(HE_KEY(ht, he), key, len) == 0)
			return he;
	}
	return NULL;
}

static int
grow(dsl_htab_t *ht)
{
	size_t nb = ht->ht_nb ? ht->ht_nb * 2 : 64, i;
	dsl_hent_t **b = calloc(nb, sizeof(*b));

	if (b == NULL)
		return -1;
	for (i = 0; i < ht->ht_nb; i++) {
		dsl_hent_t *he, *next;

		for (he = ht->ht_b[i]; he != NULL; he = next) {
			next = he->he_next;
			he->he_next = b[he->he_hash & (nb - 1)];
			b[he->he_hash & (nb - 1)] = he;
		}
	}
	free(ht->ht_b);
	ht->ht_b = b;
	ht->ht_nb = nb;
	return 0;
}

dsl_hent_t *
dsl_var_ht_insert(dsl_htab_t *ht, uint32_t id, const void *key, size_t len,
    uint64_t hash)
{
	dsl_hent_t *he;
	size_t i;

	if (ht->ht_n >= ht->ht_nb && grow(ht) != 0)
		return NULL;
	he = calloc(1, sizeof(*he) + ht->ht_dsize + len);
	if (he == NULL)
		return NULL;
	he->he_hash = hash;
	he->he_id = id;
	he->he_klen = (uint32_t)len;
	memcpy(HE_KEY(ht, he), key, len);
	i = hash & (ht->ht_nb - 1);
	he->he_next = ht->ht_b[i];
	ht->ht_b[i] = he;
	ht->ht_n++;
	ht->ht_bytes += HE_BYTES(ht, len);
	return he;
}

void
dsl_var_ht_remove(dsl_htab_t *ht, dsl_hent_t *he)
{
	dsl_hent_t **pp = &ht->ht_b[he->he_hash & (ht->ht_nb - 1)];

	for (; *pp != NULL; pp = &(*pp)->he_next) {
		if (*pp == he) {
			*pp = he->he_next;
			ht->ht_n--;
			ht->ht_bytes -= HE_BYTES(ht, he->he_klen);
			free(he);
			return;
		}
	}
}

void
dsl_var_ht_free(dsl_htab_t *ht)
{
	size_t i;

	for (i = 0; i < ht->ht_nb; i++) {
		dsl_hent_t *he, *next;

		for (he = ht->ht_b[i]; he != NULL; he = next) {
			next = he->he_next;
			free(he);
		}
	}
	free(ht->ht_b);
	ht->ht_b = NULL;
	ht->ht_nb = ht->ht_n = ht->ht_bytes = 0;
}

int
dsl_var_thr_init(dsl_rt_t *rt)
{
	rt->rt_thrcap = 64;
	rt->rt_thr = calloc(rt->rt_thrcap, sizeof(dsl_thr_t));
	return rt->rt_thr == NULL ? -1 : 0;
}

void
dsl_var_thr_fini(dsl_rt_t *rt)
{
	size_t i;

	for (i = 0; i < rt->rt_thrcap; i++) {
		free(rt->rt_thr[i].th_ints);
		free(rt->rt_thr[i].th_strs);
		free(rt->rt_thr[i].th_mem);
	}
	free(rt->rt_thr);
	rt->rt_thr = NULL;
}

static size_t
slot_of(size_t cap, int64_t tid)
{
	uint64_t h = (uint64_t)tid * 0x9E3779B97F4A7C15ULL;

	return (size_t)(h >> 32) & (cap - 1);
}

static dsl_thr_t *
probe_tid(dsl_thr_t *tab, size_t cap, int64_t tid)
{
	size_t i = slot_of(cap, tid), n;

	for (n = 0; n < cap; n++, i = (i + 1) & (cap - 1)) {
		if (!tab[i].th_used || tab[i].th_tid == tid)
			return &tab[i];
	}
	return NULL;
}

static int
rehash(dsl_rt_t *rt)
{
	size_t cap = rt->rt_thrcap * 2, i;
	dsl_thr_t *tab = calloc(cap, sizeof(*tab));

	if (tab == NULL)
		return -1;
	for (i = 0; i < rt->rt_thrcap; i++) {
		if (rt->rt_thr[i].th_used)
			*probe_tid(tab, cap, rt->rt_thr[i].th_tid) =
			    rt->rt_thr[i];
		else {
			free(rt->rt_thr[i].th_ints);
			free(rt->rt_thr[i].th_strs);
			free(rt->rt_thr[i].th_mem);
		}
	}
	free(rt->rt_thr);
	rt->rt_thr = tab;
	rt->rt_thrcap = cap;
	rt->rt_lastthr = NULL;
	return 0;
}

/* The self-> record of a thread; with create, made on first need (a
 * store), else NULL for a thread that never stored anything. */
dsl_thr_t *
dsl_var_thr_get(dsl_rt_t *rt, int64_t tid, bool create)
{
	const dsl_prog_t *pg = rt->rt_pg;
	dsl_thr_t *t;
	size_t i;

	if (rt->rt_lastthr != NULL && rt->rt_lastthr->th_tid == tid &&
	    rt->rt_lastthr->th_used)
		return rt->rt_lastthr;
	t = probe_tid(rt->rt_thr, rt->rt_thrcap, tid);
	if (t != NULL && t->th_used) {
		rt->rt_lastthr = t;
		return t;
	}
	if (!create)
		return NULL;
	if ((rt->rt_nthr + 1) * 2 > rt->rt_thrcap) {
		if (rehash(rt) != 0)
			return NULL;
		t = probe_tid(rt->rt_thr, rt->rt_thrcap, tid);
	}
	/* a freed slot keeps its buffers for reuse */
	if (t->th_ints == NULL && pg->pg_nself_int > 0)
		t->th_ints = calloc(pg->pg_nself_int, sizeof(int64_t));
	if (t->th_strs == NULL && pg->pg_nself_str > 0) {
		t->th_strs = calloc(pg->pg_nself_str, rt->rt_strsize);
		/* a self-> string not yet set is NULL, as dtrace's
		 * dynamic variables are */
		for (i = 0; t->th_strs != NULL && i < pg->pg_nself_str; i++)
			t->th_strs[i * rt->rt_strsize + 1] = DSL_NULLMARK;
	}
	if (t->th_mem == NULL && pg->pg_nself_mem > 0)
		t->th_mem = calloc(1, pg->pg_nself_mem);
	if ((pg->pg_nself_int > 0 && t->th_ints == NULL) ||
	    (pg->pg_nself_str > 0 && t->th_strs == NULL) ||
	    (pg->pg_nself_mem > 0 && t->th_mem == NULL))
		return NULL;
	t->th_tid = tid;
	t->th_used = true;
	rt->rt_nthr++;
	rt->rt_lastthr = t;
	return t;
}

/* Free the elements of self->x[k] arrays that thread tid made: their
 * keys start with its id. */
static void
drop_self_elements(dsl_rt_t *rt, int64_t tid)
{
	dsl_htab_t *ht = &rt->rt_arrays;
	size_t i;

	for (i = 0; i < ht->ht_nb; i++) {
		dsl_hent_t **pp = &ht->ht_b[i], *he;

		while ((he = *pp) != NULL) {
			if (rt->rt_pg->pg_vars[he->he_id].va_self &&
			    he->he_klen >= 8 &&
			    memcmp(HE_KEY(ht, he), &tid, 8) == 0) {
				*pp = he->he_next;
				ht->ht_n--;
				ht->ht_bytes -= HE_BYTES(ht, he->he_klen);
				free(he);
			} else {
				pp = &he->he_next;
			}
		}
	}
}

void
dsl_var_thread_gone(dsl_rt_t *rt, uint64_t tid)
{
	dsl_thr_t *t = probe_tid(rt->rt_thr, rt->rt_thrcap, (int64_t)tid);
	size_t i, j;

	if (rt->rt_selfarrays)
		drop_self_elements(rt, (int64_t)tid);
	if (t == NULL || !t->th_used)
		return;
	/* Open addressing: empty the slot, then re-place the rest of its
	 * cluster so that lookups still find them. */
	free(t->th_ints);
	free(t->th_strs);
	free(t->th_mem);
	memset(t, 0, sizeof(*t));
	rt->rt_nthr--;
	rt->rt_lastthr = NULL;
	i = (size_t)(t - rt->rt_thr);
	for (j = (i + 1) & (rt->rt_thrcap - 1); rt->rt_thr[j].th_used;
	    j = (j + 1) & (rt->rt_thrcap - 1)) {
		dsl_thr_t moved = rt->rt_thr[j];

		memset(&rt->rt_thr[j], 0, sizeof(dsl_thr_t));
		*probe_tid(rt->rt_thr, rt->rt_thrcap, moved.th_tid) = moved;
	}
}
