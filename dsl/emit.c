/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * emit.c: aggregations as typed values (dsl_emit_agg_walk) and the JSON Lines
 * output of -x oformat=json.
 *
 * JSON goes through json-c: it is the JSON library of Debian's base tools
 * (cryptsetup, libnvme, ...), maintained, and unlike jansson and yajl
 * (long long only) it holds unsigned 64-bit integers, which D values and
 * keys often are.  One object per record, serialised plain, one per line.
 *
 * Tracee strings may hold any byte, and JSON text is UTF-8: a string that
 * is not valid UTF-8 has each byte that does not start a valid sequence
 * replaced by U+FFFD, found by glibc's iconv (a UTF-8 to UTF-8
 * conversion stops with EILSEQ at such a byte).  json-c escapes the rest
 * (quotes, backslashes, control characters).
 */
#include <config.h>

#include <errno.h>
#include <iconv.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "dsl/rt.h"
#include "dsl/printf.h"
#include "dsl/emit.h"

struct dsl_emit {
	iconv_t		em_cd;		/* UTF-8 -> UTF-8, to find bad bytes */
	char		*em_fix;	/* the repaired copy of a string */
	size_t		em_fixcap;
	FILE		*em_text;	/* printf()'s text, formatted here */
	char		*em_mem;
	size_t		em_size;
	bool		em_busy;	/* formatting printf's text */
};

#define JFLAGS	(JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

uint32_t
dsl_emit_naggs(const dsl_rt_t *rt)
{
	return rt->rt_pg->pg_naggs;
}

/* The buckets of a histogram entry, ascending; returns how many. */
static size_t
buckets(const dsl_agg_t *ag, const int64_t *d, int64_t normal,
    dsl_abucket_t *b)
{
	size_t n = 0, i;

	memset(b, 0, (ag->ag_ndata + 1) * sizeof(*b));
	if (ag->ag_func == F_QUANTIZE) {
		/* a negative bucket is named by its bound nearest zero:
		 * -8 holds -15..-8 */
		for (i = 0; i < 127; i++, n++) {
			if (i < 63) {
				b[n].ab_min = i == 0 ? INT64_MIN :
				    dsl_agg_qbucketval((int)i - 1) + 1;
				b[n].ab_max = dsl_agg_qbucketval((int)i);
			} else {
				b[n].ab_min = dsl_agg_qbucketval((int)i);
				b[n].ab_max = i == 126 ? INT64_MAX :
				    dsl_agg_qbucketval((int)i + 1) - 1;
			}
			b[n].ab_count = d[i] / normal;
		}
	} else if (ag->ag_func == F_LQUANTIZE) {
		int64_t base = ag->ag_p[0], step = ag->ag_p[2];
		int64_t levels = (int64_t)ag->ag_ndata - 2;

		b[0].ab_nomin = true;
		b[0].ab_max = base - 1;
		for (i = 1; i <= (size_t)levels; i++) {
			b[i].ab_min = base + ((int64_t)i - 1) * step;
			b[i].ab_max = base + (int64_t)i * step - 1;
		}
		b[i].ab_min = base + levels * step;
		b[i].ab_nomax = true;
		n = (size_t)levels + 2;
		for (i = 0; i < n; i++)
			b[i].ab_count = d[i] / normal;
	} else {
		/*
		 * dtrace-utils' llquantize bins (dsl_agg_llq_label): negative
		 * ones labelled by the bound nearer zero, the 0 bin, positive
		 * ones by their lower bound; ghost bins no integer lands in are
		 * left out.  A bin reaches up to the next label (positive),
		 * or down to the previous one (negative).
		 */
		int64_t lab[ag->ag_ndata != 0 ? ag->ag_ndata : 1];
		size_t idx[ag->ag_ndata != 0 ? ag->ag_ndata : 1], j;
		int64_t v;

		bool neg = false;

		for (i = 0; i < ag->ag_ndata; i++)
			if (dsl_agg_llq_label(ag, (int)i, &v) && v < 0 &&
			    d[i] != 0)
				neg = true;
		/* as for quantize: the negative bins once one is used */
		n = 0;
		for (i = 0; i < ag->ag_ndata; i++)
			if (dsl_agg_llq_label(ag, (int)i, &v) &&
			    (neg || v >= 0)) {
				lab[n] = v;
				idx[n++] = i;
			}
		for (j = 0; j < n; j++) {
			b[j].ab_nomin = j == 0 && lab[j] <= 0;
			b[j].ab_nomax = j == n - 1 && lab[j] >= 0;
			if (lab[j] < 0) {
				b[j].ab_min = j == 0 ? INT64_MIN :
				    lab[j - 1] + 1;
				b[j].ab_max = lab[j];
			} else if (lab[j] == 0) {
				b[j].ab_min = j == 0 ? INT64_MIN :
				    lab[j - 1] + 1;
				b[j].ab_max = j == n - 1 ? INT64_MAX :
				    lab[j + 1] - 1;
			} else {
				b[j].ab_min = lab[j];
				b[j].ab_max = j == n - 1 ? INT64_MAX :
				    lab[j + 1] - 1;
			}
			b[j].ab_count = d[idx[j]] / normal;
		}
	}
	return n;
}

