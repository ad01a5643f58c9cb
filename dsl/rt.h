/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rt.h: the runtime's state, shared by rt.c (creation, probes, END),
 * eval.c (the firing path), var.c (variables and hash tables), agg.c
 * (aggregating), print.c (aggregation and trace output) and printf.c.
 */
#ifndef DSL_RT_H
#define DSL_RT_H

#include "dsl/prog.h"

/* A hash table of byte-string keys with fixed-size data: associative
 * arrays (all arrays in one table, keyed by variable id) and each
 * aggregation.  Data (int64 words) comes first, then the key bytes. */
typedef struct dsl_hent {
	struct dsl_hent	*he_next;
	uint64_t	he_hash;
	uint32_t	he_id;		/* array variable id */
	uint32_t	he_klen;
	int64_t		he_data[];	/* then the key */
} dsl_hent_t;

typedef struct dsl_htab {
	dsl_hent_t	**ht_b;
	size_t		ht_nb;		/* buckets, a power of 2 */
	size_t		ht_n;
	size_t		ht_dsize;	/* bytes of data per entry */
	size_t		ht_bytes;	/* the entries' memory, for the
					 * dynvarsize and aggsize options */
} dsl_htab_t;

/* The bytes an entry of ht with a key of klen bytes counts for in the
 * dynvarsize and aggsize options: its key and data and a word, so that
 * 80 bytes hold three int elements keyed by an int, as in dtrace-utils
 * (its assocs/tst.store_zero_deletes). */
#define HE_BYTES(ht, klen)	((ht)->ht_dsize + (klen) + 8)

#define HE_KEY(ht, he)	((char *)(he)->he_data + (ht)->ht_dsize)

/*
 * A string variable's storage holds NULL (D's strings may be: strchr()
 * finding nothing, s = NULL) as an empty string whose second byte is
 * 0x7f, as dtrace-utils' DT_NULL_STRING marks it; a string that is
 * stored clears that byte.  Every slot is at least 2 bytes.
 */
#define DSL_NULLMARK	0x7f

enum { DROP_SPECUNAVAIL, DROP_SPEC, DROP_DYNAMIC, DROP_AGGREGATION };

/* A thread's self-> variables. */
typedef struct dsl_thr {
	int64_t		th_tid;
	bool		th_used;
	int64_t		*th_ints;
	char		*th_strs;
	char		*th_mem;	/* what it holds by value */
} dsl_thr_t;

typedef struct rt_probe {
	char		*pr_prov, *pr_mod, *pr_func, *pr_name;
	uint32_t	*pr_clauses;	/* enabled clauses, program order;
					 * one block with the next two */
	uint32_t	*pr_epids;	/* and their enabled probe ids */
	uint32_t	*pr_descs;	/* and the descriptions enabling them */
	uint32_t	pr_nclauses;
} rt_probe_t;

typedef struct rt_agg {
	dsl_htab_t	ag_ht;
	dsl_hent_t	*ag_nokey;	/* the entry of @x = f() (no keys) */
	bool		ag_printed;
	int64_t		ag_normal;	/* normalize(): divisor, 1 = none */
} rt_agg_t;

/* A speculative buffer (speculation()): the text of the clauses that
 * speculate() on it, until commit() prints it or discard() drops it. */
typedef struct rt_spec {
	char		*sp_buf;
	size_t		sp_len, sp_cap;
	bool		sp_active;
} rt_spec_t;

/* Structured output (emit.c): NULL in a runtime that prints text. */
typedef struct dsl_emit dsl_emit_t;

/* Runtime faults, as dtrace names them; FLT_DROP ends a clause without
 * an error, its output dropped (speculate() on no live speculation). */
enum { FLT_NONE, FLT_BADADDR, FLT_DIVZERO, FLT_NOSCRATCH, FLT_ILLOP,
	FLT_BADALIGN, FLT_BADSIZE, FLT_BADINDEX, FLT_DROP };

struct dsl_rt {
	const dsl_prog_t *rt_pg;
	dsl_host_t	rt_host;
	FILE		*rt_out, *rt_err;
	uint32_t	rt_strsize;

	rt_probe_t	*rt_probes;	/* [id - 1] */
	uint32_t	rt_nprobes, rt_probecap;
	uint32_t	rt_begin, rt_end, rt_error;	/* probe ids */
	uint32_t	rt_nepids;

