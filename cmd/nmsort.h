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
typedef struct nm_ent {
	uint64_t	en_key;		/* 8 bytes of en_name */
	const char	*en_name;
	const pb_sym_t	*en_sym;
} nm_ent_t;

/* nm_sort's orders: none of them is the default, by name with strcmp. */
#define NM_NUMERIC	0x01	/* -n */
#define NM_REVERSE	0x02	/* -r */
#define NM_COLL		0x04	/* strcoll(): LC_COLLATE is not C */

void		nm_ent_init(nm_ent_t *e, const pb_sym_t *s);

/* Sort ents[0..n) in order (NM_ flags); tmp has room for n entries. */
void		nm_sort(nm_ent_t *ents, size_t n, nm_ent_t *tmp, int order);

/* Whether nm prints no value for s (undefined, weak undefined). */
bool		nm_undefined(const pb_sym_t *s);

/* The value nm sorts on and prints: a common symbol shows its size. */
uint64_t	nm_value(const pb_sym_t *s);

#endif /* PIDTRACE_CMD_NMSORT_H */
