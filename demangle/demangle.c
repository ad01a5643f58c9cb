/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * demangle.c: libiberty's demanglers behind a cache, shaped like nm -C.
 *
 * cplus_demangle() in auto style tries rust_demangle() first (legacy
 * Rust names are valid Itanium names too, so the order matters), then
 * cplus_demangle_v3().  We call the callback forms of the same two, in
 * the same order, so the text goes straight into the caller's buffer
 * without the malloc/realloc/strlen round of the string forms: that is
 * most of what makes `pidnm -C` cheaper than `nm -C`.
 */
#include <config.h>

#include <fnmatch.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

#include "demangle/demangle.h"
#include "lib/fnv.h"

/* nm's flags (binutils nm.c demangle_flags), with the auto style. */
#define DM_FLAGS	(DMGL_PARAMS | DMGL_ANSI | DMGL_AUTO)

bool
dm_buf_reserve(dm_buf_t *b, size_t n)
{
	size_t cap;
	char *p;

	if (b->db_cap - b->db_len >= n)
		return true;
	cap = b->db_cap ? b->db_cap : 256;
	while (cap - b->db_len < n)
		cap *= 2;
	p = realloc(b->db_data, cap);
	if (p == NULL)
		return false;
	b->db_data = p;
	b->db_cap = cap;
	return true;
}

/* The sink libiberty writes into; a failed append poisons the buffer. */
struct sink {
	dm_buf_t	*sk_buf;
	bool		sk_failed;
};

static void
sink_put(const char *s, size_t n, void *opaque)
{
	struct sink *sk = opaque;

	if (n == 0)
		return;	/* an empty prefix into a buffer not yet allocated */
	if (sk->sk_failed || !dm_buf_reserve(sk->sk_buf, n)) {
		sk->sk_failed = true;
		return;
	}
	memcpy(sk->sk_buf->db_data + sk->sk_buf->db_len, s, n);
	sk->sk_buf->db_len += n;
}

bool
dm_maybe_mangled(const char *name)
{
	/* bfd_demangle() skips leading dots and dollars (PowerPC64, XCOFF). */
	while (*name == '.' || *name == '$')
		name++;
	/* _Z: Itanium and legacy Rust; _R: Rust v0; _GLOBAL_: ctor lists. */
	return name[0] == '_' &&
	    (name[1] == 'Z' || name[1] == 'R' || name[1] == 'G');
}

/*
 * Whether rust_demangle_callback() can accept CORE (LEN bytes).  It
 * takes "_R..." (v0) and legacy "_ZN...17h<16 hex digits>E" only, and
 * rejects other "_ZN" names after scanning every byte; most C++ names
 * fail this test on their last bytes instead.
 */
static bool
maybe_rust(const char *core, size_t len)
{
	if (core[1] == 'R')
		return true;
	return core[1] == 'Z' && core[2] == 'N' && len > 3 + 20 &&
	    core[len - 1] == 'E' && memcmp(core + len - 20, "17h", 3) == 0;
}

bool
dm_demangle_append(dm_buf_t *b, const char *name)
{
	char stack[256], *core = stack;
	const char *start = name, *at;
	size_t pre, len, keep = b->db_len;
	struct sink sk = { b, false };
	int ok;

	if (!dm_maybe_mangled(name))
		return false;
	while (*name == '.' || *name == '$')
		name++;
	pre = name - start;

	/* bfd_demangle(): "_ZN3foo3barEv@GLIBCXX_3.4" demangles without
	 * the version, which is put back after. */
	at = strchr(name, '@');
	len = at ? (size_t)(at - name) : strlen(name);
	if (at != NULL) {
		if (len >= sizeof(stack) && (core = malloc(len + 1)) == NULL)
			return false;
		memcpy(core, name, len);
		core[len] = '\0';
	} else {
		core = (char *)name;
	}

	sink_put(start, pre, &sk);
	ok = maybe_rust(core, len) &&
	    rust_demangle_callback(core, DM_FLAGS, sink_put, &sk);
	if (!ok) {
		b->db_len = keep + pre;
		ok = cplus_demangle_v3_callback(core, DM_FLAGS, sink_put, &sk);
	}
	if (ok && at != NULL)
		sink_put(at, strlen(at), &sk);
	if (core != stack && core != name)
		free(core);
	if (!ok || sk.sk_failed) {
		b->db_len = keep;
		return false;
	}
	return true;
}