/*
 * A stack key's text: its frames named, root first, joined by ';' (as
 * -x stackfmt=folded prints them), not the stack value's inner form
 * (DSL_STACKMARK, pid, pcs in hex).  One buffer per key position, valid
 * until the next fill(): the walks run on one thread (emit.h).
 */
static char	foldbuf[8][4096];

/* Fill e from one entry; b has room for ag_ndata + 1 buckets. */
static void
fill(dsl_rt_t *rt, uint32_t a, const char *key, const dsl_hent_t *he,
    dsl_aent_t *e, dsl_abucket_t *b)
{
	const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[a];
	int64_t normal = rt->rt_aggs[a].ag_normal;
	const int64_t *d = he->he_data;
	int i;

	memset(e, 0, sizeof(*e));
	e->ae_agg = a;
	e->ae_name = dsl_prog_str(rt->rt_pg, ag->ag_name);
	e->ae_func = dsl_prog_funcname(ag->ag_func);
	e->ae_nkeys = ag->ag_nkeys > 0 ? ag->ag_nkeys : 0;
	for (i = 0; i < e->ae_nkeys && i < 8; i++) {
		const char *s;

		e->ae_keys[i].av_int = dsl_agg_key_int(ag, key, i, &s);
		if (s != NULL && *s == DSL_STACKMARK) {
			dsl_print_stack_fold(rt, s, foldbuf[i],
			    sizeof(foldbuf[i]));
			s = foldbuf[i];
		}
		e->ae_keys[i].av_str = s;
	}
	switch (ag->ag_func) {
	case F_QUANTIZE:
	case F_LQUANTIZE:
	case F_LLQUANTIZE:
		e->ae_nbuckets = buckets(ag, d, normal, b);
		e->ae_buckets = b;
		e->ae_hascount = true;
		for (i = 0; i < (int)e->ae_nbuckets; i++)
			e->ae_count += b[i].ab_count;
		e->ae_sum = d[ag->ag_ndata] / normal;	/* dsl_agg_words */
		break;
	case F_AVG:
		e->ae_hascount = true;
		e->ae_count = d[0];
		e->ae_sum = d[1] / normal;
		e->ae_value = d[0] ? d[1] / normal / d[0] : 0;
		break;
	case F_STDDEV:
		e->ae_hascount = true;
		e->ae_count = d[0];
		e->ae_sum = d[1] / normal;
		e->ae_value = (int64_t)dsl_agg_stddev(d, normal);
		e->ae_unsigned = true;
		break;
	default:
		e->ae_value = d[0] / normal;
		break;
	}
}