	int64_t		*rt_gint;	/* global scalars */
	char		*rt_gstr;
	int64_t		*rt_tint;	/* this->, cleared per firing */
	char		*rt_tstr;
	/* variables holding a struct, union or array by value (prog.h's
	 * va_bytes): the globals', this->'s, and zeros, which a self->
	 * variable or an array element not there reads as */
	char		*rt_gmem, *rt_tmem, *rt_zero;
#define DSL_GMEMSLACK	4096	/* rt_gmem's bytes after the globals */
	dsl_thr_t	*rt_thr;	/* self->: open addressing by tid */
	size_t		rt_nthr, rt_thrcap;
	dsl_thr_t	*rt_lastthr;
	dsl_htab_t	rt_arrays;	/* associative arrays */
	bool		rt_selfarrays;	/* some are self->x[k] */
	rt_agg_t	*rt_aggs;
	char		*rt_keybuf;	/* keys serialised on the firing path */
	size_t		rt_keycap;

	/* the current firing */
	const dsl_ctx_t	*rt_ctx;
	uint32_t	rt_pid;		/* probe id */
	uint32_t	rt_epid;
	uint32_t	rt_clause;	/* its index in the program */
	uint64_t	rt_now;		/* timestamp, read once per firing */
	char		*rt_scratch;	/* string temporaries of one clause */
	size_t		rt_scrused, rt_scrsize;
	/* alloca()'s memory (prog.h's dsl_prog_scratchsize): rt_asize
	 * bytes, of which a clause has allocated up to rt_atop; an alloca
	 * pointer is an offset in it (prog.h's DN_ALLOCA) */
	char		*rt_abase;
	uint64_t	rt_asize, rt_atop;
	int		rt_fault;	/* FLT_* */
	uint64_t	rt_faultval;
	int32_t		rt_faultnode;
	uint16_t	rt_faultact;	/* statement number, 0 = predicate */
	uint16_t	rt_act;		/* statement being run */
	bool		rt_inerror;	/* running ERROR clauses */
	uint64_t	rt_nerrors;	/* runtime errors reported */

	bool		rt_heading;	/* the CPU ID FUNCTION:NAME line */
	bool		rt_quiet;
	bool		rt_flow;	/* -F, -x flowindent */
	struct rt_flow {		/* -F: each thread's indent */
		int32_t	fl_tid;
		int32_t	fl_indent;
	}		*rt_flows;
	size_t		rt_nflows;
	uint32_t	rt_flowpid;	/* the probe and epid printed last */
	uint32_t	rt_flowepid;
	bool		rt_exited;
	bool		rt_ended;
	bool		rt_intr;
	int		rt_exitcode;
	int64_t		rt_opts[O_NOPTS];	/* setopt() changes them */
	FILE		*rt_buf;	/* a traced clause's output */
	char		*rt_bufmem;
	size_t		rt_bufsize;
	size_t		rt_bufstart;	/* where this clause's output starts */
	struct dsl_pfseg *rt_pfseg;	/* printf's parsed formats (printf.c) */
	uint64_t	rt_rand;
	dsl_emit_t	*rt_emit;	/* -x oformat=json, else NULL */
	int64_t		rt_ustackframes;	/* -x ustackframes */
	int64_t		rt_jstackframes;	/* -x jstackframes */
	int64_t		rt_jstackstrsize;	/* -x jstackstrsize */
	bool		rt_folded;	/* -x stackfmt=folded */
	FILE		*rt_out0;	/* dh_out before any freopen() */
	rt_spec_t	*rt_spec;	/* [id - 1], made as needed */
	uint32_t	rt_nspec;	/* made so far; nspec is the most */
	int32_t		rt_specid;	/* this clause speculates on: 0 none,
					 * -1 a dead one (its output drops) */
	/* drops, dtrace's DTRACEDROP_*: [0] failed speculations (no
	 * buffer), [1] speculative drops (specsize), [2] dynamic variable
	 * drops (dynvarsize), [3] aggregation drops (aggsize) */
	uint64_t	rt_drops[4];
	uint64_t	rt_drops_told[4];	/* reported so far */
	bool		rt_droppending;	/* some not reported yet */
	uint64_t	rt_drops_when;	/* when the last report was, ns */
	/* a record's captured bytes (ip.c): reads of the process are
	 * served from them first (rt_capfn: 1 served, -1 refused, 0 not
	 * there) */
	const uint8_t	*rt_cap;
	size_t		rt_capn;
	int		(*rt_capfn)(void *, uint64_t, void *, size_t);
	void		*rt_caparg;
	struct dsl_ip	*rt_ip;		/* clauses in the traced process
					 * (inproc.h), or NULL */
};

