/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/nmsort.h: pidnm's sort, in the orders binutils nm (2.40) lists
 * symbols: by name (strcmp() in the C locale, strcoll() in a collating
 * one), by value (-n: undefined first, then by value, then by name), or
 * either reversed (-r); equal keys keep their symbol-table order, as
 * nm's stable qsort() does.  Not thread-safe (one sort at a time).
 */
#ifndef PIDTRACE_CMD_NMSORT_H
#define PIDTRACE_CMD_NMSORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "probes/elfsym.h"

/* A symbol to sort: its name is copied out of it, so that the sort
 * touches one array. */
typedef struct nmsort_ent {
	uint64_t	en_key;		/* 8 bytes of en_name */
	const char	*en_name;
	const pb_sym_t	*en_sym;
} nmsort_ent_t;

/* nmsort's orders: none of them is the default, by name with strcmp. */
#define NMSORT_NUMERIC	0x01	/* -n */
#define NMSORT_REVERSE	0x02	/* -r */
#define NMSORT_COLL		0x04	/* strcoll(): LC_COLLATE is not C */

void		nmsort_init(nmsort_ent_t *e, const pb_sym_t *s);

/* Sort ents[0..n) in order (NMSORT_ flags); tmp has room for n. */
void		nmsort(nmsort_ent_t *ents, size_t n, nmsort_ent_t *tmp,
		    int order);

/* Whether nm prints no value for s (undefined, weak undefined). */
bool		nmsort_undefined(const pb_sym_t *s);

/* The value nm sorts on and prints: a common symbol shows its size. */
uint64_t	nmsort_value(const pb_sym_t *s);

#endif /* PIDTRACE_CMD_NMSORT_H */