int
dsl_emit_agg_walk(dsl_rt_t *rt, uint32_t a,
    int (*fn)(void *, const dsl_aent_t *), void *arg)
{
	bool *which;
	dsl_hent_t **s;
	dsl_abucket_t *b;
	uint32_t *aggof;
	dsl_aent_t e;
	size_t n, i;
	int r = 0;

	if (a >= rt->rt_pg->pg_naggs || rt->rt_aggs[a].ag_ht.ht_n == 0)
		return 0;
	which = calloc(rt->rt_pg->pg_naggs, sizeof(bool));
	b = calloc(rt->rt_pg->pg_aggs[a].ag_ndata + 1, sizeof(*b));
	if (which == NULL || b == NULL) {
		free(which);
		free(b);
		return -1;
	}
	which[a] = true;
	s = dsl_agg_sorted(rt, which, &n, &aggof);
	if (s == NULL)
		r = -1;
	for (i = 0; s != NULL && i < n && r == 0; i++) {
		fill(rt, a, HE_KEY(&rt->rt_aggs[a].ag_ht, s[i]), s[i], &e, b);
		r = fn(arg, &e);
	}
	free(s);
	free(aggof);
	free(b);
	free(which);
	return r;
}

int
dsl_emit_json_init(dsl_rt_t *rt)
{
	dsl_emit_t *em = calloc(1, sizeof(*em));

	if (em == NULL)
		return -1;
	em->em_cd = iconv_open("UTF-8", "UTF-8");
	if (em->em_cd == (iconv_t)-1) {
		free(em);
		return -1;
	}
	rt->rt_emit = em;
	return 0;
}

void
dsl_emit_fini(dsl_rt_t *rt)
{
	dsl_emit_t *em = rt->rt_emit;

	if (em == NULL)
		return;
	iconv_close(em->em_cd);
	if (em->em_text != NULL)
		fclose(em->em_text);
	free(em->em_mem);
	free(em->em_fix);
	free(em);
	rt->rt_emit = NULL;
}

static bool
grow(dsl_emit_t *em, size_t need)
{
	char *p;
	size_t cap = em->em_fixcap ? em->em_fixcap : 256;

	if (need <= em->em_fixcap)
		return true;
	while (cap < need)
		cap *= 2;
	if ((p = realloc(em->em_fix, cap)) == NULL)
		return false;
	em->em_fix = p;
	em->em_fixcap = cap;
	return true;
}

/* s[0..len-1] as UTF-8 into fix (room for 3 * len bytes): returns the
 * bytes written. */
static size_t
utf8_fix(iconv_t cd, const char *s, size_t len, char *fix, size_t cap)
{
	static const char repl[] = "\xef\xbf\xbd";	/* U+FFFD */
	char *in = (char *)(uintptr_t)s, *out;
	size_t inleft = len, outleft, used = 0;

	iconv(cd, NULL, NULL, NULL, NULL);
	while (inleft > 0) {
		out = fix + used;
		outleft = cap - used;
		if (iconv(cd, &in, &inleft, &out, &outleft) != (size_t)-1) {
			used = (size_t)(out - fix);
			break;
		}
		used = (size_t)(out - fix);
		if (errno != EILSEQ && errno != EINVAL)
			break;
		/* a byte that starts no valid sequence (or a truncated
		 * one at the end) */
		memcpy(fix + used, repl, 3);
		used += 3;
		in++;
		inleft--;
		iconv(cd, NULL, NULL, NULL, NULL);
	}
	return used;
}

char *
dsl_emit_utf8_dup(const char *s)
{
	static iconv_t cd = (iconv_t)-1;
	size_t len = strlen(s), n;
	char *fix;

	if (cd == (iconv_t)-1 &&
	    (cd = iconv_open("UTF-8", "UTF-8")) == (iconv_t)-1)
		return NULL;
	if ((fix = malloc(3 * len + 1)) == NULL)
		return NULL;
	n = utf8_fix(cd, s, len, fix, 3 * len + 1);
	fix[n] = '\0';
	return fix;
}

/* A JSON string of the bytes s[0..len-1]: valid UTF-8 always. */
static json_object *
jstrn(dsl_rt_t *rt, const char *s, size_t len)
{
	dsl_emit_t *em = rt->rt_emit;
	size_t used;

	/* at most 3 bytes out per byte in */
	if (!grow(em, 3 * len + 1))
		return json_object_new_string("");
	used = utf8_fix(em->em_cd, s, len, em->em_fix, em->em_fixcap);
	return json_object_new_string_len(em->em_fix, (int)used);
}

