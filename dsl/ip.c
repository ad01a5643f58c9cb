/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ip.c: the pidtrace side of D in the traced process: the shared area's
 * layout (ip.h), the globals moved into it, the static aggregation
 * entries, folding the threads' buffers into the runtime's
 * aggregations, a thread's exit, the clock line, the drop counters, and
 * firing the rest of a record.
 *
 * Folding is dtrace's consumer merging its per-CPU buffers, with a
 * thread's buffer for a CPU's.  The buffers only grow (no switch: a
 * thread never waits for pidtrace), so pidtrace keeps a mirror of what
 * it folded of each and adds the difference: a count, a sum, a bucket
 * changes by what was added since.  min() and max() fold their value
 * (folding it twice changes nothing); clear() and trunc() move their
 * aggregation's generation on, and a thread restarts an entry of an
 * older generation at its next update, as Oracle's DTrace does with the
 * generation it keeps per aggregation in its BPF maps.  Everything the
 * tracee wrote is checked before use: a bad offset or id is skipped,
 * never followed.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dsl/ip.h"

#define PAGE		4096u
#define ALIGN(v, a)	(((v) + (a) - 1) & ~(size_t)((a) - 1))
#define AREA_MAX	((size_t)1 << 31)	/* rel32 displacements */
#define CBUF_RING	((size_t)1 << 20)	/* a capture ring's bytes */

static uint32_t
pow2_floor(uint64_t v, uint32_t *log)
{
	uint32_t n = 1, l = 0;

	while ((uint64_t)n * 2 <= v && l < 30) {
		n *= 2;
		l++;
	}
	*log = l;
	return n;
}

/* A size option's value: digits with an optional k, m, g suffix. */
static uint64_t
optsize(const dsl_prog_t *pg, const char *name, uint64_t def)
{
	const char *v = dsl_prog_option(pg, name);
	unsigned long long n;
	char *e;

	if (v == NULL || *v == '\0')
		return def;
	n = strtoull(v, &e, 0);
	switch (*e) {
	case 'k': case 'K': n <<= 10; break;
	case 'm': case 'M': n <<= 20; break;
	case 'g': case 'G': n <<= 30; break;
	}
	return n != 0 ? n : def;
}

void
dsl_ip_opts_default(const dsl_prog_t *pg, dsl_ip_opts_t *o)
{
	memset(o, 0, sizeof(*o));
	o->io_dynvarsize = optsize(pg, "dynvarsize", 1 << 20);
	/*
	 * Not -x aggsize: it bounds the entries pidtrace makes, so a
	 * program that sets it keeps its aggregations in pidtrace
	 * (jit.c), and the buffers here serve programs without it.
	 */
	o->io_aggsize = 256 << 10;
	o->io_nabuf = 64;
}

/* Whether any clause reads the process's memory: then its reads may be
 * captured at the firing, into buffers the area must have. */
static bool
prog_reads(const dsl_prog_t *pg)
{
	uint32_t n;

	for (n = 0; n < pg->pg_nnodes; n++) {
		const dsl_node_t *nd = &pg->pg_nodes[n];

		if (nd->dn_op == N_MEMBER || nd->dn_op == N_DEREF ||
		    nd->dn_op == N_INDEX || (nd->dn_op == N_CALL &&
		    (nd->dn_ival == F_COPYIN || nd->dn_ival == F_COPYINSTR ||
		    nd->dn_ival == F_STRINGOF || nd->dn_ival == F_PRINT ||
		    nd->dn_ival == F_INET_NTOA || nd->dn_ival == F_INET_NTOA6 ||
		    nd->dn_ival == F_INET_NTOP || nd->dn_ival == F_LINK_NTOP)))
			return true;
	}
	return false;
}

