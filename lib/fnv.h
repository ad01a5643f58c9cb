/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lib/fnv.h: the FNV-1a hash (Fowler, Noll, Vo; 64-bit offset basis
 * 14695981039346656037, prime 1099511628211), for the hash tables of
 * every stage.  lib/ holds header-only helpers that any stage may
 * include without depending on another: each is a leaf, as demangle/.
 */
#ifndef PIDTRACE_LIB_FNV_H
#define PIDTRACE_LIB_FNV_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_BASIS	0xcbf29ce484222325ULL

/* Hash n bytes at p into h (FNV1A_BASIS, or a seed of the caller's). */
static inline uint64_t
fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *s = p;
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ s[i]) * 0x100000001b3ULL;
	return h;
}

/* The hash of a NUL-terminated string. */
static inline uint64_t
fnv1a_str(const char *s)
{
	uint64_t h = FNV1A_BASIS;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

#endif /* PIDTRACE_LIB_FNV_H */
