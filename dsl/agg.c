/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * agg.c: aggregating functions (the kernel side of dtrace:
 * dtrace_aggregate_*), clear/trunc, and sorting for output
 * (dt_aggregate.c: by aggregation, then value, then key; aggsortkey,
 * aggsortrev, aggsortkeypos).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dsl/rt.h"

#define QZERO	63	/* DTRACE_QUANTIZE_ZEROBUCKET */
#define QNB	127	/* DTRACE_QUANTIZE_NBUCKETS */

static int
qbucket(int64_t v)
{
	uint64_t m;
	int lg;

	if (v == 0)
		return QZERO;
	if (v > 0) {
		lg = 63 - __builtin_clzll((uint64_t)v);
		return QZERO + 1 + lg;
	}
	m = v == INT64_MIN ? (uint64_t)1 << 63 : (uint64_t)-v;
	lg = 63 - __builtin_clzll(m);
	if (lg > 62)
		lg = 62;
	return QZERO - 1 - lg;
}

/* The lower bound of quantize bucket b (DTRACE_QUANTIZE_BUCKETVAL). */
int64_t
dsl_agg_qbucketval(int b)
{
	if (b < QZERO)
		return -((int64_t)1 << (QZERO - 1 - b));
	if (b == QZERO)
		return 0;
	return (int64_t)1 << (b - QZERO - 1);
}

/*
 * llquantize's bins, as dtrace-utils lays them out (dt_print_llquantize):
 * bin 0 holds values <= -factor^(high+1); then, for each magnitude from
 * high down to low, the negative values' linear steps; bin0 (the middle)
 * holds |value| < factor^low; then the positive steps of each magnitude
 * from low up, and last the values >= factor^(high+1).  A magnitude m
 * has steps - steps/factor bins: steps equal slices of [0, factor^(m+1))
 * less those below factor^m.
 */
int
dsl_agg_llq_nbins(int64_t factor, int64_t low, int64_t high, int64_t nsteps)
{
	int64_t per = nsteps - nsteps / factor;

	return (int)(2 * (1 + (high - low + 1) * per) + 1);
}

static int
llq_bucket(int64_t factor, int64_t low, int64_t high, int64_t nsteps,
    int64_t value)
{
	int64_t per = nsteps - nsteps / factor, sf = nsteps / factor;
	int64_t bin0 = 1 + (high - low + 1) * per, pw = 1, idx;
	uint64_t v = value < 0 ? 0 - (uint64_t)value : (uint64_t)value;
	int64_t m, i;

	for (m = 0; m < low; m++)
		pw *= factor;
	if (v < (uint64_t)pw)
		return (int)bin0;
	for (m = low; m <= high; m++) {
		int64_t next = pw * factor;	/* < 2^63: the checker saw */

		if (v < (uint64_t)next) {
			/* which of the steps slices of [0, next) */
			if (next >= nsteps)
				idx = (int64_t)(v / (uint64_t)(next / nsteps));
			else
				idx = (int64_t)(v * (uint64_t)nsteps /
				    (uint64_t)next);
			i = 1 + (m - low) * per + (idx - sf);
			return (int)(value < 0 ? bin0 - i : bin0 + i);
		}
		pw = next;
	}
	return value < 0 ? 0 : (int)(2 * bin0);
}

/* A histogram's sum of value * increment: wraps as dtrace's sums do
 * (unsigned arithmetic, no undefined overflow). */
static inline void
sum_add(int64_t *sum, int64_t v, int64_t incr)
{
	*sum = (int64_t)((uint64_t)*sum + (uint64_t)v * (uint64_t)incr);
}