/* The layout of ip.h for the program and options. */
static int
layout(dsl_ip_t *ip, char *err, size_t errlen)
{
	const dsl_prog_t *pg = ip->ip_pg;
	const dsl_ip_opts_t *o = &ip->ip_o;
	size_t off, rest, nthr;

	ip->ip_thrsz = 8 + 8 * pg->pg_nself_int;
	nthr = o->io_dynvarsize / ip->ip_thrsz;
	if (nthr < 16)
		nthr = 16;
	ip->ip_nthr = pow2_floor(nthr > (1u << 20) ? 1u << 20 : nthr,
	    &ip->ip_thrlog);

	ip->ip_abufsz = ALIGN(o->io_aggsize, PAGE);
	if (ip->ip_abufsz < 2 * PAGE)
		ip->ip_abufsz = 2 * PAGE;
	ip->ip_nabuf = pow2_floor(o->io_nabuf < 2 ? 2 : o->io_nabuf,
	    &ip->ip_abuflog);
	/* a quarter for static entries, then the index and the heap */
	ip->ip_st = sizeof(dsl_ip_abuf_t);
	ip->ip_stsize = (uint32_t)ALIGN(ip->ip_abufsz / 4, 8);
	ip->ip_stused = ip->ip_st;
	ip->ip_idx = ip->ip_st + ip->ip_stsize;
	rest = ip->ip_abufsz - ip->ip_idx;
	/* the smallest entry (count, one key) is 40 bytes: an index of
	 * more than rest / 20 slots is never over half full */
	ip->ip_nidx = pow2_floor(rest / 10, &ip->ip_nidxlog);
	ip->ip_heap = ip->ip_idx + 4 * ip->ip_nidx;
	ip->ip_heapsz = (uint32_t)(ip->ip_abufsz - ip->ip_heap);

	off = ALIGN(sizeof(dsl_ip_hdr_t), 64);
	ip->ip_gen = (uint32_t)off;
	off += 8 * (size_t)pg->pg_naggs;
	ip->ip_glob = (uint32_t)off;
	off += 8 * (size_t)pg->pg_nglobal_int;
	ip->ip_zero = (uint32_t)off;
	off += ip->ip_thrsz;
	ip->ip_thr = ALIGN(off, PAGE);
	off = ip->ip_thr + (size_t)ip->ip_nthr * ip->ip_thrsz;
	ip->ip_abuf = ALIGN(off, PAGE);
	ip->ip_size = ip->ip_abuf + (size_t)ip->ip_nabuf * ip->ip_abufsz;
	/* capture buffers: a ring of 1 MB a thread (a firing reserves at
	 * most a quarter), for as many threads as aggregate */
	ip->ip_cbuf = ip->ip_size;
	if (prog_reads(pg)) {
		ip->ip_cbufsz = 64 + CBUF_RING;
		ip->ip_ncbuf = ip->ip_nabuf;
		ip->ip_cbuflog = ip->ip_abuflog;
		ip->ip_size = ALIGN(ip->ip_cbuf + (size_t)ip->ip_ncbuf *
		    ip->ip_cbufsz, PAGE);
	}
	if (ip->ip_size >= AREA_MAX || ip->ip_abufsz >= AREA_MAX ||
	    ip->ip_nidxlog < 4) {
		snprintf(err, errlen, "the in-process area would take %zu "
		    "bytes: lower -x dynvarsize", ip->ip_size);
		return -1;
	}
	return 0;
}