static json_object *
jstr(dsl_rt_t *rt, const char *s)
{
	return jstrn(rt, s, strlen(s));
}

/* An integer of a D type: its size and signedness say how to read v. */
static json_object *
jint(int64_t v, int size, bool sign)
{
	switch (size) {
	case 1:
		return json_object_new_int64(sign ? (int8_t)v : (uint8_t)v);
	case 2:
		return json_object_new_int64(sign ? (int16_t)v :
		    (uint16_t)v);
	case 4:
		return json_object_new_int64(sign ? (int32_t)v :
		    (uint32_t)v);
	default:
		return sign ? json_object_new_int64(v) :
		    json_object_new_uint64((uint64_t)v);
	}
}

static void
put(json_object *o, const char *k, json_object *v)
{
	json_object_object_add(o, k, v);
}

/* One record, one line, to the clause's output (dropped with it if the
 * clause faults). */
static void
out(dsl_rt_t *rt, json_object *o)
{
	size_t len;
	const char *s = json_object_to_json_string_length(o, JFLAGS, &len);

	fwrite(s, 1, len, rt->rt_out);
	fputc('\n', rt->rt_out);
	json_object_put(o);
}

/* A record of the firing probe: {"type":..., "probe":{...}}. */
static json_object *
record(dsl_rt_t *rt, const char *type)
{
	json_object *o = json_object_new_object(), *p;
	const rt_probe_t *pr;

	put(o, "type", json_object_new_string(type));
	if (rt->rt_pid == 0 || rt->rt_pid > rt->rt_nprobes ||
	    rt->rt_ctx == NULL)
		return o;
	pr = &rt->rt_probes[rt->rt_pid - 1];
	p = json_object_new_object();
	put(p, "id", json_object_new_int64(rt->rt_pid));
	put(p, "provider", jstr(rt, pr->pr_prov));
	put(p, "module", jstr(rt, pr->pr_mod));
	put(p, "function", jstr(rt, pr->pr_func));
	put(p, "name", jstr(rt, pr->pr_name));
	put(p, "cpu", json_object_new_int64(rt->rt_ctx->cx_cpu));
	put(p, "pid", json_object_new_int64(rt->rt_ctx->cx_pid));
	put(p, "tid", json_object_new_int64(rt->rt_ctx->cx_tid));
	put(o, "probe", p);
	return o;
}

void
dsl_emit_trace(dsl_rt_t *rt, const dsl_node_t *n, int64_t v)
{
	json_object *o = record(rt, "trace");

	if (n->dn_type == DT_STR)
		put(o, "value", jstr(rt, (const char *)(intptr_t)v));
	else
		put(o, "value", jint(v, n->dn_size, n->dn_signed));
	out(rt, o);
}

int
dsl_emit_printf(dsl_rt_t *rt, const char *fmt, const dsl_parg_t *args,
    size_t nargs)
{
	dsl_emit_t *em = rt->rt_emit;
	FILE *save = rt->rt_out;
	json_object *o, *a;
	off_t len;
	size_t i;
	int r;

	if (em->em_text == NULL)
		em->em_text = open_memstream(&em->em_mem, &em->em_size);
	if (em->em_text == NULL)
		return 0;
	rewind(em->em_text);
	rt->rt_out = em->em_text;
	em->em_busy = true;
	r = dsl_printf_out(rt, fmt, args, nargs);
	em->em_busy = false;
	rt->rt_out = save;
	len = ftello(em->em_text);
	fflush(em->em_text);
	o = record(rt, "printf");
	put(o, "format", jstr(rt, fmt));
	put(o, "output", jstrn(rt, em->em_mem, len > 0 ? (size_t)len : 0));
	a = json_object_new_array();
	for (i = 0; i < nargs; i++) {
		if (args[i].pa_type == DT_STR)
			json_object_array_add(a, jstr(rt, args[i].pa_str ?
			    args[i].pa_str : ""));
		else
			json_object_array_add(a, jint(args[i].pa_int,
			    args[i].pa_size, args[i].pa_signed));
	}
	put(o, "args", a);
	out(rt, o);
	return r;
}