void
dsl_agg_update(dsl_rt_t *rt, const dsl_agg_t *ag, int64_t *d, int64_t v,
    int64_t incr)
{
	(void)rt;
	switch (ag->ag_func) {
	case F_COUNT:
		d[0]++;
		break;
	case F_SUM:
		sum_add(&d[0], v, 1);
		break;
	case F_AVG:
		d[0]++;
		sum_add(&d[1], v, 1);
		break;
	case F_MIN:
		if (v < d[0])
			d[0] = v;
		break;
	case F_MAX:
		if (v > d[0])
			d[0] = v;
		break;
	case F_STDDEV: {
		/* count, sum, and the sum of squares in 128 bits */
		unsigned __int128 sq = (unsigned __int128)((__int128)v * v);
		unsigned __int128 acc = (unsigned __int128)(uint64_t)d[3];

		acc = (acc << 64) | (uint64_t)d[2];

		d[0]++;
		sum_add(&d[1], v, 1);
		acc += sq;
		d[2] = (int64_t)(uint64_t)acc;
		d[3] = (int64_t)(uint64_t)(acc >> 64);
		break;
	}
	case F_QUANTIZE:
		sum_add(&d[qbucket(v)], incr, 1);
		sum_add(&d[ag->ag_ndata], v, incr);	/* dsl_agg_words */
		break;
	case F_LQUANTIZE: {
		/* the value is taken as 32 bits, as the kernel does */
		int32_t val = (int32_t)v;
		int64_t base = ag->ag_p[0], step = ag->ag_p[2];
		int64_t levels = (int64_t)ag->ag_ndata - 2, level;

		sum_add(&d[ag->ag_ndata], val, incr);
		if (val < base) {
			sum_add(&d[0], incr, 1);
			break;
		}
		level = (val - base) / step;
		sum_add(&d[level < levels ? level + 1 : levels + 1], incr, 1);
		break;
	}
	case F_LLQUANTIZE:
		sum_add(&d[ag->ag_ndata], v, incr);
		sum_add(&d[llq_bucket(ag->ag_p[0], ag->ag_p[1], ag->ag_p[2],
		    ag->ag_p[3], v)], incr, 1);
		break;
	}
}

/* Initial data of a new entry: min and max start at the far ends. */
void
dsl_agg_init(const dsl_agg_t *ag, int64_t *d)
{
	if (ag->ag_func == F_MIN)
		d[0] = INT64_MAX;
	else if (ag->ag_func == F_MAX)
		d[0] = INT64_MIN;
}

void
dsl_agg_clear(dsl_rt_t *rt, uint32_t a)
{
	const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[a];
	dsl_htab_t *ht = &rt->rt_aggs[a].ag_ht;
	size_t i;

	for (i = 0; i < ht->ht_nb; i++) {
		dsl_hent_t *he;

		for (he = ht->ht_b[i]; he != NULL; he = he->he_next) {
			memset(he->he_data, 0, ht->ht_dsize);
			dsl_agg_init(ag, he->he_data);
		}
	}
}

int64_t
dsl_agg_key_int(const dsl_agg_t *ag, const char *key, int i, const char **str)
{
	int k;
	int64_t v;

	for (k = 0; k < i; k++) {
		if (ag->ag_ktype[k] == DT_STR)
			key += strlen(key) + 1;
		else
			key += 8;
	}
	*str = NULL;
	if (ag->ag_ktype[i] == DT_STR) {
		*str = key;
		return 0;
	}
	memcpy(&v, key, 8);
	return v;
}

/* Comparison state: qsort has no argument (dt_aggregate.c has the same
 * globals, under a lock; one thread runs here). */
static dsl_rt_t *srt;
static bool srev, skey;
static int skeypos;

typedef struct sortent {
	dsl_hent_t	*se_he;
	uint32_t	se_agg;
} sortent_t;

#define LT	(srev ? 1 : -1)
#define GT	(srev ? -1 : 1)

static long double
qsum(const int64_t *d)
{
	long double t = 0;
	int i;

	for (i = 0; i < QNB; i++)
		t += (long double)dsl_agg_qbucketval(i) * (long double)d[i];
	return t;
}

/* The count of lquantize's bin of zero (its underflow bin if that is
 * base - 1 == 0, its overflow bin if the limit is -1), 0 if none. */
static int64_t
lqzero(const dsl_agg_t *ag, const int64_t *d)
{
	int64_t base = ag->ag_p[0], step = ag->ag_p[2];
	int64_t levels = (int64_t)ag->ag_ndata - 2, i;

	if (base - 1 == 0)
		return d[0];
	for (i = 0; i < levels; base += step, i++)
		if (base == 0)
			return d[i + 1];
	return base + 1 == 0 ? d[levels + 1] : 0;
}