dsl_ip_t *
dsl_ip_create(dsl_rt_t *rt, const dsl_ip_opts_t *o, char *err,
    size_t errlen)
{
	dsl_ip_t *ip = calloc(1, sizeof(*ip));

	if (ip == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	ip->ip_rt = rt;
	ip->ip_pg = rt->rt_pg;
	ip->ip_o = *o;
	ip->ip_keycap = rt->rt_keycap;
	if ((ip->ip_key = malloc(ip->ip_keycap)) == NULL) {
		snprintf(err, errlen, "out of memory");
		free(ip);
		return NULL;
	}
	if (layout(ip, err, errlen) != 0) {
		free(ip->ip_key);
		free(ip);
		return NULL;
	}
	rt->rt_ip = ip;
	return ip;
}

void
dsl_ip_destroy(dsl_ip_t *ip)
{
	uint32_t i;

	if (ip == NULL)
		return;
	dsl_ip_detach(ip);
	if (ip->ip_rt->rt_ip == ip)
		ip->ip_rt->rt_ip = NULL;
	for (i = 0; i < ip->ip_nst; i++)
		free(ip->ip_sts[i].st_key);
	free(ip->ip_sts);
	for (i = 0; i < ip->ip_nstrs; i++)
		free(ip->ip_strs[i]);
	free(ip->ip_strs);
	dsl_plan_free(ip);
	free(ip->ip_capbytes);
	free(ip->ip_key);
	free(ip);
}

size_t
dsl_ip_size(const dsl_ip_t *ip)
{
	return ip->ip_size;
}

void
dsl_ip_gate(dsl_ip_t *ip, uint64_t gate)
{
	ip->ip_o.io_gate = gate;
}

size_t
dsl_ip_loads_off(void)
{
	return offsetof(dsl_ip_hdr_t, ih_loads);
}

int
dsl_ip_attach(dsl_ip_t *ip, void *local, uint64_t remote)
{
	const dsl_prog_t *pg = ip->ip_pg;
	dsl_rt_t *rt = ip->ip_rt;
	dsl_ip_hdr_t *h = local;
	uint32_t a;

	if (ip->ip_area != NULL)
		return -1;
	ip->ip_mirror = calloc(ip->ip_nabuf, sizeof(*ip->ip_mirror));
	if (ip->ip_mirror == NULL)
		return -1;
	ip->ip_area = local;
	ip->ip_remote = remote;
	h->ih_magic = IP_MAGIC;
	h->ih_mult = (int64_t)1 << 32;		/* until dsl_ip_clock */
	for (a = 0; a < pg->pg_naggs; a++)
		((uint64_t *)(ip->ip_area + ip->ip_gen))[a] = 1;
	/* the globals: BEGIN's values in, and the runtime's there */
	memcpy(ip->ip_area + ip->ip_glob, rt->rt_gint,
	    8 * (size_t)pg->pg_nglobal_int);
	ip->ip_gint = rt->rt_gint;
	rt->rt_gint = (int64_t *)(void *)(ip->ip_area + ip->ip_glob);
	return 0;
}

static void	area_drops(dsl_ip_t *, uint64_t *, uint64_t *);
static uint8_t	*abuf(const dsl_ip_t *, uint32_t);
static uint64_t	ld64(const void *);

void
dsl_ip_detach(dsl_ip_t *ip)
{
	uint64_t dyn, agg;
	uint32_t i;

	if (ip->ip_area == NULL)
		return;
	dsl_ip_fold(ip);
	/* its drops are said after it is gone (an exec's new area
	 * counts from 0) */
	area_drops(ip, &dyn, &agg);
	ip->ip_dynbase += dyn;
	ip->ip_aggbase += agg;
	ip->ip_nochkbase += ld64(&dsl_ip_hdr(ip)->ih_nocheck);
	memcpy(ip->ip_gint, ip->ip_area + ip->ip_glob,
	    8 * (size_t)ip->ip_pg->pg_nglobal_int);
	ip->ip_rt->rt_gint = ip->ip_gint;
	for (i = 0; i < ip->ip_nabuf; i++)
		free(ip->ip_mirror[i]);
	free(ip->ip_mirror);
	ip->ip_mirror = NULL;
	free(ip->ip_abufon);
	ip->ip_abufon = NULL;
	ip->ip_written = NULL;
	ip->ip_area = NULL;
}

void
dsl_ip_written(dsl_ip_t *ip, bool (*fn)(void *, const void *, size_t),
    void *arg)
{
	if (ip->ip_area == NULL)
		return;
	free(ip->ip_abufon);
	ip->ip_abufon = calloc(ip->ip_nabuf, 1);
	ip->ip_written = ip->ip_abufon != NULL ? fn : NULL;
	ip->ip_wrarg = arg;
}

/*
 * Whether buffer b may have been taken: its header was written once (a
 * taken buffer's key stays written: freed, it holds IP_TOMB).
 */
static bool
abuf_used(dsl_ip_t *ip, uint32_t b)
{
	if (ip->ip_written == NULL || ip->ip_abufon[b])
		return true;
	if (!ip->ip_written(ip->ip_wrarg, abuf(ip, b),
	    sizeof(dsl_ip_abuf_t)))
		return false;
	ip->ip_abufon[b] = 1;
	return true;
}

uint32_t
dsl_ip_intern(dsl_ip_t *ip, const char *s)
{
	size_t sl = strnlen(s, ip->ip_rt->rt_strsize - 1);
	uint32_t i;
	char **ns;

	for (i = 0; i < ip->ip_nstrs; i++)
		if (strncmp(ip->ip_strs[i], s, sl) == 0 &&
		    ip->ip_strs[i][sl] == '\0')
			return i;
	if (ip->ip_nstrs == ip->ip_strcap) {
		uint32_t cap = ip->ip_strcap ? 2 * ip->ip_strcap : 16;

		if ((ns = realloc(ip->ip_strs, cap * sizeof(*ns))) == NULL)
			return UINT32_MAX;
		ip->ip_strs = ns;
		ip->ip_strcap = cap;
	}
	if ((ip->ip_strs[ip->ip_nstrs] = strndup(s, sl)) == NULL)
		return UINT32_MAX;
	return ip->ip_nstrs++;
}

uint32_t
dsl_ip_static(dsl_ip_t *ip, uint32_t agg, const char *key, uint32_t klen)
{
	const dsl_agg_t *ag = &ip->ip_pg->pg_aggs[agg];
	size_t sz = sizeof(dsl_ip_ent_t) + 8 * dsl_agg_words(ag);
	dsl_ip_static_t *st;
	uint32_t i;

	for (i = 0; i < ip->ip_nst; i++) {
		st = &ip->ip_sts[i];
		if (st->st_agg == agg && st->st_klen == klen &&
		    memcmp(st->st_key, key, klen) == 0)
			return st->st_off;
	}
	if (ip->ip_stused + sz > (size_t)ip->ip_st + ip->ip_stsize)
		return 0;
	if (ip->ip_nst == ip->ip_stcap) {
		uint32_t cap = ip->ip_stcap ? 2 * ip->ip_stcap : 16;

		st = realloc(ip->ip_sts, cap * sizeof(*st));
		if (st == NULL)
			return 0;
		ip->ip_sts = st;
		ip->ip_stcap = cap;
	}
	st = &ip->ip_sts[ip->ip_nst];
	if ((st->st_key = malloc(klen + 1)) == NULL)
		return 0;
	memcpy(st->st_key, key, klen);
	st->st_agg = agg;
	st->st_klen = klen;
	st->st_off = ip->ip_stused;
	ip->ip_stused += (uint32_t)sz;
	ip->ip_nst++;
	return st->st_off;
}

/* --- folding ---------------------------------------------------------- */

static uint64_t
ld64(const void *p)
{
	return __atomic_load_n((const uint64_t *)p, __ATOMIC_ACQUIRE);
}

static uint32_t
ld32(const void *p)
{
	return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
}

static uint8_t *
abuf(const dsl_ip_t *ip, uint32_t i)
{
	return ip->ip_area + ip->ip_abuf + (size_t)i * ip->ip_abufsz;
}

/* The drops counted in the area now: self-> stores and aggregations. */
static void
area_drops(dsl_ip_t *ip, uint64_t *dyn, uint64_t *agg)
{
	const dsl_ip_hdr_t *h = dsl_ip_hdr(ip);
	uint32_t b, key;

	*dyn = ld64(&h->ih_dyndrops);
	*agg = ld64(&h->ih_aggdrops);
	for (b = 0; b < ip->ip_nabuf; b++) {
		if (!abuf_used(ip, b))
			continue;
		key = ld32(abuf(ip, b));
		if (key != 0 && key != IP_TOMB)
			*agg += ld64(abuf(ip, b) + offsetof(dsl_ip_abuf_t,
			    ab_drops));
	}
}

/* The runtime's entry of aggregation agg with key bytes key[0..klen),
 * made when new (as eval.c's aggregate() makes it). */
static dsl_hent_t *
rt_entry(dsl_ip_t *ip, uint32_t agg, const char *key, uint32_t klen)
{
	rt_agg_t *ra = &ip->ip_rt->rt_aggs[agg];
	const dsl_agg_t *ag = &ip->ip_pg->pg_aggs[agg];
	dsl_hent_t *he;
	uint64_t h;

	if (klen == 0 && ag->ag_nkeys <= 0) {
		if (ra->ag_nokey == NULL &&
		    (ra->ag_nokey = dsl_var_ht_insert(&ra->ag_ht, 0, "", 0,
		    0)) != NULL)
			dsl_agg_init(ag, ra->ag_nokey->he_data);
		return ra->ag_nokey;
	}
	h = dsl_var_hash(0, key, klen);
	if ((he = dsl_var_ht_find(&ra->ag_ht, 0, key, klen, h)) == NULL &&
	    (he = dsl_var_ht_insert(&ra->ag_ht, 0, key, klen, h)) != NULL)
		dsl_agg_init(ag, he->he_data);
	return he;
}

/*
 * Fold one entry: e in the tracee's buffer, m its mirror (what was
 * folded of it).  Only an entry whose count moved: so that an entry
 * trunc() removed comes back only when it is updated again.
 */
static void
fold_ent(dsl_ip_t *ip, uint32_t agg, const char *key, uint32_t klen,
    const uint8_t *e, uint8_t *m)
{
	const dsl_agg_t *ag = &ip->ip_pg->pg_aggs[agg];
	const uint8_t *data = e + sizeof(dsl_ip_ent_t);
	dsl_ip_ent_t *me = (dsl_ip_ent_t *)(void *)m;
	uint64_t *old = (uint64_t *)(void *)(m + sizeof(dsl_ip_ent_t));
	uint64_t count = ld64(e), gen = ld64(e + 8), c;
	size_t w, nw = dsl_agg_words(ag);
	dsl_hent_t *he;
	uint64_t *d;

	/* the count is read first and updated last by the thread: data
	 * read after it is at least as new, and any later change moves
	 * the count again */
	if (count == me->en_count)
		return;
	me->en_count = count;
	if ((ag->ag_func == F_MIN || ag->ag_func == F_MAX) &&
	    gen != ((uint64_t *)(void *)(ip->ip_area + ip->ip_gen))[agg])
		return;		/* before a clear(): restarted when next used */
	if ((he = rt_entry(ip, agg, key, klen)) == NULL)
		return;
	d = (uint64_t *)he->he_data;
	switch (ag->ag_func) {
	case F_MIN:
		c = ld64(data);
		if ((int64_t)c < (int64_t)d[0])
			d[0] = c;
		return;
	case F_MAX:
		c = ld64(data);
		if ((int64_t)c > (int64_t)d[0])
			d[0] = c;
		return;
	case F_STDDEV: {
		/* the sum of squares is 128 bits over words 2 and 3 */
		uint64_t c2 = ld64(data + 16), c3 = ld64(data + 24);
		unsigned __int128 s = (unsigned __int128)d[3] << 64 | d[2];

		s += ((unsigned __int128)c3 << 64 | c2) -
		    ((unsigned __int128)old[3] << 64 | old[2]);
		d[2] = (uint64_t)s;
		d[3] = (uint64_t)(s >> 64);
		old[2] = c2;
		old[3] = c3;
		nw = 2;
		break;
	}
	}
	for (w = 0; w < nw; w++) {
		c = ld64(data + 8 * w);
		d[w] += c - old[w];
		old[w] = c;
	}
}

/* A dynamic entry's key words as the runtime's key bytes (mkkey). */
static bool
dyn_key(dsl_ip_t *ip, const dsl_agg_t *ag, const uint8_t *words,
    char *key, size_t cap, uint32_t *len)
{
	size_t n = 0, sl;
	uint64_t v;
	int i;

	for (i = 0; i < ag->ag_nkeys; i++) {
		memcpy(&v, words + 8 * i, 8);
		if (ag->ag_ktype[i] == DT_STR) {
			if (v >= ip->ip_nstrs)
				return false;
			sl = strlen(ip->ip_strs[v]);
			if (n + sl + 1 > cap)
				return false;
			memcpy(key + n, ip->ip_strs[v], sl + 1);
			n += sl + 1;
		} else {
			if (n + 8 > cap)
				return false;
			memcpy(key + n, &v, 8);
			n += 8;
		}
	}
	*len = (uint32_t)n;
	return true;
}

static void
fold_buf(dsl_ip_t *ip, uint32_t b)
{
	const dsl_prog_t *pg = ip->ip_pg;
	uint8_t *ab = abuf(ip, b), *m = ip->ip_mirror[b];
	uint32_t i, off, agg, klen, nk;
	size_t esz;

	for (i = 0; i < ip->ip_nst; i++) {
		const dsl_ip_static_t *st = &ip->ip_sts[i];

		fold_ent(ip, st->st_agg, st->st_key, st->st_klen,
		    ab + st->st_off, m + st->st_off);
	}
	for (i = 0; i < ip->ip_nidx; i++) {
		const dsl_agg_t *ag;

		off = ld32(ab + ip->ip_idx + 4 * (size_t)i);
		if (off == 0)
			continue;
		if (off < ip->ip_heap || off % 8 != 0 ||
		    off > ip->ip_abufsz - 8)
			continue;
		agg = ld32(ab + off);
		if (agg >= pg->pg_naggs)
			continue;
		ag = &pg->pg_aggs[agg];
		nk = ag->ag_nkeys > 0 ? (uint32_t)ag->ag_nkeys : 0;
		esz = 8 + 8 * (size_t)nk + sizeof(dsl_ip_ent_t) +
		    8 * dsl_agg_words(ag);
		if (esz > ip->ip_abufsz - off)
			continue;
		if (!dyn_key(ip, ag, ab + off + 8, ip->ip_key, ip->ip_keycap,
		    &klen))
			continue;
		off += 8 + 8 * nk;
		fold_ent(ip, agg, ip->ip_key, klen, ab + off, m + off);
	}
}

void
dsl_ip_fold(dsl_ip_t *ip)
{
	uint32_t b, key;

	if (ip == NULL || ip->ip_area == NULL)
		return;
	for (b = 0; b < ip->ip_nabuf; b++) {
		if (!abuf_used(ip, b))
			continue;
		key = ld32(abuf(ip, b));
		if (key == 0 || key == IP_TOMB)
			continue;
		if (ip->ip_mirror[b] == NULL &&
		    (ip->ip_mirror[b] = calloc(1, ip->ip_abufsz)) == NULL)
			continue;
		fold_buf(ip, b);
	}
}

/* clear() or trunc() of agg ran in pidtrace: the buffers' min and max
 * of it start over. */
void
dsl_ip_cleared(dsl_ip_t *ip, uint32_t agg)
{
	if (ip == NULL || ip->ip_area == NULL || agg >= ip->ip_pg->pg_naggs)
		return;
	__atomic_add_fetch((uint64_t *)(void *)(ip->ip_area + ip->ip_gen) +
	    agg, 1, __ATOMIC_RELEASE);
}

/* --- threads -------------------------------------------------------- */

/* Entry of key in a table (ip.h), or NULL. */
static uint8_t *
table_find(const dsl_ip_t *ip, size_t off, uint32_t n, uint32_t log,
    size_t stride, uint32_t key)
{
	uint32_t i = (uint32_t)(key * IP_GOLD32) >> (32 - log), k, left;
	uint8_t *e;

	for (left = n; left > 0; left--, i = (i + 1) & (n - 1)) {
		e = ip->ip_area + off + (size_t)i * stride;
		k = ld32(e);
		if (k == key)
			return e;
		if (k == 0)
			return NULL;
	}
	return NULL;
}

/*
 * An aggregation buffer (or its mirror) zeroed but for its key word:
 * only what entries can have written, the static entries laid out, the
 * index and the heap taken (heap: ab_heap as it was).  Zeroing all of
 * it (256 KB, twice) cost a thread's exit a fifth of a millisecond of
 * page faults, most on pages the thread never touched.
 */
static void
abuf_clear(const dsl_ip_t *ip, uint8_t *e, uint64_t heap)
{
	if (heap > ip->ip_heapsz)
		heap = ip->ip_heapsz;
	memset(e + 8, 0, ip->ip_stused - 8);
	memset(e + ip->ip_idx, 0, (size_t)ip->ip_heap - ip->ip_idx + heap);
}

void
dsl_ip_thread_gone(dsl_ip_t *ip, uint32_t key)
{
	uint8_t *e;
	uint32_t b;
	uint64_t heap;

	if (ip->ip_area == NULL || key == 0 || key == IP_TOMB)
		return;
	if ((e = table_find(ip, ip->ip_thr, ip->ip_nthr, ip->ip_thrlog,
	    ip->ip_thrsz, key)) != NULL) {
		memset(e + 8, 0, ip->ip_thrsz - 8);
		__atomic_store_n((uint32_t *)(void *)e, IP_TOMB,
		    __ATOMIC_RELEASE);
	}
	if ((e = table_find(ip, ip->ip_abuf, ip->ip_nabuf, ip->ip_abuflog,
	    ip->ip_abufsz, key)) != NULL) {
		b = (uint32_t)((size_t)(e - abuf(ip, 0)) / ip->ip_abufsz);
		if (ip->ip_mirror[b] == NULL)
			ip->ip_mirror[b] = calloc(1, ip->ip_abufsz);
		if (ip->ip_mirror[b] != NULL)
			fold_buf(ip, b);
		/* its drops are counted on, as a dead thread's */
		ip->ip_deadagg += ((dsl_ip_abuf_t *)(void *)e)->ab_drops;
		heap = ((dsl_ip_abuf_t *)(void *)e)->ab_heap;
		abuf_clear(ip, e, heap);
		if (ip->ip_mirror[b] != NULL)
			abuf_clear(ip, ip->ip_mirror[b], heap);
		__atomic_store_n((uint32_t *)(void *)e, IP_TOMB,
		    __ATOMIC_RELEASE);
	}
	if (ip->ip_ncbuf != 0 && (e = table_find(ip, ip->ip_cbuf,
	    ip->ip_ncbuf, ip->ip_cbuflog, ip->ip_cbufsz, key)) != NULL) {
		/* the head only: the ring's old bytes are never read (a
		 * record names its thread's buffer by key) */
		((dsl_ip_cbuf_t *)(void *)e)->cb_head = 0;
		__atomic_store_n((uint32_t *)(void *)e, IP_TOMB,
		    __ATOMIC_RELEASE);
	}
}

int64_t
dsl_ip_self(const dsl_ip_t *ip, uint32_t key, uint32_t slot)
{
	const uint8_t *e;
	int64_t v;

	if (ip->ip_area == NULL || slot >= ip->ip_pg->pg_nself_int ||
	    (e = table_find(ip, ip->ip_thr, ip->ip_nthr, ip->ip_thrlog,
	    ip->ip_thrsz, key)) == NULL)
		return 0;
	memcpy(&v, e + 8 + 8 * (size_t)slot, 8);
	return v;
}

int
dsl_ip_mute(dsl_ip_t *ip, uint32_t key, bool on)
{
	dsl_ip_hdr_t *h = dsl_ip_hdr(ip);
	uint32_t i, want = on ? 0 : key;

	if (ip->ip_area == NULL || key == 0)
		return -1;
	for (i = 0; i < IP_NMUTE; i++) {
		if (h->ih_mute[i] != want)
			continue;
		if (on) {
			/* the key first: the code looks only when nmute */
			__atomic_store_n(&h->ih_mute[i], key,
			    __ATOMIC_RELEASE);
			__atomic_add_fetch(&h->ih_nmute, 1, __ATOMIC_RELEASE);
		} else {
			__atomic_store_n(&h->ih_mute[i], 0, __ATOMIC_RELEASE);
			__atomic_sub_fetch(&h->ih_nmute, 1, __ATOMIC_RELEASE);
		}
		return 0;
	}
	return on ? -1 : 0;
}

void
dsl_ip_end(dsl_ip_t *ip)
{
	if (ip->ip_area != NULL)
		__atomic_store_n(&dsl_ip_hdr(ip)->ih_ended, 1,
		    __ATOMIC_RELEASE);
}

/* exit() ran in pidtrace: no firing after it counts, as dsl_eval_fire runs
 * none. */
void
dsl_ip_exited(dsl_ip_t *ip)
{
	if (ip != NULL)
		dsl_ip_end(ip);
}

/* --- the clock ------------------------------------------------------ */

void
dsl_ip_clock(dsl_ip_t *ip, uint64_t tsc0, uint64_t ns0, int64_t mult,
    int64_t walloff)
{
	dsl_ip_hdr_t *h = dsl_ip_hdr(ip);
	uint64_t seq;

	if (ip->ip_area == NULL)
		return;
	/* x86 keeps stores in order: odd, the line, even */
	seq = h->ih_clkseq;
	__atomic_store_n(&h->ih_clkseq, seq + 1, __ATOMIC_RELEASE);
	__atomic_store_n(&h->ih_tsc0, tsc0, __ATOMIC_RELEASE);
	__atomic_store_n(&h->ih_ns0, ns0, __ATOMIC_RELEASE);
	__atomic_store_n(&h->ih_mult, mult, __ATOMIC_RELEASE);
	__atomic_store_n(&h->ih_walloff, walloff, __ATOMIC_RELEASE);
	__atomic_store_n(&h->ih_clkseq, seq + 2, __ATOMIC_RELEASE);
}

uint64_t
dsl_ip_clock_ns(const dsl_ip_t *ip, uint64_t tsc)
{
	const dsl_ip_hdr_t *h = dsl_ip_hdr(ip);
	__int128 d = (__int128)(int64_t)(tsc - h->ih_tsc0) * h->ih_mult;

	return h->ih_ns0 + (uint64_t)(int64_t)(d >> 32);
}

uint64_t
dsl_ip_clock_wall(const dsl_ip_t *ip, uint64_t tsc)
{
	return dsl_ip_clock_ns(ip, tsc) + (uint64_t)dsl_ip_hdr(ip)->ih_walloff;
}

/* --- drops and records ------------------------------------------------ */

int
dsl_ip_drops(dsl_ip_t *ip, FILE *out, int32_t pid)
{
	uint64_t dyn = 0, agg = 0, nochk = 0;
	int lines = 0;

	if (ip->ip_area != NULL) {
		area_drops(ip, &dyn, &agg);
		nochk = ld64(&dsl_ip_hdr(ip)->ih_nocheck);
	}
	nochk += ip->ip_nochkbase;
	dyn += ip->ip_dynbase;
	agg += ip->ip_aggbase + ip->ip_deadagg;
	/* The runtime's words for the same drops of its own tables, so
	 * that a clause's drops read alike on every path */
	if (dyn != ip->ip_repdyn) {
		dsl_rt_drop_line(ip->ip_rt, out, DROP_DYNAMIC,
		    dyn - ip->ip_repdyn);
		ip->ip_repdyn = dyn;
		lines++;
	}
	if (agg != ip->ip_repagg) {
		dsl_rt_drop_line(ip->ip_rt, out, DROP_AGGREGATION,
		    agg - ip->ip_repagg);
		ip->ip_repagg = agg;
		lines++;
	}
	if (ip->ip_capdrops != ip->ip_repcap) {
		/* as the ring's drops are said: the firing's record is lost
		 * to its clauses (its bytes were overwritten unread) */
		fprintf(out, "pidtrace: %llu drop%s in pid %d\n",
		    (unsigned long long)(ip->ip_capdrops - ip->ip_repcap),
		    ip->ip_capdrops - ip->ip_repcap > 1 ? "s" : "", (int)pid);
		ip->ip_repcap = ip->ip_capdrops;
		lines++;
	}
	if (nochk != ip->ip_repnochk) {
		/* a slower path taken is said, as drops are */
		fprintf(out, "pidtrace: %llu memory read%s in pid %d went to "
		    "process_vm_readv: the kernel gave the readability "
		    "check no answer\n",
		    (unsigned long long)(nochk - ip->ip_repnochk),
		    nochk - ip->ip_repnochk > 1 ? "s" : "", (int)pid);
		ip->ip_repnochk = nochk;
		lines++;
	}
	return lines;
}

/*
 * The captures of a record of thread key: ev's capture event names
 * [pos, pos + len) in the thread's ring.  Copied out, then the head read:
 * if the thread has not written a lap past pos since, the copy is whole.
 * NULL when lost (counted) or when there is none to find.
 */
static const uint8_t *
captures(dsl_ip_t *ip, uint32_t key, const dsl_jev_t *cev, size_t *len)
{
	size_t ring = ip->ip_cbufsz - 64, off, n;
	uint64_t pos = cev->je_val, head;
	uint8_t *e = NULL, *nb;

	*len = 0;
	n = (size_t)(uint32_t)cev->je_node;
	if (ip->ip_area == NULL || ip->ip_ncbuf == 0 || key == 0 ||
	    n > ring || (e = table_find(ip, ip->ip_cbuf, ip->ip_ncbuf,
	    ip->ip_cbuflog, ip->ip_cbufsz, key)) == NULL)
		goto lost;
	off = (size_t)(pos & (ring - 1));
	if (off + n > ring)
		goto lost;
	if (n > ip->ip_capcap || ip->ip_capbytes == NULL) {
		/* never NULL: a firing that captured nothing has its
		 * (empty) captures too */
		if ((nb = realloc(ip->ip_capbytes, n + 64)) == NULL)
			goto lost;
		ip->ip_capbytes = nb;
		ip->ip_capcap = n + 64;
	}
	memcpy(ip->ip_capbytes, e + 64 + off, n);
	head = ld64(e + offsetof(dsl_ip_cbuf_t, cb_head));
	if (head < pos + n || head - pos > ring)
		goto lost;
	*len = n;
	return ip->ip_capbytes;
lost:
	ip->ip_capdrops++;
	return NULL;
}

/*
 * The runtime's read of [addr, addr + len) from a firing's captures: 1
 * served, -1 a read the thread made and the process refused (D's
 * invalid address, as the read would have been), -2 a read too large
 * to capture, 0 not captured (read from the process, as records are).
 */
static int
cap_read(void *arg, uint64_t addr, void *buf, size_t len)
{
	const dsl_ip_t *ip = arg;
	const uint8_t *p, *end = ip->ip_rt->rt_cap + ip->ip_rt->rt_capn;
	uint64_t a;
	uint32_t want, got, keep;
	int pass;
	bool str;

	/* bytes read as they are first, then strings (zeros past NUL) */
	for (pass = 0; pass < 2; pass++) {
		for (p = ip->ip_rt->rt_cap; end - p >= (ptrdiff_t)IP_CAPHDR;) {
			memcpy(&a, p, 8);
			memcpy(&want, p + 8, 4);
			memcpy(&got, p + 12, 4);
			memcpy(&keep, p + 16, 4);
			p += IP_CAPHDR;
			str = (want & IP_CAPSTR) != 0;
			want &= ~IP_CAPSTR;
			if (got == UINT32_MAX && want == 0) {
				/* a read over the scratch size, not made */
				if (addr == a && pass == 0)
					return -2;
				continue;
			}
			/* never written so: not the code's */
			if (got > want || (str ? keep > got : keep != want) ||
			    (size_t)(end - p) < keep)
				return 0;
			if (str == (pass == 1) && addr >= a &&
			    addr - a <= want && len <= want - (addr - a)) {
				if (len > got || addr - a > got - len)
					return -1;
				memset(buf, 0, len);
				if (addr - a < keep)
					memcpy(buf, p + (addr - a),
					    len < keep - (addr - a) ? len :
					    keep - (addr - a));
				return 1;
			}
			p += (keep + 7) & ~7u;
		}
	}
	return 0;
}

int
dsl_ip_fire_record(dsl_ip_t *ip, uint32_t id, const dsl_ctx_t *ctx,
    const dsl_jev_t *ev, size_t nev, bool all)
{
	const dsl_ip_pplan_t *pp;
	const dsl_jev_t *cev = NULL;
	dsl_jev_t evs[DSL_JIT_NEV];
	uint64_t ran = 0;
	size_t k, n = 0, clen = 0;
	uint32_t i;
	int r;

	if (!all && id >= 1 && id <= ip->ip_nplan) {
		pp = &ip->ip_plan[id - 1];
		for (i = 0; i < pp->pp_n && i < 64; i++)
			if (pp->pp_path[i] == DSL_PATH_INPROC)
				ran |= (uint64_t)1 << i;
	}
	for (k = 0; k < nev && n < DSL_JIT_NEV; k++)
		if (ev[k].je_flt == DSL_JIT_CAPEV)
			cev = &ev[k];
		else
			evs[n++] = ev[k];
	if (cev == NULL)
		return dsl_eval_fire_part(ip->ip_rt, id, ctx, ran, evs, n);
	ip->ip_rt->rt_cap = captures(ip, (uint32_t)ctx->cx_tid, cev, &clen);
	if (ip->ip_rt->rt_cap == NULL)	/* lost, counted: none runs */
		return dsl_eval_fire_part(ip->ip_rt, id, ctx, ~(uint64_t)0,
		    evs, n);
	ip->ip_rt->rt_capn = clen;
	ip->ip_rt->rt_capfn = cap_read;
	ip->ip_rt->rt_caparg = ip;
	r = dsl_eval_fire_part(ip->ip_rt, id, ctx, ran, evs, n);
	ip->ip_rt->rt_cap = NULL;
	ip->ip_rt->rt_capn = 0;
	ip->ip_rt->rt_capfn = NULL;
	return r;
}
