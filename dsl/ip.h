/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ip.h: the shared area's layout and the in-process state, shared by
 * ip.c (the area, folding, records), plan.c (which clause runs where)
 * and jit.c (the code).  The host sees inproc.h only.
 *
 * The area, at offsets the state computes for its program:
 *
 *	0		dsl_ip_hdr_t: ended, drop counters, muted keys, clock
 *	ip_gen		u64 per aggregation: min/max generations
 *	ip_glob		i64 per global integer (the runtime's, moved in)
 *	ip_zero		an all-zero thread entry: a thread without one
 *			reads self-> from it
 *	ip_thr		the self-> table: ip_nthr entries of ip_thrsz bytes,
 *			u32 key, u32 unused, i64 per self-> integer slot
 *	ip_abuf		ip_nabuf aggregation buffers of ip_abufsz bytes
 *	ip_cbuf		ip_ncbuf capture buffers of ip_cbufsz bytes
 *			(none when no clause reads memory)
 *
 * Both tables are open-addressed by thread key (a multiplicative hash,
 * linear probing, at most n probes).  A thread claims its entry with
 * lock cmpxchg of the key word from 0 or IP_TOMB; pidtrace frees an
 * entry of a thread that exited by zeroing it and writing IP_TOMB, so
 * that a lookup goes past it.  Lookups stop at a 0 key.
 *
 * An aggregation buffer: dsl_ip_abuf_t, then the static entries (ip_st:
 * entries whose key the code knows when it is generated, placed by
 * pidtrace), then the index (ip_nidx u32: an entry's offset in the
 * buffer, 0 = empty), then the heap of dynamic entries (u32 agg, u32
 * unused, u64 per key, then the entry).  An entry: dsl_ip_ent_t then the
 * aggregation's data words, laid out as the runtime's (dsl_agg_words).
 * Only the owning thread writes its buffer, without lock prefixes: each
 * update is single instructions (inc, add, adc, xadd, cmpxchg), so a
 * signal handler that fires a probe in the middle leaves it whole.
 */
#ifndef DSL_IP_H
#define DSL_IP_H

#include "dsl/inproc.h"
#include "dsl/rt.h"

#define IP_MAGIC	0x70696474726163ULL	/* "pidtrac" */
#define IP_TOMB		0xffffffffu	/* a freed table entry's key */
#define IP_NMUTE	16
#define IP_GOLD32	0x9e3779b1u	/* Fibonacci hashing (Knuth) */
#define IP_GOLD64	0x9e3779b97f4a7c15ull
/*
 * Loads: each fault is a stop of the thread (tens of microseconds, and a
 * signal lost if pidtrace died during it), so a program whose clauses
 * keep meeting bad addresses goes back to process_vm_readv after
 * IP_MAXFAULTS; and an address below IP_LOWLOAD, which no process maps
 * without privilege (vm.mmap_min_addr; NULL and a member of NULL), is
 * never loaded.
 */
#define IP_MAXFAULTS	DSL_IP_MAXFAULTS
#define IP_LOWLOAD	65536

typedef struct dsl_ip_hdr {
	uint64_t	ih_magic;
	uint64_t	ih_ended;	/* exit() ran: the code does nothing */
	uint64_t	ih_dyndrops;	/* lock incq: no self-> entry free */
	uint64_t	ih_aggdrops;	/* lock incq: no buffer free */
	uint64_t	ih_nmute;	/* muted keys (vfork children) */
	uint32_t	ih_mute[IP_NMUTE];
	uint64_t	ih_loads;	/* not 0: memory reads may be plain
					 * loads (the tracer fixes up their
					 * faults; inproc.h) */
	uint64_t	ih_faults;	/* lock incq: loads fixed up; from
					 * IP_MAXFAULTS on, no more loads */
	uint64_t	ih_nocheck;	/* lock incq: readability checks the
					 * kernel gave no answer (read by
					 * process_vm_readv instead) */
	/* the clock, a line of its own: pidtrace writes it each second */
	uint64_t	ih_clkseq;	/* odd while pidtrace writes */
	uint64_t	ih_tsc0;
	uint64_t	ih_ns0;
	int64_t		ih_mult;	/* ns per TSC tick, times 2^32 */
	int64_t		ih_walloff;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	uint64_t	ih_pad2[3];
} dsl_ip_hdr_t;

typedef struct dsl_ip_abuf {
	uint32_t	ab_key;		/* the owner; 0 free, IP_TOMB freed */
	uint32_t	ab_pad;
	uint64_t	ab_heap;	/* heap bytes taken (xadd) */
	uint64_t	ab_drops;	/* updates without room (owner's) */
	uint64_t	ab_pad2[5];
} dsl_ip_abuf_t;

/*
 * A capture buffer: this head, then a ring of ip_cbufsz - 64 bytes
 * (a power of two) the owning thread writes at head and pidtrace reads
 * behind it.  Positions only grow; a firing's captures are contiguous
 * in the ring (the code skips to the ring's start when the most the
 * probe can capture does not fit before its end) and reserved before
 * they are written (head moves on first), so a signal handler that
 * fires a probe of the same thread in the middle writes past them.
 * pidtrace copies a firing's bytes, then reads head: at most one lap
 * ahead, they were whole.  Each read: u64 address, u32 bytes asked
 * (IP_CAPSTR: a string), u32 bytes got, u32 bytes kept, u32 unused,
 * then the bytes kept, padded to 8: all asked, or a string's up to and
 * with its first NUL (what follows it, up to the bytes got, reads as
 * zeros: a string ends there).
 */
typedef struct dsl_ip_cbuf {
	uint32_t	cb_key;		/* the owner; 0 free, IP_TOMB
					 * freed */
	uint32_t	cb_pad;
	uint64_t	cb_head;	/* bytes written and reserved */
	uint64_t	cb_pad2[6];
} dsl_ip_cbuf_t;

#define IP_CAPHDR	24u	/* a captured read's head */
#define IP_CAPSTR	0x80000000u	/* in its bytes asked: a string,
					 * kept up to its first NUL */

/* The head of every entry, before its data words. */
typedef struct dsl_ip_ent {
	uint64_t	en_count;	/* updates: pidtrace folds a changed
					 * entry only */
	uint64_t	en_gen;		/* min, max: the generation the value
					 * is of (ip_gen); older is stale */
} dsl_ip_ent_t;

/* A static entry: pidtrace knows its key, the code its offset. */
typedef struct dsl_ip_static {
	uint32_t	st_agg;
	uint32_t	st_off;		/* its dsl_ip_ent_t in a buffer */
	uint32_t	st_klen;
	char		*st_key;	/* the runtime's key bytes */
} dsl_ip_static_t;


/* The plan of one probe: a path per enabling. */
typedef struct dsl_ip_pplan {
	uint32_t	pp_n;
	uint8_t		*pp_path;	/* DSL_PATH_* */
	char		**pp_why;	/* NULL: the fastest its probe allows */
	uint8_t		*pp_cap;	/* a pidtrace enabling's reads
					 * are captured at the firing */
	char		**pp_capwhy;	/* its reads cannot be: why */
} dsl_ip_pplan_t;

struct dsl_ip {
	dsl_rt_t	*ip_rt;
	const dsl_prog_t *ip_pg;
	dsl_ip_opts_t	ip_o;

	/* the layout */
	size_t		ip_size;
	uint32_t	ip_gen, ip_glob, ip_zero;
	size_t		ip_thr;
	uint32_t	ip_nthr, ip_thrlog, ip_thrsz;
	size_t		ip_abuf, ip_abufsz;
	uint32_t	ip_nabuf, ip_abuflog;
	uint32_t	ip_st, ip_stsize, ip_stused;
	uint32_t	ip_idx, ip_nidx, ip_nidxlog;
	uint32_t	ip_heap, ip_heapsz;
	size_t		ip_cbuf, ip_cbufsz;
	uint32_t	ip_ncbuf, ip_cbuflog;

	dsl_ip_static_t	*ip_sts;
	uint32_t	ip_nst, ip_stcap;
	/* the strings of dynamic keys: a string key element is its index
	 * here, the same word for the same text whatever the probe */
	char		**ip_strs;
	uint32_t	ip_nstrs, ip_strcap;

	dsl_ip_pplan_t	*ip_plan;	/* [id - 1] */
	uint32_t	ip_nplan;
	bool		ip_planned;

	uint8_t		*ip_area;	/* here; NULL until attached */
	uint64_t	ip_remote;	/* in the tracee */
	int64_t		*ip_gint;	/* the runtime's own globals array */
	uint8_t		**ip_mirror;	/* [buffer]: what was folded of it */
	bool		(*ip_written)(void *, const void *, size_t);
	void		*ip_wrarg;	/* dsl_ip_written's */
	uint8_t		*ip_abufon;	/* [buffer]: 1 once seen written */
	char		*ip_key;	/* a key being made, ip_keycap bytes */
	size_t		ip_keycap;
	uint64_t	ip_deadagg;	/* drops of buffers freed since */
	uint64_t	ip_dynbase, ip_aggbase;	/* drops of areas detached */
	uint64_t	ip_repdyn, ip_repagg;	/* drops said so far */
	uint64_t	ip_nochkbase;	/* ih_nocheck of areas detached */
	uint64_t	ip_repnochk;	/* ... said so far */
	uint64_t	ip_capdrops, ip_repcap;	/* records whose captures
						 * were lost, and said */
	uint8_t		*ip_capbytes;	/* a record's captures */
	size_t		ip_capcap;
};

static inline dsl_ip_hdr_t *
dsl_ip_hdr(const dsl_ip_t *ip)
{
	return (dsl_ip_hdr_t *)ip->ip_area;
}

/* ip.c: the static entry of aggregation agg with key bytes key[0..klen)
 * in every buffer: its offset, or 0 when the static area is full. */
uint32_t	dsl_ip_static(dsl_ip_t *, uint32_t agg, const char *key,
		    uint32_t klen);

/* ip.c: the word of a string key element of text s (truncated to
 * strsize as keys are); UINT32_MAX when out of memory. */
uint32_t	dsl_ip_intern(dsl_ip_t *, const char *s);

/* jit.c: whether the memory reads of clause c (run in pidtrace) can be
 * captured at the firing; why not, into why.  *reads: it reads any. */
bool		dsl_jit_capfits(dsl_ip_t *, uint32_t clause, bool *reads,
		    char *why, size_t len);

/* plan.c: free the plan. */
void		dsl_plan_free(dsl_ip_t *);

/* jit.c: whether clause c can run in process (and whether it may
 * report a fault there); why not, into why. */
bool		dsl_jit_fits(dsl_ip_t *, uint32_t clause, bool *canfault,
		    char *why, size_t len);

#endif /* DSL_IP_H */