static long double
lqsum(const dsl_agg_t *ag, const int64_t *d)
{
	int64_t base = ag->ag_p[0], step = ag->ag_p[2];
	int64_t levels = (int64_t)ag->ag_ndata - 2, i;
	long double t = (long double)d[0] * (long double)(base - 1);

	for (i = 0; i < levels; base += step, i++)
		t += (long double)d[i + 1] * (long double)base;
	return t + (long double)d[levels + 1] * (long double)(base + 1);
}

/*
 * A bin's label is the least integer it holds, as dtrace-utils labels
 * them: a magnitude's first bin starts at factor^m even when its step
 * slice starts lower (steps < factor: the slice [0, factor^(m+1)/steps)
 * holds only values from factor^m), and a slice that holds no integer
 * (factor^(m+1)/steps < 1, magnitude 0 with steps > factor) is a ghost.
 */
bool
dsl_agg_llq_label(const dsl_agg_t *ag, int b, int64_t *lower)
{
	int64_t f = ag->ag_p[0], lo = ag->ag_p[1], hi = ag->ag_p[2];
	int64_t st = ag->ag_p[3], sf = st / f, per = st - sf;
	int64_t bin0 = 1 + (hi - lo + 1) * per, i, k, m, pw = 1, idx;
	unsigned __int128 from, to, v;

	i = b - bin0;
	k = i < 0 ? -i : i;
	if (k == 0) {
		*lower = 0;
		return true;
	}
	if (k > (hi - lo + 1) * per) {
		/* the overflow bins: +-factor^(high+1) */
		for (m = 0; m <= hi; m++)
			pw *= f;
		*lower = i < 0 ? -pw : pw;
		return true;
	}
	m = lo + (k - 1) / per;
	idx = (k - 1) % per + sf;
	for (k = 0; k < m; k++)
		pw *= f;	/* factor^m; factor^(m+1) < 2^63: checked */
	/* the slice [idx, idx + 1) * factor^(m+1) / steps */
	from = (unsigned __int128)idx * (uint64_t)(pw * f);
	to = from + (uint64_t)(pw * f);
	v = (from + (uint64_t)st - 1) / (uint64_t)st;
	if (v < (uint64_t)pw)
		v = (uint64_t)pw;
	if (v * (uint64_t)st >= to)
		return false;
	*lower = i < 0 ? -(int64_t)v : (int64_t)v;
	return true;
}

static long double
llqsum(const dsl_agg_t *ag, const int64_t *d)
{
	/* each bin weighs its lower bound */
	long double t = 0;
	int64_t v;
	uint32_t b;

	for (b = 0; b < ag->ag_ndata; b++)
		if (d[b] != 0 && dsl_agg_llq_label(ag, (int)b, &v))
			t += (long double)d[b] * (long double)v;
	return t;
}


static int
valcmp(const dsl_agg_t *ag, const int64_t *l, const int64_t *r)
{
	long double ls, rs;
	int64_t lv, rv;

	switch (ag->ag_func) {
	case F_AVG:
		lv = l[0] ? l[1] / l[0] : 0;
		rv = r[0] ? r[1] / r[0] : 0;
		break;
	case F_STDDEV: {
		uint64_t a = l[0] ? dsl_agg_stddev(l, 1) : 0;
		uint64_t b = r[0] ? dsl_agg_stddev(r, 1) : 0;

		return a < b ? LT : a > b ? GT : 0;
	}
	case F_QUANTIZE:
		ls = qsum(l);
		rs = qsum(r);
		if (ls != rs)
			return ls < rs ? LT : GT;
		lv = l[QZERO];
		rv = r[QZERO];
		break;
	case F_LQUANTIZE:
		ls = lqsum(ag, l);
		rs = lqsum(ag, r);
		if (ls != rs)
			return ls < rs ? LT : GT;
		/* a tie: the weights at zero, when a bin holds it alone */
		lv = lqzero(ag, l);
		rv = lqzero(ag, r);
		break;
	case F_LLQUANTIZE:
		ls = llqsum(ag, l);
		rs = llqsum(ag, r);
		if (ls != rs)
			return ls < rs ? LT : GT;
		/* a tie: the weights at zero, the middle bin */
		lv = l[ag->ag_ndata / 2];
		rv = r[ag->ag_ndata / 2];
		break;
	default:
		lv = l[0];
		rv = r[0];
		break;
	}
	return lv < rv ? LT : lv > rv ? GT : 0;
}