/* dsl_printf_out() calls back here unless it formats for us. */
bool
dsl_emit_busy(const dsl_rt_t *rt)
{
	return rt->rt_emit != NULL && rt->rt_emit->em_busy;
}

static json_object *
jbound(int64_t v, bool none)
{
	return none ? NULL : json_object_new_int64(v);
}

/* The fields of an aggregation entry, added to o. */
static void
jent(dsl_rt_t *rt, json_object *o, const dsl_aent_t *e)
{
	json_object *k = json_object_new_array(), *bs;
	size_t i;

	put(o, "name", jstr(rt, e->ae_name));
	put(o, "function", json_object_new_string(e->ae_func));
	for (i = 0; i < (size_t)e->ae_nkeys; i++)
		json_object_array_add(k, e->ae_keys[i].av_str != NULL ?
		    jstr(rt, e->ae_keys[i].av_str) :
		    json_object_new_int64(e->ae_keys[i].av_int));
	put(o, "keys", k);
	if (e->ae_buckets == NULL)
		put(o, "value", e->ae_unsigned ?
		    json_object_new_uint64((uint64_t)e->ae_value) :
		    json_object_new_int64(e->ae_value));
	if (e->ae_hascount) {
		put(o, "count", json_object_new_int64(e->ae_count));
		put(o, "sum", json_object_new_int64(e->ae_sum));
	}
	if (e->ae_buckets == NULL)
		return;
	/* the buckets that hold something, as dtrace's lines do */
	bs = json_object_new_array();
	for (i = 0; i < e->ae_nbuckets; i++) {
		const dsl_abucket_t *b = &e->ae_buckets[i];
		json_object *bo;

		if (b->ab_count == 0)
			continue;
		bo = json_object_new_object();
		put(bo, "min", jbound(b->ab_min, b->ab_nomin));
		put(bo, "max", jbound(b->ab_max, b->ab_nomax));
		put(bo, "count", json_object_new_int64(b->ab_count));
		json_object_array_add(bs, bo);
	}
	put(o, "buckets", bs);
}

void
dsl_emit_printa(dsl_rt_t *rt, const uint32_t *aggs, int n)
{
	dsl_hent_t *zero[DSL_PRINTA_MAX] = { NULL };
	dsl_abucket_t *b = NULL;
	dsl_jrow_t *rows;
	dsl_aent_t e;
	size_t nr, i, most = 0;
	int k;

	for (k = 0; k < n; k++)
		if (rt->rt_pg->pg_aggs[aggs[k]].ag_ndata > most)
			most = rt->rt_pg->pg_aggs[aggs[k]].ag_ndata;
	rows = dsl_agg_joined(rt, aggs, n, &nr, zero);
	if (rows != NULL)
		b = calloc(most + 1, sizeof(*b));
	for (i = 0; b != NULL && i < nr; i++) {
		for (k = 0; k < n; k++) {
			json_object *o = record(rt, "printa");

			fill(rt, aggs[k], rows[i].jr_key, rows[i].jr_ents[k],
			    &e, b);
			jent(rt, o, &e);
			out(rt, o);
		}
	}
	for (k = 0; k < n; k++) {
		rt->rt_aggs[aggs[k]].ag_printed = true;
		free(zero[k]);
	}
	free(b);
	free(rows);
}

static int
agg_line(void *arg, const dsl_aent_t *e)
{
	dsl_rt_t *rt = arg;
	json_object *o = json_object_new_object();

	put(o, "type", json_object_new_string("aggregation"));
	jent(rt, o, e);
	out(rt, o);
	return 0;
}

void
dsl_emit_all(dsl_rt_t *rt)
{
	uint32_t a;

	for (a = 0; a < rt->rt_pg->pg_naggs; a++)
		if (!rt->rt_aggs[a].ag_printed)
			(void)dsl_emit_agg_walk(rt, a, agg_line, rt);
}
