/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * emit.h: the runtime's results in forms other programs read.
 *
 * Two seams.  For the host (cmd/), a walk over the aggregations as typed
 * values (dsl_emit_agg_walk), from which it renders what it exports (the
 * Prometheus text in cmd/metrics.c).  For the runtime itself, the JSON
 * Lines output of -x oformat=json (emit.c, over json-c): print.c,
 * printf.c and rt.c hand each output action here instead of printing text
 * when rt_emit is set, so the text layouts stay untouched.
 *
 * Like the rest of the runtime, nothing here is thread-safe: call it from
 * the thread that drives the runtime.
 */
#ifndef DSL_EMIT_H
#define DSL_EMIT_H

#include "dsl/dsl.h"

/* One key of an aggregation entry: a string or an integer.  A stack
 * (ustack(), jstack()) is a string, its frames named, root first,
 * joined by ';' (as -x stackfmt=folded prints them). */
typedef struct dsl_aval {
	const char	*av_str;	/* NULL for an integer; valid during
					 * the callback only */
	int64_t		av_int;
} dsl_aval_t;

/* One bucket of a histogram: the values v with min <= v <= max (inclusive
 * integer bounds); the first and last buckets may be open-ended. */
typedef struct dsl_abucket {
	int64_t		ab_min, ab_max;
	bool		ab_nomin;	/* below the first bound ("< base") */
	bool		ab_nomax;	/* the last bucket (">= limit") */
	int64_t		ab_count;
} dsl_abucket_t;

/* One aggregation entry, normalized (normalize()) as dtrace prints it. */
typedef struct dsl_aent {
	uint32_t	ae_agg;		/* aggregation index, 0-based */
	const char	*ae_name;	/* without the @; "" for @ */
	const char	*ae_func;	/* "count", "quantize", ... */
	int		ae_nkeys;
	dsl_aval_t	ae_keys[8];
	/* count, sum, min, max, avg, stddev: the value dtrace prints
	 * (stddev is unsigned: ae_unsigned) */
	int64_t		ae_value;
	bool		ae_unsigned;
	/* avg, stddev and the histograms: how many values and their sum
	 * (for the histograms, the increments and the sum of value *
	 * increment) */
	bool		ae_hascount;
	int64_t		ae_count, ae_sum;
	/* quantize, lquantize, llquantize: every bucket, ascending */
	const dsl_abucket_t *ae_buckets;
	size_t		ae_nbuckets;
} dsl_aent_t;

/* How many aggregations the program has (indices 0..n-1). */
uint32_t	dsl_emit_naggs(const dsl_rt_t *);

/*
 * Call fn for each entry of aggregation agg, in the order dtrace prints
 * them (the aggsort options apply).  The entry and what it points to live
 * during the call only.  fn returns 0 to go on; a non-zero return stops
 * the walk and is returned.  Returns 0, or -1 when out of memory.  Not for
 * the firing path (it sorts).
 */
int		dsl_emit_agg_walk(dsl_rt_t *, uint32_t agg,
		    int (*fn)(void *arg, const dsl_aent_t *), void *arg);

/*
 * s as valid UTF-8: each byte that starts no valid sequence becomes U+FFFD
 * (what JSON and Prometheus' text need of tracee strings).  Returns a
 * malloc'd string (caller frees), or NULL when out of memory.
 */
char		*dsl_emit_utf8_dup(const char *s);

/* The runtime's side: see emit.c. */
struct dsl_rt;
struct dsl_node;
struct dsl_parg;
struct dsl_hent;

/* -x oformat=json: returns 0 (and turns JSON on), or -1 out of memory. */
int		dsl_emit_json_init(struct dsl_rt *);
void		dsl_emit_fini(struct dsl_rt *);
/* One trace() record. */
void		dsl_emit_trace(struct dsl_rt *, const struct dsl_node *,
		    int64_t v);
/* One printf(): formats as text (printf.c), then one record. */
int		dsl_emit_printf(struct dsl_rt *, const char *fmt,
		    const struct dsl_parg *args, size_t nargs);
/* printa(): one record per row and aggregation. */
void		dsl_emit_printa(struct dsl_rt *, const uint32_t *aggs, int n);
/* The end: every aggregation not yet printed by printa(). */
void		dsl_emit_all(struct dsl_rt *);

#endif /* DSL_EMIT_H */