static uint64_t
keyval(const dsl_agg_t *ag, int i, int64_t v)
{
	/* dtrace compares keys as unsigned values of their size */
	switch (ag->ag_ksize[i]) {
	case 1: return (uint8_t)v;
	case 2: return (uint16_t)v;
	case 4: return (uint32_t)v;
	default: return (uint64_t)v;
	}
}

/* Compare two keys of one signature, from key position skeypos on. */
static int
keycmp_raw(const dsl_agg_t *ag, const char *lk, const char *rk)
{
	int n = ag->ag_nkeys, i, keypos;

	keypos = skeypos + 1 >= n + 1 ? 0 : skeypos;
	for (i = 0; i < n; i++) {
		int k = (i + keypos) % n;
		const char *ls, *rs;
		int64_t lv = dsl_agg_key_int(ag, lk, k, &ls);
		int64_t rv = dsl_agg_key_int(ag, rk, k, &rs);

		if (ls != NULL) {
			int c = strcmp(ls, rs);

			if (c != 0)
				return c < 0 ? LT : GT;
		} else {
			uint64_t a = keyval(ag, k, lv), b = keyval(ag, k, rv);

			if (a != b)
				return a < b ? LT : GT;
		}
	}
	return 0;
}

static int
keycmp(const sortent_t *l, const sortent_t *r)
{
	const dsl_agg_t *la = &srt->rt_pg->pg_aggs[l->se_agg];
	const dsl_agg_t *ra = &srt->rt_pg->pg_aggs[r->se_agg];
	int i;

	if (la->ag_nkeys != ra->ag_nkeys)
		return la->ag_nkeys < ra->ag_nkeys ? LT : GT;
	for (i = 0; i < la->ag_nkeys; i++)
		if (la->ag_ktype[i] != ra->ag_ktype[i])
			return la->ag_ktype[i] < ra->ag_ktype[i] ? LT : GT;
	return keycmp_raw(la, HE_KEY(&srt->rt_aggs[l->se_agg].ag_ht, l->se_he),
	    HE_KEY(&srt->rt_aggs[r->se_agg].ag_ht, r->se_he));
}

static int
entcmp(const void *lp, const void *rp)
{
	const sortent_t *l = lp, *r = rp;
	int c;

	if (l->se_agg != r->se_agg)
		return l->se_agg < r->se_agg ? LT : GT;
	if (skey) {
		if ((c = keycmp(l, r)) != 0)
			return c;
		return valcmp(&srt->rt_pg->pg_aggs[l->se_agg],
		    l->se_he->he_data, r->se_he->he_data);
	}
	if ((c = valcmp(&srt->rt_pg->pg_aggs[l->se_agg], l->se_he->he_data,
	    r->se_he->he_data)) != 0)
		return c;
	return keycmp(l, r);
}

static void
sort_options(dsl_rt_t *rt)
{
	srt = rt;
	srev = rt->rt_opts[O_AGGSORTREV] > 0;
	skey = rt->rt_opts[O_AGGSORTKEY] > 0;
	skeypos = rt->rt_opts[O_AGGSORTKEYPOS] > 0 ?
	    (int)rt->rt_opts[O_AGGSORTKEYPOS] : 0;
}

dsl_hent_t **
dsl_agg_sorted(dsl_rt_t *rt, const bool *which, size_t *np, uint32_t **aggof)
{
	const dsl_prog_t *pg = rt->rt_pg;
	size_t n = 0, i, k = 0;
	sortent_t *se;
	dsl_hent_t **out;
	uint32_t a;

	*np = 0;
	*aggof = NULL;
	for (a = 0; a < pg->pg_naggs; a++)
		if (which == NULL || which[a])
			n += rt->rt_aggs[a].ag_ht.ht_n;
	if (n == 0)
		return NULL;
	se = malloc(n * sizeof(*se));
	out = malloc(n * sizeof(*out));
	*aggof = malloc(n * sizeof(uint32_t));
	if (se == NULL || out == NULL || *aggof == NULL) {
		free(se);
		free(out);
		free(*aggof);
		*aggof = NULL;
		return NULL;
	}
	for (a = 0; a < pg->pg_naggs; a++) {
		dsl_htab_t *ht = &rt->rt_aggs[a].ag_ht;

		if (which != NULL && !which[a])
			continue;
		for (i = 0; i < ht->ht_nb; i++) {
			dsl_hent_t *he;

			for (he = ht->ht_b[i]; he != NULL; he = he->he_next) {
				se[k].se_he = he;
				se[k].se_agg = a;
				k++;
			}
		}
	}
	sort_options(rt);
	qsort(se, k, sizeof(*se), entcmp);
	for (i = 0; i < k; i++) {
		out[i] = se[i].se_he;
		(*aggof)[i] = se[i].se_agg;
	}
	free(se);
	*np = k;
	return out;
}