/* var.c: the hash tables, self-> storage by thread. */
uint64_t	dsl_var_hash(uint32_t id, const void *key, size_t len);
dsl_hent_t	*dsl_var_ht_find(dsl_htab_t *, uint32_t id, const void *key,
		    size_t len, uint64_t hash);
/* Insert (data zeroed); NULL when out of memory. */
dsl_hent_t	*dsl_var_ht_insert(dsl_htab_t *, uint32_t id, const void *key,
		    size_t len, uint64_t hash);
void		dsl_var_ht_remove(dsl_htab_t *, dsl_hent_t *);
void		dsl_var_ht_free(dsl_htab_t *);
dsl_thr_t	*dsl_var_thr_get(dsl_rt_t *, int64_t tid, bool create);
int		dsl_var_thr_init(dsl_rt_t *);
void		dsl_var_thr_fini(dsl_rt_t *);

/* agg.c: aggregating, and reading an entry's data. */
void		dsl_agg_init(const dsl_agg_t *, int64_t *);
void		dsl_agg_update(dsl_rt_t *, const dsl_agg_t *, int64_t *data,
		    int64_t v, int64_t incr);
void		dsl_agg_clear(dsl_rt_t *, uint32_t agg);
void		dsl_agg_trunc(dsl_rt_t *, uint32_t agg, int64_t n, bool all);
/* The int64 words an entry of ag holds: ag_ndata, and after them the
 * quantizes keep the sum of value * increment (for JSON and Prometheus'
 * _sum; dtrace's text does not print it). */
size_t		dsl_agg_words(const dsl_agg_t *);
/* Sorted entries of the aggregations flagged in which[] (NULL = all),
 * per the aggsort options; caller frees.  NULL with *n = 0 if none. */
dsl_hent_t	**dsl_agg_sorted(dsl_rt_t *, const bool *which, size_t *n,
		    uint32_t **aggof);
/* A row of a joined printa(): a key and an entry per aggregation. */
typedef struct dsl_jrow {
	const char	*jr_key;
	dsl_hent_t	**jr_ents;	/* [n], in the rows' allocation */
} dsl_jrow_t;
/* The sorted rows of aggs[0..n-1] (n <= DSL_PRINTA_MAX) joined by key;
 * zero[i] gets a zeroed entry for aggregation i (caller frees it and the
 * rows). */
dsl_jrow_t	*dsl_agg_joined(dsl_rt_t *, const uint32_t *aggs, int n,
		    size_t *nrows, dsl_hent_t **zero);
/* Key element i of an entry: integer value or string. */
int64_t		dsl_agg_key_int(const dsl_agg_t *, const char *key,
		    int i, const char **str);
/* The lower bound of quantize bucket b. */
int64_t		dsl_agg_qbucketval(int b);
/* The lower bound of llquantize bin b (negative bins: the bound nearer
 * zero, negated); false for a bin no integer lands in (dtrace-utils'
 * "ghost" bins of magnitude 0 when steps > factor). */
bool		dsl_agg_llq_label(const dsl_agg_t *, int b, int64_t *lower);
/* stddev()'s value from its four words, normalized by normal. */
uint64_t	dsl_agg_stddev(const int64_t *d, int64_t normal);
/* An aggregation's first key that is a stack, -1 if none. */
int		dsl_agg_stackkey(const dsl_agg_t *, const char *key);
/* An entry's value as one number: the value, an avg's mean, a
 * quantize's count of values (folded output, flame graphs). */
int64_t		dsl_agg_scalar(dsl_rt_t *, uint32_t agg,
		    const dsl_hent_t *);

/* eval.c: read C data at addr, this clause's scratch or the tracee's
 * (through dh_readmem): 0, or -1 after reporting a fault at node n. */
int		dsl_eval_memread(dsl_rt_t *, uint64_t addr, void *buf,
		    size_t len, int32_t n);
/* dsl_eval_fire, for a firing whose enablings with bit i of ran set
 * (i < 64) ran in the traced process: they are skipped, and the faults
 * they met (ev[0..nev), in clause order) are reported in their place. */