/*
 * The cache: open addressing on a power-of-two table of entries, each
 * one allocation holding the mangled key and its demangled form.  A
 * name that does not demangle is cached too (de_demangled NULL), so a
 * failing name costs the demangler once.
 */
struct entry {
	uint64_t	de_hash;
	char		*de_mangled;	/* owned; de_demangled follows it */
	char		*de_demangled;	/* NULL: not mangled */
};

static struct entry *cache;
static size_t cache_cap, cache_used;
static dm_buf_t scratch;

static bool
cache_grow(void)
{
	size_t ncap = cache_cap ? cache_cap * 2 : 1024, i, j;
	struct entry *n = calloc(ncap, sizeof(*n));

	if (n == NULL)
		return false;
	for (i = 0; i < cache_cap; i++) {
		if (cache[i].de_mangled == NULL)
			continue;
		for (j = cache[i].de_hash & (ncap - 1); n[j].de_mangled;
		    j = (j + 1) & (ncap - 1))
			;
		n[j] = cache[i];
	}
	free(cache);
	cache = n;
	cache_cap = ncap;
	return true;
}

const char *
dm_demangle(const char *mangled)
{
	uint64_t h;
	size_t i, klen;
	struct entry *e;
	bool ok;
	char *mem;

	if (mangled == NULL || !dm_maybe_mangled(mangled))
		return mangled;
	h = fnv1a_str(mangled);
	if (cache_cap != 0) {
		for (i = h & (cache_cap - 1); cache[i].de_mangled;
		    i = (i + 1) & (cache_cap - 1)) {
			e = &cache[i];
			if (e->de_hash == h && strcmp(e->de_mangled, mangled) == 0)
				return e->de_demangled ? e->de_demangled : mangled;
		}
	}
	/* Keep the load under one half, so probes stay short. */
	if ((cache_used + 1) * 2 > cache_cap && !cache_grow())
		return mangled;

	scratch.db_len = 0;
	ok = dm_demangle_append(&scratch, mangled);
	klen = strlen(mangled) + 1;
	mem = malloc(klen + (ok ? scratch.db_len + 1 : 0));
	if (mem == NULL)
		return mangled;
	memcpy(mem, mangled, klen);
	for (i = h & (cache_cap - 1); cache[i].de_mangled;
	    i = (i + 1) & (cache_cap - 1))
		;
	e = &cache[i];
	e->de_hash = h;
	e->de_mangled = mem;
	e->de_demangled = NULL;
	if (ok) {
		e->de_demangled = mem + klen;
		memcpy(e->de_demangled, scratch.db_data, scratch.db_len);
		e->de_demangled[scratch.db_len] = '\0';
	}
	cache_used++;
	return ok ? e->de_demangled : mangled;
}

bool
dm_glob_is_literal(const char *glob)
{
	return strpbrk(glob, "*?[\\") == NULL;
}

bool
dm_match(const char *glob, const char *mangled)
{
	const char *d;

	if (glob == NULL || *glob == '\0')
		return true;
	if (fnmatch(glob, mangled, 0) == 0)
		return true;
	if (!dm_maybe_mangled(mangled))
		return false;
	d = dm_demangle(mangled);
	return d != mangled && fnmatch(glob, d, 0) == 0;
}

void
dm_reset(void)
{
	size_t i;

	for (i = 0; i < cache_cap; i++)
		free(cache[i].de_mangled);
	free(cache);
	cache = NULL;
	cache_cap = cache_used = 0;
	free(scratch.db_data);
	scratch = (dm_buf_t){ 0 };
}