/* trunc(@, n): keep the n largest (n < 0: the n smallest) entries; all
 * removes every entry. */
void
dsl_agg_trunc(dsl_rt_t *rt, uint32_t a, int64_t n, bool all)
{
	bool *which = calloc(rt->rt_pg->pg_naggs, sizeof(bool));
	dsl_hent_t **s;
	uint32_t *aggof;
	size_t cnt, i, keep;
	int64_t saverev = rt->rt_opts[O_AGGSORTREV];
	int64_t savekey = rt->rt_opts[O_AGGSORTKEY];

	if (which == NULL)
		return;
	which[a] = true;
	/* by value: largest first for n > 0 (dtrace's valrevsorted walk) */
	rt->rt_opts[O_AGGSORTREV] = all || n >= 0 ? 1 : -1;
	rt->rt_opts[O_AGGSORTKEY] = -1;
	s = dsl_agg_sorted(rt, which, &cnt, &aggof);
	rt->rt_opts[O_AGGSORTREV] = saverev;
	rt->rt_opts[O_AGGSORTKEY] = savekey;
	keep = all ? 0 : (size_t)(n < 0 ? -n : n);
	for (i = keep; i < cnt; i++) {
		if (s[i] == rt->rt_aggs[a].ag_nokey)
			rt->rt_aggs[a].ag_nokey = NULL;
		dsl_var_ht_remove(&rt->rt_aggs[a].ag_ht, s[i]);
	}
	free(s);
	free(aggof);
	free(which);
}

/*
 * printa() of several aggregations (dtrace_aggregate_walk_joined): one
 * row per key found in any of them, a zero entry where one lacks it;
 * rows sort by the value of the aggregation at aggsortpos, then the
 * others, then the key (aggsortkey: the key first).
 */
static const uint32_t *jaggs;
static int jnaggs, jpos;

static int
rowcmp(const void *lp, const void *rp)
{
	const dsl_jrow_t *l = lp, *r = rp;
	const dsl_agg_t *ag = &srt->rt_pg->pg_aggs[jaggs[0]];
	int i, c;

	if (skey && (c = keycmp_raw(ag, l->jr_key, r->jr_key)) != 0)
		return c;
	for (i = 0; i < jnaggs; i++) {
		int k = (i + jpos) % jnaggs;

		if ((c = valcmp(&srt->rt_pg->pg_aggs[jaggs[k]],
		    l->jr_ents[k]->he_data, r->jr_ents[k]->he_data)) != 0)
			return c;
	}
	return skey ? 0 : keycmp_raw(ag, l->jr_key, r->jr_key);
}