struct dsl_jev;
int		dsl_eval_fire_part(dsl_rt_t *, uint32_t id,
		    const dsl_ctx_t *ctx, uint64_t ran,
		    const struct dsl_jev *ev, size_t nev);

/* ip.c: the threads' aggregation buffers (inproc.h), folded in before
 * the aggregations are printed or changed; clear(), trunc() and exit()
 * tell them. */
void		dsl_ip_fold(struct dsl_ip *);
void		dsl_ip_cleared(struct dsl_ip *, uint32_t agg);
void		dsl_ip_exited(struct dsl_ip *);

/* rt.c: a clause's output, speculations, system() and freopen(). */
FILE		*dsl_rt_clause_begin(dsl_rt_t *);
/* Write out what the clause printed so far (system(), freopen()). */
void		dsl_rt_clause_flush(dsl_rt_t *);
void		dsl_rt_clause_end(dsl_rt_t *, bool drop);
/* speculation(): a free buffer's id, 0 if none is free. */
int32_t		dsl_rt_spec_new(dsl_rt_t *);
/* commit() (print) or discard() a buffer; an inactive one or 0 is
 * ignored; false for an id out of range (a fault). */
bool		dsl_rt_spec_end(dsl_rt_t *, int64_t id, bool commit);
/* speculate(): the rest of the clause goes to buffer id; false for an
 * id that names no live speculation (the clause then ends silently). */
bool		dsl_rt_spec_use(dsl_rt_t *, int64_t id);
/* Report the drops since the last report, as dtrace's status reports
 * them: at most once a second (final: now). */
void		dsl_rt_drops(dsl_rt_t *, bool final);
/* One drop line of kind k (DROP_*), n of them, as dsl_rt_drops words it
 * (dtrace's words; its tag first under -x droptags), on out. */
void		dsl_rt_drop_line(const dsl_rt_t *, FILE *out, int k,
		    uint64_t n);
/* system(): run cmd with /bin/sh, its stdout the trace output. */
void		dsl_rt_system(dsl_rt_t *, const char *cmd);
/* freopen(): the trace output appends to path; "" = the first one. */
void		dsl_rt_freopen(dsl_rt_t *, const char *path);

/* print.c: DTrace's text output. */
void		dsl_print_heading(dsl_rt_t *);
void		dsl_print_probe(dsl_rt_t *);	/* "%3d %6d %32s " */
void		dsl_print_trace(dsl_rt_t *, const dsl_node_t *, int64_t v);
/* Bytes as dtrace's rawbytes prints them (a heading, hex, chars). */
void		dsl_print_rawbytes(dsl_rt_t *, const unsigned char *,
		    size_t len);
/* The value of an entry (its histogram for the quantizes), no newline. */
void		dsl_print_value(dsl_rt_t *, uint32_t agg, dsl_hent_t *);
/* printa([fmt,] @a [, @b...]): several aggregations join by key. */
void		dsl_print_printa(dsl_rt_t *, const uint32_t *aggs,
    int naggs,
		    const char *fmt);
void		dsl_print_all(dsl_rt_t *);
/* A stack value (DSL_STACKMARK) with each frame formatted by ffmt (one
 * %s): printf's %k. */
void		dsl_print_stack_fmt(dsl_rt_t *, FILE *, const char *stack,
		    const char *ffmt);
/* A stack value's frames named, root first, joined by ';' (folded). */
size_t		dsl_print_stack_fold(dsl_rt_t *, const char *stack,
		    char *buf, size_t len);
/* Folded output: an entry's keys folded, in buf. */
#define FOLDMAX		65536
size_t		dsl_print_fold_keys(dsl_rt_t *, const dsl_agg_t *,
		    const char *key, char *buf, size_t len);

/* print(p) reads at most this much of the object p points at, the
 * whole of it below that (eval.c at the firing, jit.c's capture at a
 * record's): as Oracle's dtrace records it. */
#define DSL_PRINTMAX	65536

/* typeprint.c: print(): the object of C type ct at addr, whose first
 * len bytes are buf, as Oracle's print() lays it out, showing at most
 * limit bytes of it (printsize). */
void		dsl_typeprint(dsl_rt_t *, int32_t ct, uint64_t addr,
		    const unsigned char *buf, size_t len, size_t limit);

/* emit.c: true while printf's text is formatted for a JSON record. */
bool		dsl_emit_busy(const dsl_rt_t *);

#endif /* DSL_RT_H */
