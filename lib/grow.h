/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lib/grow.h: room for one more entry in an array that doubles as it
 * fills, as the tables of several stages grow.  Header-only and a leaf,
 * as all of lib/ (lib/fnv.h).
 */
#ifndef PIDTRACE_LIB_GROW_H
#define PIDTRACE_LIB_GROW_H

#include <stddef.h>
#include <stdlib.h>

/*
 * Room for one more entry in v, an array of n entries of sz bytes with
 * room for *cap: v itself, or v moved by realloc to twice the room
 * (first entries when it had none) with *cap updated; NULL, v and *cap
 * untouched, when memory runs out.  The caller stores what it gets:
 *
 *	p = array_room(t->t_v, t->t_n, &t->t_cap, sizeof(*p), 64);
 *	if (p == NULL)
 *		return -1;
 *	t->t_v = p;
 */
static inline void *
array_room(void *v, size_t n, size_t *cap, size_t sz, size_t first)
{
	size_t nc;

	if (n < *cap)
		return v;
	nc = *cap ? 2 * *cap : first;
	v = realloc(v, nc * sz);
	if (v != NULL)
		*cap = nc;
	return v;
}

#endif /* PIDTRACE_LIB_GROW_H */