dsl_jrow_t *
dsl_agg_joined(dsl_rt_t *rt, const uint32_t *aggs, int n, size_t *nrows,
    dsl_hent_t **zero)
{
	dsl_htab_t idx;		/* key -> row number */
	dsl_jrow_t *rows;
	size_t cap = 0, nr = 0, i;
	int a;

	*nrows = 0;
	for (a = 0; a < n; a++)
		cap += rt->rt_aggs[aggs[a]].ag_ht.ht_n;
	/* the rows, then each row's n entries */
	rows = calloc(1, (cap + 1) * (sizeof(*rows) +
	    (size_t)n * sizeof(dsl_hent_t *)));
	memset(&idx, 0, sizeof(idx));
	idx.ht_dsize = 8;
	if (rows == NULL)
		return NULL;
	for (i = 0; i <= cap; i++)
		rows[i].jr_ents = (dsl_hent_t **)(void *)(rows + cap + 1) +
		    i * (size_t)n;
	for (a = 0; a < n; a++) {
		const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[aggs[a]];

		zero[a] = calloc(1, sizeof(dsl_hent_t) +
		    dsl_agg_words(ag) * sizeof(int64_t));
		if (zero[a] == NULL)
			goto fail;
	}
	for (a = 0; a < n; a++) {
		dsl_htab_t *ht = &rt->rt_aggs[aggs[a]].ag_ht;

		for (i = 0; i < ht->ht_nb; i++) {
			dsl_hent_t *he, *ix;

			for (he = ht->ht_b[i]; he != NULL; he = he->he_next) {
				const char *key = HE_KEY(ht, he);

				ix = dsl_var_ht_find(&idx, 0, key, he->he_klen,
				    he->he_hash);
				if (ix == NULL) {
					ix = dsl_var_ht_insert(&idx, 0, key,
					    he->he_klen, he->he_hash);
					if (ix == NULL)
						goto fail;
					ix->he_data[0] = (int64_t)nr;
					rows[nr].jr_key = key;
					nr++;
				}
				rows[ix->he_data[0]].jr_ents[a] = he;
			}
		}
	}
	dsl_var_ht_free(&idx);
	for (i = 0; i < nr; i++)
		for (a = 0; a < n; a++)
			if (rows[i].jr_ents[a] == NULL)
				rows[i].jr_ents[a] = zero[a];
	sort_options(rt);
	jaggs = aggs;
	jnaggs = n;
	jpos = rt->rt_opts[O_AGGSORTPOS] > 0 &&
	    rt->rt_opts[O_AGGSORTPOS] < n ? (int)rt->rt_opts[O_AGGSORTPOS] : 0;
	qsort(rows, nr, sizeof(*rows), rowcmp);
	*nrows = nr;
	return rows;
fail:
	dsl_var_ht_free(&idx);
	free(rows);
	return NULL;
}

static unsigned __int128
isqrt128(unsigned __int128 x)
{
	unsigned __int128 r = 0, bit = (unsigned __int128)1 << 126;

	while (bit > x)
		bit >>= 2;
	while (bit != 0) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

/* dt_stddev: sqrt(avg(x^2) - avg(x)^2), in 128-bit integers. */
uint64_t
dsl_agg_stddev(const int64_t *d, int64_t normal)
{
	unsigned __int128 sq = ((unsigned __int128)(uint64_t)d[3] << 64) |
	    (uint64_t)d[2];
	unsigned __int128 avgsq, sqavg;
	int64_t avg;
	uint64_t mag;

	if (d[0] == 0)
		return 0;
	avgsq = sq / (uint64_t)normal / (uint64_t)d[0];
	avg = d[1] / normal / d[0];
	/* |avg| in unsigned: -INT64_MIN is 2^63, not undefined */
	mag = avg < 0 ? 0 - (uint64_t)avg : (uint64_t)avg;
	sqavg = (unsigned __int128)mag * mag;
	if (avgsq < sqavg)
		return 0;
	return (uint64_t)isqrt128(avgsq - sqavg);
}

/* Whether an aggregation is keyed by a stack (its first stack key). */
int
dsl_agg_stackkey(const dsl_agg_t *ag, const char *key)
{
	int i;

	for (i = 0; i < ag->ag_nkeys; i++) {
		const char *s;

		(void)dsl_agg_key_int(ag, key, i, &s);
		if (s != NULL && *s == DSL_STACKMARK)
			return i;
	}
	return -1;
}

/* A single number for an entry: the value, an avg's mean, a quantize's
 * count of values. */
int64_t
dsl_agg_scalar(dsl_rt_t *rt, uint32_t a, const dsl_hent_t *he)
{
	const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[a];
	int64_t normal = rt->rt_aggs[a].ag_normal, t = 0;
	const int64_t *d = he->he_data;
	uint32_t i;

	switch (ag->ag_func) {
	case F_QUANTIZE:
	case F_LQUANTIZE:
	case F_LLQUANTIZE:
		for (i = 0; i < ag->ag_ndata; i++)
			t += d[i];
		return t;
	case F_AVG:
		return d[0] ? d[1] / normal / d[0] : 0;
	case F_STDDEV:
		return (int64_t)dsl_agg_stddev(d, normal);
	default:
		return d[0] / normal;
	}
}

size_t
dsl_agg_words(const dsl_agg_t *ag)
{
	return ag->ag_ndata + (ag->ag_func == F_QUANTIZE ||
	    ag->ag_func == F_LQUANTIZE || ag->ag_func == F_LLQUANTIZE);
}
