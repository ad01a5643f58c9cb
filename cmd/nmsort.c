/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/nmsort.c: the orders binutils nm lists symbols in (nmsort.h): its
 * name order (strcmp in C, strcoll in a collating locale), -n's numeric
 * order, -r reversing either; equal keys keep their table order.
 */
#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/nmsort.h"

/* The order asked for (nmsort's how): qsort has no argument. */
static int how;

bool
nmsort_undefined(const pb_sym_t *s)
{
	return s->sy_type == 'U' || s->sy_type == 'w' || s->sy_type == 'v';
}

uint64_t
nmsort_value(const pb_sym_t *s)
{
	return (s->sy_flags & PB_SYF_COMMON) ? s->sy_size : s->sy_value;
}

/*
 * Equal names keep their table order: nm's qsort() is glibc's merge
 * sort, which is stable, and nm filters before sorting.  So every order
 * here is total, with the table index last.
 */
static int
cmp_index(const nmsort_ent_t *a, const nmsort_ent_t *b)
{
	return a->en_sym->sy_index < b->en_sym->sy_index ? -1 :
	    a->en_sym->sy_index > b->en_sym->sy_index;
}

/* nm's non_numeric_forward(): strcoll(), which is strcmp() in C. */
static int
cmp_name(const nmsort_ent_t *a, const nmsort_ent_t *b)
{
	return (how & NMSORT_COLL) ? strcoll(a->en_name, b->en_name) :
	    strcmp(a->en_name, b->en_name);
}

/* nm's numeric_forward(): undefined first, then by value, then name. */
static int
cmp_num(const nmsort_ent_t *a, const nmsort_ent_t *b)
{
	bool ua = nmsort_undefined(a->en_sym), ub = nmsort_undefined(b->en_sym);
	uint64_t va, vb;

	if (ua != ub)
		return ua ? -1 : 1;
	if (!ua) {
		va = nmsort_value(a->en_sym);
		vb = nmsort_value(b->en_sym);
		if (va != vb)
			return va < vb ? -1 : 1;
	}
	return cmp_name(a, b);
}

/* -r reverses the comparison, not the table-order tie break. */
static int
cmp(const nmsort_ent_t *a, const nmsort_ent_t *b)
{
	int c = (how & NMSORT_NUMERIC) ? cmp_num(a, b) : cmp_name(a, b);

	if (c != 0)
		return (how & NMSORT_REVERSE) ? -c : c;
	return cmp_index(a, b);
}

/* A merge sort with cmp(): for -n, -r and collating locales. */
static void
merge_sort(nmsort_ent_t *a, size_t n, nmsort_ent_t *tmp)
{
	size_t width, i, l, m, r, j, k;
	nmsort_ent_t *src = a, *dst = tmp, *t;

	/* Short runs by insertion first: fewer passes. */
	for (i = 0; i < n; i += 16) {
		r = i + 16 < n ? i + 16 : n;
		for (j = i + 1; j < r; j++) {
			nmsort_ent_t x = a[j];

			for (k = j; k > i && cmp(&a[k - 1], &x) > 0; k--)
				a[k] = a[k - 1];
			a[k] = x;
		}
	}
	for (width = 16; width < n; width *= 2) {
		for (l = 0; l < n; l += 2 * width) {
			m = l + width < n ? l + width : n;
			r = l + 2 * width < n ? l + 2 * width : n;
			i = l;
			j = m;
			k = l;
			while (i < m && j < r)
				dst[k++] = cmp(&src[j], &src[i]) < 0 ?
				    src[j++] : src[i++];
			while (i < m)
				dst[k++] = src[i++];
			while (j < r)
				dst[k++] = src[j++];
		}
		t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof(*a));
}

static inline void
swap_ent(nmsort_ent_t *a, nmsort_ent_t *b)
{
	nmsort_ent_t t = *a;

	*a = *b;
	*b = t;
}

/* Bytes [0, 8) of S, big-endian, zeros after its NUL: comparing two
 * keys compares the bytes as strcmp() would. */
static uint64_t
chunk(const char *s)
{
	uint64_t k = 0;
	int i;

	for (i = 0; i < 8; i++) {
		k = k << 8 | (unsigned char)s[i];
		if (s[i] == '\0')
			return k << 8 * (7 - i);
	}
	return k;
}

/* Whether a chunk holds the end of its string. */
static inline bool
chunk_ends(uint64_t k)
{
	return (k & 0xff) == 0;
}

/* Entries whose names share their first D bytes; en_key holds bytes
 * [D, D+8).  By name, then table index. */
static int
cmp_from(const nmsort_ent_t *a, const nmsort_ent_t *b, size_t d)
{
	int c;

	if (a->en_key != b->en_key)
		return a->en_key < b->en_key ? -1 : 1;
	if (!chunk_ends(a->en_key)) {
		c = strcmp(a->en_name + d + 8, b->en_name + d + 8);
		if (c != 0)
			return c;
	}
	return cmp_index(a, b);
}

static void
insertion_sort(nmsort_ent_t *a, size_t n, size_t d)
{
	size_t i, k;

	for (i = 1; i < n; i++) {
		nmsort_ent_t x = a[i];

		for (k = i; k > 0 && cmp_from(&a[k - 1], &x, d) > 0; k--)
			a[k] = a[k - 1];
		a[k] = x;
	}
}

static int
qcmp_index(const void *a, const void *b)
{
	return cmp_index(a, b);
}

/*
 * The default sort, strcmp() order: a multikey quicksort (Bentley and
 * Sedgewick) whose "characters" are 8-byte chunks.  C++ names share
 * long prefixes ("_ZN2v88internal8compiler..." in node): a comparison
 * sort spends its time in strcmp() going over them again and again;
 * this reads each chunk of a shared prefix about once per level, and
 * from the entry, not from the string table.  All entries share their
 * first D bytes and hold bytes [D, D+8) in en_key.
 */
static void
string_sort(nmsort_ent_t *a, size_t n, size_t d)
{
	size_t lt, gt, i;
	uint64_t v, x, y, z;

	while (n > 12) {
		/* Median of three as the pivot. */
		x = a[0].en_key;
		y = a[n / 2].en_key;
		z = a[n - 1].en_key;
		v = x < y ? (y < z ? y : (x < z ? z : x)) :
		    (x < z ? x : (y < z ? z : y));
		lt = i = 0;
		gt = n;
		while (i < gt) {
			uint64_t c = a[i].en_key;

			if (c < v)
				swap_ent(&a[lt++], &a[i++]);
			else if (c > v)
				swap_ent(&a[i], &a[--gt]);
			else
				i++;
		}
		string_sort(a, lt, d);
		string_sort(a + gt, n - gt, d);
		/* The middle shares 8 more bytes, or is a run of equal
		 * names if they end there: those keep table order. */
		a += lt;
		n = gt - lt;
		if (chunk_ends(v)) {
			qsort(a, n, sizeof(*a), qcmp_index);
			return;
		}
		d += 8;
		for (i = 0; i < n; i++)
			a[i].en_key = chunk(a[i].en_name + d);
	}
	insertion_sort(a, n, d);
}

void
nmsort_init(nmsort_ent_t *e, const pb_sym_t *s)
{
	e->en_sym = s;
	e->en_name = s->sy_name;
	e->en_key = chunk(s->sy_name);
}

void
nmsort(nmsort_ent_t *ents, size_t n, nmsort_ent_t *tmp, int order)
{
	how = order;
	if (how != 0)
		merge_sort(ents, n, tmp);
	else
		string_sort(ents, n, 0);
}
