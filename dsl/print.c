/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * print.c: output as dtrace(1) and libdtrace's dt_consume.c print it: the
 * heading and probe lines, trace() records, aggregation entries and the
 * quantize/lquantize/llquantize histograms (illumos layouts), printa().
 */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/rt.h"
#include "dsl/printf.h"
#include "dsl/emit.h"


void
dsl_print_heading(dsl_rt_t *rt)
{
	if (rt->rt_heading)
		return;
	rt->rt_heading = true;
	if (rt->rt_flow && rt->rt_emit == NULL)
		fprintf(rt->rt_out, "%3s %-41s\n", "CPU", "FUNCTION");
	else if (!rt->rt_quiet && rt->rt_emit == NULL)
		fprintf(rt->rt_out, "%3s %6s %32s\n", "CPU", "ID",
		    "FUNCTION:NAME");
}

/* -F: the indent of thread tid, made 0 when new; NULL: out of memory. */
static int32_t *
flow_indent(dsl_rt_t *rt, int32_t tid)
{
	struct rt_flow *f;
	size_t i;

	for (i = 0; i < rt->rt_nflows; i++)
		if (rt->rt_flows[i].fl_tid == tid)
			return &rt->rt_flows[i].fl_indent;
	f = realloc(rt->rt_flows, (rt->rt_nflows + 1) * sizeof(*f));
	if (f == NULL)
		return NULL;
	rt->rt_flows = f;
	f[rt->rt_nflows].fl_tid = tid;
	f[rt->rt_nflows].fl_indent = 0;
	return &f[rt->rt_nflows++].fl_indent;
}

/* Whether name is word ("entry") or ends in "-" word ("method-entry"). */
static bool
flow_name(const char *name, const char *word)
{
	size_t n = strlen(name), w = strlen(word);

	return n >= w && strcmp(name + n - w, word) == 0 &&
	    (n == w || name[n - w - 1] == '-');
}

/*
 * -F, as dtrace's dt_flowindent and its chew() print it: an entry
 * " -> func", then the thread's later lines two columns further in; a
 * return back out, " <- func" (" => ", " <= " for syscall probes); any
 * other probe "| func:name".  The indent is the thread's, since each
 * thread has its own calls (dtrace keeps one per CPU buffer).  A second
 * clause printing the same entry does not indent again.  Printed under
 * -q too, as dtrace does.
 */
static void
flow_probe(dsl_rt_t *rt, const rt_probe_t *p)
{
	int32_t *ind = flow_indent(rt, rt->rt_ctx->cx_tid), zero = 0;
	bool sys = strcmp(p->pr_prov, "syscall") == 0;
	const char *pre = "| ";
	char name[600];
	int kind = 0;

	if (ind == NULL)
		ind = &zero;
	if (flow_name(p->pr_name, "entry"))
		kind = 1;
	else if (flow_name(p->pr_name, "return"))
		kind = 2;
	if (kind == 1 && rt->rt_pid == rt->rt_flowpid &&
	    rt->rt_epid != rt->rt_flowepid)
		kind = 0;
	rt->rt_flowpid = rt->rt_pid;
	rt->rt_flowepid = rt->rt_epid;
	if (kind == 1)
		pre = sys ? " => " : " -> ";
	else if (kind == 2)
		pre = sys ? " <= " : " <- ";
	if (kind == 2 && *ind > 0)
		*ind -= 2;
	if (kind == 0)
		snprintf(name, sizeof(name), "%*s%s%s:%s", (int)*ind, "", pre,
		    p->pr_func, p->pr_name);
	else
		snprintf(name, sizeof(name), "%*s%s%s", (int)*ind, "", pre,
		    p->pr_func);
	fprintf(rt->rt_out, "%3d %-41s ", rt->rt_ctx->cx_cpu, name);
	if (kind == 1)
		*ind += 2;
}

void
dsl_print_probe(dsl_rt_t *rt)
{
	const rt_probe_t *p = &rt->rt_probes[rt->rt_pid - 1];
	char name[512];

	if (rt->rt_flow && rt->rt_emit == NULL) {
		flow_probe(rt, p);
		return;
	}
	if (rt->rt_quiet || rt->rt_emit != NULL)
		return;
	snprintf(name, sizeof(name), "%s:%s", p->pr_func, p->pr_name);
	fprintf(rt->rt_out, "%3d %6d %32s ", rt->rt_ctx->cx_cpu,
	    (int)rt->rt_pid, name);
}

/*
 * A stack string's head (prog.h): the pid and its string space; returns
 * where its frames start.  A stack without string space (ustack(),
 * ustack(n), a strsize of 0) names its JIT frames in full: the perf map
 * is read here, when the stack prints, as the ELF symbol tables are, and
 * as bpftrace and perf name such frames.  With string space (jstack(),
 * ustack(n, strsize)) a JIT's name takes its room as a ustack helper's
 * string does in dtrace.
 */
static const char *
stack_head(const char *st, int32_t *pid, long *strsize)
{
	char *p;

	*pid = (int32_t)strtol(st + 1, &p, 10);
	*strsize = *p == '/' ? strtol(p + 1, &p, 10) : 0;
	if (*strsize <= 0)
		*strsize = LONG_MAX;
	return p;
}

/*
 * Name frame pc of a stack of process pid: "module`function+0xoff".  A
 * JIT's name (dh_pcsym's 1) is what dtrace's ustack helper would give,
 * and dt_print_ustack prints it only from the stack's string space:
 * strsize bytes that hold, frame after frame, the helper's string
 * (truncated to the room left) or an empty one, each with its NUL; a
 * JIT frame without its string prints in hex, as one in anonymous memory
 * does.  *room is the space left (LONG_MAX: no limit, see stack_head).
 */
static void
frame_name(dsl_rt_t *rt, int32_t pid, uint64_t pc, char *buf, size_t len,
    long *room)
{
	int k = rt->rt_host.dh_pcsym == NULL ? -1 : rt->rt_host.dh_pcsym(
	    rt->rt_host.dh_cookie, pid, pc, buf, len);
	size_t n;

	if (k == 1 && *room > 1) {
		n = strlen(buf);
		if (n > (size_t)*room - 1)
			buf[n = (size_t)*room - 1] = '\0';
		*room -= (long)n + 1;
		return;
	}
	if (*room > 0)
		*room -= 1;	/* no helper string: "" */
	if (k != 0)
		snprintf(buf, len, "0x%llx", (unsigned long long)pc);
}

/* The next frame of a stack string at *p (after the pid): 0 at the end. */
static int
next_pc(const char **p, uint64_t *pc)
{
	char *e;

	if (**p != ' ')
		return 0;
	*pc = strtoull(*p + 1, &e, 16);
	*p = e;
	return 1;
}

/* Print a stack value (DSL_STACKMARK) as dt_print_ustack: a newline,
 * then each frame on its own line, indented by 14. */
static void
print_stack(dsl_rt_t *rt, FILE *fp, const char *st)
{
	dsl_print_stack_fmt(rt, fp, st, "%s");
}

/* ffmt is built by printf.c's cfmt from a checked conversion. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
void
dsl_print_stack_fmt(dsl_rt_t *rt, FILE *fp, const char *st, const char *ffmt)
{
	char name[1024];
	const char *p;
	int32_t pid;
	uint64_t pc;
	long room;

	p = stack_head(st, &pid, &room);
	fputc('\n', fp);
	while (next_pc(&p, &pc)) {
		frame_name(rt, pid, pc, name, sizeof(name), &room);
		fprintf(fp, "%*s", rt->rt_opts[O_STACKINDENT] >= 0 ?
		    (int)(rt->rt_opts[O_STACKINDENT] < 1000 ?
		    rt->rt_opts[O_STACKINDENT] : 1000) : 14, "");
		fprintf(fp, ffmt, name);
		fputc('\n', fp);
	}
}
#pragma GCC diagnostic pop

size_t
dsl_print_stack_fold(dsl_rt_t *rt, const char *st, char *buf, size_t len)
{
	char name[1024], *o;
	uint64_t pcs[DSL_STACKMAX];
	long rooms[DSL_STACKMAX];	/* the string space left at each */
	const char *p;
	size_t n = 0, used = 0, i;
	int32_t pid;
	long room;

	p = stack_head(st, &pid, &room);
	while (n < DSL_STACKMAX && next_pc(&p, &pcs[n]))
		n++;
	/* the leaf takes its string first (frame_name) */
	for (i = 0; i < n; i++) {
		rooms[i] = room;
		if (room > 0)
			frame_name(rt, pid, pcs[i], name, sizeof(name), &room);
	}
	if (len > 0)
		buf[0] = '\0';
	/* root first, offsets dropped, as stackcollapse.pl folds */
	while (n-- > 0 && len > 0) {
		size_t k;

		frame_name(rt, pid, pcs[n], name, sizeof(name), &rooms[n]);
		if ((o = strstr(name, "+0x")) != NULL)
			*o = '\0';
		for (o = name; *o != '\0'; o++)
			if (*o == ';')
				*o = ':';	/* ';' separates frames */
		k = (size_t)snprintf(buf + used, len - used, "%s%s",
		    used ? ";" : "", name);
		if (k >= len - used)
			break;
		used += k;
	}
	return used;
}

/*
 * Bytes as dtrace's dt_print_rawbytes prints them: a heading of the 16
 * columns, then each 16 bytes' offset, their hex and their characters
 * (a dot for those that do not print).
 */
void
dsl_print_rawbytes(dsl_rt_t *rt, const unsigned char *c, size_t n)
{
	FILE *fp = rt->rt_out;
	size_t i, j;

	if (n == 0)
		return;
	fprintf(fp, "\n%5s      ", "");
	for (i = 0; i < 16; i++)
		fprintf(fp, "  %c", "0123456789abcdef"[i]);
	fprintf(fp, "  0123456789abcdef\n");
	for (i = 0; i < n; i += 16) {
		fprintf(fp, "%5s%5zx:", "", i);
		for (j = i; j < i + 16 && j < n; j++)
			fprintf(fp, " %02x", c[j]);
		for (; j % 16 != 0; j++)
			fputs("   ", fp);
		fputs("  ", fp);
		for (j = i; j < i + 16 && j < n; j++)
			fputc(c[j] < ' ' || c[j] > '~' ? '.' : c[j], fp);
		fputc('\n', fp);
	}
}

/*
 * -x rawbytes: trace() prints its record's bytes, as dtrace-utils'
 * dt_print_rawbytes lays them out.  A string's record is its buffer,
 * the string and NULs to its size; an integer's its bytes,
 * little-endian.
 */
static void
rawbytes(dsl_rt_t *rt, const dsl_node_t *n, int64_t v)
{
	unsigned char buf[DSL_STACKSIZE];
	size_t len, i;

	if (n->dn_type == DT_STR) {
		len = rt->rt_strsize < sizeof(buf) ? rt->rt_strsize :
		    sizeof(buf);
		memset(buf, 0, len);
		memcpy(buf, (const char *)(intptr_t)v,
		    strnlen((const char *)(intptr_t)v, len));
	} else {
		len = n->dn_size > 0 && n->dn_size <= 8 ? n->dn_size : 8;
		for (i = 0; i < len; i++)
			buf[i] = (unsigned char)((uint64_t)v >> (8 * i));
	}
	dsl_print_rawbytes(rt, buf, len);
}

/* trace(): dt_consume_cpu's record printing (Oracle's widths). */
void
dsl_print_trace(dsl_rt_t *rt, const dsl_node_t *n, int64_t v)
{
	FILE *fp = rt->rt_out;
	bool q = rt->rt_quiet;

	if (rt->rt_emit != NULL) {
		dsl_emit_trace(rt, n, v);
		return;
	}
	if (n->dn_type == DT_INT && (n->dn_aux & AUX_BYADDR) &&
	    (n->dn_op == N_MEMBER || n->dn_op == N_DEREF ||
	    n->dn_op == N_INDEX || n->dn_op == N_GVAR || n->dn_op == N_TVAR ||
	    n->dn_op == N_SVAR || n->dn_op == N_ARR || n->dn_op == N_ARG ||
	    n->dn_op == N_CAST)) {
		/* a struct, union or array: its bytes, as dtrace's
		 * dt_print_trace prints a value kept by reference */
		const dsl_ctype_t *ty = dsl_type_resolve(&rt->rt_pg->pg_tt,
		    n->dn_ctype, NULL);
		size_t len = ty != NULL ? (size_t)ty->ty_size : 0;
		unsigned char *b = len > 0 && len <= (1 << 20) ?
		    malloc(len) : NULL;

		if (b != NULL && dsl_eval_memread(rt, (uint64_t)v, b, len,
		    (int32_t)(n - rt->rt_pg->pg_nodes)) == 0)
			dsl_print_rawbytes(rt, b, len);
		free(b);
		return;
	}
	if (rt->rt_opts[O_RAWBYTES] > 0 && !(n->dn_type == DT_STR &&
	    *(const char *)(intptr_t)v == DSL_STACKMARK)) {
		rawbytes(rt, n, v);
		return;
	}
	if (n->dn_type == DT_STR &&
	    *(const char *)(intptr_t)v == DSL_STACKMARK) {
		print_stack(rt, fp, (const char *)(intptr_t)v);
		return;
	}
	if (n->dn_type == DT_STR) {
		if (q)
			fputs((const char *)(intptr_t)v, fp);
		else
			fprintf(fp, "  %-33s", (const char *)(intptr_t)v);
		return;
	}
	/* Oracle's widths and signs (dtrace-utils' dt_print_datum): each
	 * type as it is, (int8_t)-1 as -1 where illumos printed 255, and
	 * 64-bit values in 19 columns signed, 20 unsigned (illumos: 16) */
	switch (n->dn_size) {
	case 1:
		fprintf(fp, q ? "%d" : " %3d", n->dn_signed ? (int)(int8_t)v :
		    (int)(uint8_t)v);
		break;
	case 2:
		fprintf(fp, q ? "%d" : " %5d", n->dn_signed ? (int)(int16_t)v :
		    (int)(uint16_t)v);
		break;
	case 4:
		if (n->dn_signed)
			fprintf(fp, q ? "%d" : " %10d", (int)(int32_t)v);
		else
			fprintf(fp, q ? "%u" : " %10u", (unsigned)(uint32_t)v);
		break;
	default:
		if (n->dn_signed)
			fprintf(fp, q ? "%lld" : " %19lld", (long long)v);
		else
			fprintf(fp, q ? "%llu" : " %20llu",
			    (unsigned long long)v);
		break;
	}
}

static void
quantline(FILE *fp, int64_t val, int64_t normal, long double total,
    bool positives, bool negatives)
{
	static const char ats[] = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@";
	static const char spaces[] = "                                        ";
	unsigned len = 40, depth;
	long double f;
	const char *a = ats, *s = spaces;

	if (!negatives) {
		if (positives) {
			f = ((val < 0 ? -(long double)val : (long double)val) *
			    len) / total;
			depth = (unsigned)(f + 0.5);
		} else {
			depth = 0;
		}
		fprintf(fp, "|%s%s %-9lld\n", a + len - depth, s + depth,
		    (long long)(val / normal));
		return;
	}
	if (!positives) {
		f = ((val < 0 ? -(long double)val : (long double)val) * len) /
		    total;
		depth = (unsigned)(f + 0.5);
		fprintf(fp, "%s%s| %-9lld\n", s + depth, a + len - depth,
		    (long long)(val / normal));
		return;
	}
	/* both signs: half bars either side of a centre line */
	len /= 2;
	a = &ats[len];
	s = &spaces[len];
	f = ((val < 0 ? -(long double)val : (long double)val) * len) / total;
	depth = (unsigned)(f + 0.5);
	if (val <= 0)
		fprintf(fp, "%s%s|%*s %-9lld\n", s + depth, a + len - depth,
		    (int)len, "", (long long)(val / normal));
	else
		fprintf(fp, "%20s|%s%s %-9lld\n", "", a + len - depth,
		    s + depth, (long long)(val / normal));
}

/* The counts' signs and what a bar of 40 stands for: their total, or
 * with aggzoom the largest, so that its bar fills the width. */
static void
sums(const int64_t *d, int first, int last, long double *total, bool *pos,
    bool *neg, bool zoom)
{
	int i;

	*total = 0;
	*pos = *neg = false;
	for (i = first; i <= last; i++) {
		long double a = d[i] < 0 ? -(long double)d[i] :
		    (long double)d[i];

		*pos |= d[i] > 0;
		*neg |= d[i] < 0;
		if (!zoom)
			*total += a;
		else if (a > *total)
			*total = a;
	}
}

static void
header(FILE *fp)
{
	fprintf(fp, "\n%16s %41s %-9s\n", "value",
	    "------------- Distribution -------------", "count");
}

static void
print_quantize(FILE *fp, const int64_t *d, int64_t normal, bool zoom)
{
	int first = 0, last = 126, i;
	long double total;
	bool pos, neg;

	/* 2^62 and up land in the last bucket, 126 */
	while (first <= 126 && d[first] == 0)
		first++;
	if (first > 126) {
		/* no data (possible with negative increments) */
		first = 62;
		last = 64;
	} else {
		if (first > 0)
			first--;
		while (last > 0 && d[last] == 0)
			last--;
		if (last < 126)
			last++;
	}
	sums(d, first, last, &total, &pos, &neg, zoom);
	header(fp);
	for (i = first; i <= last; i++) {
		fprintf(fp, "%16lld ", (long long)dsl_agg_qbucketval(i));
		quantline(fp, d[i], normal, total, pos, neg);
	}
}

static void
print_lquantize(FILE *fp, const dsl_agg_t *ag, const int64_t *d,
    int64_t normal, bool zoom)
{
	int levels = (int)ag->ag_ndata - 2, first = 0, last = levels + 1, i;
	int base = (int)ag->ag_p[0], step = (int)ag->ag_p[2];
	long double total;
	bool pos, neg;

	while (first <= levels + 1 && d[first] == 0)
		first++;
	if (first > levels + 1) {
		first = 0;
		last = 2;
	} else {
		if (first > 0)
			first--;
		while (last > 0 && d[last] == 0)
			last--;
		if (last < levels + 1)
			last++;
	}
	sums(d, first, last, &total, &pos, &neg, zoom);
	header(fp);
	for (i = first; i <= last; i++) {
		char c[32];

		if (i == 0) {
			snprintf(c, sizeof(c), "< %d", base);
			fprintf(fp, "%16s ", c);
		} else if (i == levels + 1) {
			snprintf(c, sizeof(c), ">= %d", base + levels * step);
			fprintf(fp, "%16s ", c);
		} else {
			fprintf(fp, "%16d ", base + (i - 1) * step);
		}
		quantline(fp, d[i], normal, total, pos, neg);
	}
}

/* dtrace-utils' dt_print_llquantize: the bins agg.c fills, one
 * row each from one before the first non-zero to one after the last,
 * bins no integer falls in left out. */
static void
print_llquantize(FILE *fp, const dsl_agg_t *ag, const int64_t *d,
    int64_t normal, bool zoom)
{
	int nbins = (int)ag->ag_ndata, bin0 = nbins / 2, first = 0;
	int last = nbins - 1, b;
	int64_t scale = 1, v;
	long double total;
	bool pos, neg;
	char c[48];

	while (first <= last && d[first] == 0)
		first++;
	if (first > last) {
		first = last = bin0 + 1;
	} else {
		while (d[last] == 0)
			last--;
	}
	sums(d, first, last, &total, &pos, &neg, zoom);
	header(fp);
	if (first > 0)
		first--;
	if (last < nbins - 1)
		last++;
	for (b = 0; b < ag->ag_p[1]; b++)
		scale *= ag->ag_p[0];
	for (b = first; b <= last; b++) {
		int lb = b;

		if (!dsl_agg_llq_label(ag, b, &v)) {
			/* a widened end on a ghost bin takes the label of
			 * the nearest real bin beyond it */
			int dir = b == first ? -1 : b == last ? 1 : 0;

			if (dir == 0)
				continue;
			for (lb = b + dir; lb >= 0 && lb < nbins &&
			    !dsl_agg_llq_label(ag, lb, &v); lb += dir)
				;
			if (lb < 0 || lb >= nbins)
				continue;
		}
		if (lb == 0)
			snprintf(c, sizeof(c), "<= %lld", (long long)v);
		else if (lb == nbins - 1)
			snprintf(c, sizeof(c), ">= %lld", (long long)v);
		else if (lb == bin0 && scale == 1)
			snprintf(c, sizeof(c), "0");
		else if (lb == bin0)
			snprintf(c, sizeof(c), first >= bin0 ? "< %lld" :
			    "abs() < %lld", (long long)scale);
		else
			snprintf(c, sizeof(c), "%lld", (long long)v);
		fprintf(fp, "%16s ", c);
		quantline(fp, d[b], normal, total, pos, neg);
	}
}

void
dsl_print_value(dsl_rt_t *rt, uint32_t a, dsl_hent_t *he)
{
	const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[a];
	int64_t normal = rt->rt_aggs[a].ag_normal;
	const int64_t *d = he->he_data;
	FILE *fp = rt->rt_out;
	bool zoom = rt->rt_opts[O_AGGZOOM] > 0;

	switch (ag->ag_func) {
	case F_QUANTIZE:
		print_quantize(fp, d, normal, zoom);
		break;
	case F_LQUANTIZE:
		print_lquantize(fp, ag, d, normal, zoom);
		break;
	case F_LLQUANTIZE:
		print_llquantize(fp, ag, d, normal, zoom);
		break;
	case F_AVG:
		fprintf(fp, " %16lld", d[0] ? (long long)(d[1] / normal /
		    d[0]) : 0LL);
		break;
	case F_STDDEV:
		fprintf(fp, " %16llu", (unsigned long long)dsl_agg_stddev(d,
		    normal));
		break;
	default:
		fprintf(fp, " %16lld", (long long)(d[0] / normal));
		break;
	}
}

static void
print_keys(dsl_rt_t *rt, const dsl_agg_t *ag, const char *key)
{
	FILE *fp = rt->rt_out;
	int i;

	for (i = 0; i < ag->ag_nkeys; i++) {
		const char *s;
		int64_t v = dsl_agg_key_int(ag, key, i, &s);

		if (s != NULL && *s == DSL_STACKMARK) {
			print_stack(rt, fp, s);
			continue;
		}
		if (s != NULL) {
			fprintf(fp, "  %-50s", s);
			continue;
		}
		switch (ag->ag_ksize[i]) {
		case 1:
			fprintf(fp, " %3d", (int)(uint8_t)v);
			break;
		case 2:
			fprintf(fp, " %5d", (int)(uint16_t)v);
			break;
		case 4:
			fprintf(fp, " %8d", (int)(int32_t)v);
			break;
		default:
			fprintf(fp, " %16lld", (long long)v);
			break;
		}
	}
}

/*
 * An entry as a folded line (-x stackfmt=folded): the keys joined by
 * ';' (a stack's frames root first, other keys as they print), a blank
 * and the value: what stackcollapse.pl makes of dtrace's output, and
 * what flamegraph.pl and stackvis read.
 */
size_t
dsl_print_fold_keys(dsl_rt_t *rt, const dsl_agg_t *ag, const char *key,
    char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < ag->ag_nkeys && used + 2 < len; i++) {
		const char *s;
		int64_t v = dsl_agg_key_int(ag, key, i, &s);

		if (used > 0)
			buf[used++] = ';';
		if (s != NULL && *s == DSL_STACKMARK)
			used += dsl_print_stack_fold(rt, s, buf + used,
			    len - used);
		else if (s != NULL)
			used += (size_t)snprintf(buf + used, len - used, "%s",
			    s);
		else
			used += (size_t)snprintf(buf + used, len - used,
			    "%lld", (long long)v);
		if (used >= len)
			used = len - 1;
		buf[used] = '\0';
	}
	return used;
}

/*
 * Folded lines gathered over one printing, then sorted and merged:
 * stackcollapse.pl strips the offsets (+0x..) and sums the counts of the
 * stacks that then read the same, and prints its lines sorted (FlameGraph's
 * stackcollapse.pl; t/profile/folded.sh).  Stacks that differ only in
 * their offsets are distinct keys here, one line there.
 */
typedef struct fold_line {
	char		*fl_text;
	long long	fl_val;
} fold_line_t;

typedef struct fold_set {
	fold_line_t	*fs_lines;
	size_t		fs_n, fs_cap;
} fold_set_t;

static int
fold_cmp(const void *x, const void *y)
{
	const fold_line_t *p = x, *q = y;

	return strcmp(p->fl_text, q->fl_text);
}

/* Print the gathered lines, each text once with its values summed. */
static void
fold_flush(dsl_rt_t *rt, fold_set_t *fs)
{
	size_t i, j;

	if (fs->fs_n > 0)
		qsort(fs->fs_lines, fs->fs_n, sizeof(*fs->fs_lines), fold_cmp);
	for (i = 0; i < fs->fs_n; i = j) {
		long long v = fs->fs_lines[i].fl_val;

		for (j = i + 1; j < fs->fs_n && strcmp(fs->fs_lines[j].fl_text,
		    fs->fs_lines[i].fl_text) == 0; j++)
			v += fs->fs_lines[j].fl_val;
		fprintf(rt->rt_out, "%s %lld\n", fs->fs_lines[i].fl_text, v);
	}
	for (i = 0; i < fs->fs_n; i++)
		free(fs->fs_lines[i].fl_text);
	free(fs->fs_lines);
	memset(fs, 0, sizeof(*fs));
}

/* An entry as a folded line into FS (printed at once when FS is NULL);
 * false when the entry does not print folded. */
static bool
print_folded(dsl_rt_t *rt, uint32_t a, const char *key, dsl_hent_t *he,
    fold_set_t *fs)
{
	const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[a];
	fold_set_t one = { NULL, 0, 0 };
	char *buf;

	if (!rt->rt_folded || dsl_agg_stackkey(ag, key) < 0)
		return false;
	if ((buf = malloc(FOLDMAX)) == NULL)
		return false;
	dsl_print_fold_keys(rt, ag, key, buf, FOLDMAX);
	if (fs == NULL)
		fs = &one;
	if (fs->fs_n == fs->fs_cap) {
		size_t cap = fs->fs_cap ? 2 * fs->fs_cap : 64;
		fold_line_t *l = realloc(fs->fs_lines, cap * sizeof(*l));

		if (l == NULL) {
			free(buf);
			return false;
		}
		fs->fs_lines = l;
		fs->fs_cap = cap;
	}
	fs->fs_lines[fs->fs_n].fl_text = buf;
	fs->fs_lines[fs->fs_n++].fl_val = (long long)dsl_agg_scalar(rt, a, he);
	if (fs == &one)
		fold_flush(rt, fs);
	return true;
}

/* Print one aggregation entry as dt_print_aggs does (keys, value, \n). */
static void
print_entry(dsl_rt_t *rt, uint32_t a, dsl_hent_t *he)
{
	if (print_folded(rt, a, HE_KEY(&rt->rt_aggs[a].ag_ht, he), he, NULL))
		return;
	print_keys(rt, &rt->rt_pg->pg_aggs[a],
	    HE_KEY(&rt->rt_aggs[a].ag_ht, he));
	dsl_print_value(rt, a, he);
	fputc('\n', rt->rt_out);
}

/* Format one row with a printa() format: conversions take the keys in
 * order, each %@ the value of the next aggregation. */
static void
printa_fmt(dsl_rt_t *rt, const uint32_t *aggs, int n, const char *key,
    dsl_hent_t *const *ents, const char *fmt)
{
	const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[aggs[0]];
	dsl_parg_t args[8 + DSL_PRINTA_MAX];
	int i, k;

	memset(args, 0, sizeof(args));
	for (i = 0; i < ag->ag_nkeys && i < 8; i++) {
		const char *s;
		int64_t v = dsl_agg_key_int(ag, key, i, &s);

		args[i].pa_type = s != NULL ? DT_STR : DT_INT;
		args[i].pa_size = ag->ag_ksize[i];
		args[i].pa_signed = true;
		args[i].pa_int = v;
		args[i].pa_str = s;
	}
	for (k = 0; k < n && i < 8 + DSL_PRINTA_MAX; k++, i++) {
		args[i].pa_type = DT_VOID;	/* a value, for %@ */
		args[i].pa_agg = aggs[k];
		args[i].pa_ent = ents[k];
	}
	dsl_printf_out(rt, fmt, args, (size_t)i);
}

void
dsl_print_printa(dsl_rt_t *rt, const uint32_t *aggs, int n, const char *fmt)
{
	dsl_hent_t *zero[DSL_PRINTA_MAX] = { NULL };
	fold_set_t fs = { NULL, 0, 0 };
	dsl_jrow_t *rows;
	size_t nr, i;
	int k;

	if (rt->rt_emit != NULL) {
		dsl_emit_printa(rt, aggs, n);
		return;
	}
	if (fmt == NULL && !(rt->rt_folded && n == 1))
		fputc('\n', rt->rt_out);
	rows = dsl_agg_joined(rt, aggs, n, &nr, zero);
	for (i = 0; rows != NULL && i < nr; i++) {
		if (fmt != NULL) {
			printa_fmt(rt, aggs, n, rows[i].jr_key,
			    rows[i].jr_ents, fmt);
			continue;
		}
		if (n == 1 && print_folded(rt, aggs[0], rows[i].jr_key,
		    rows[i].jr_ents[0], &fs))
			continue;
		print_keys(rt, &rt->rt_pg->pg_aggs[aggs[0]], rows[i].jr_key);
		for (k = 0; k < n; k++)
			dsl_print_value(rt, aggs[k], rows[i].jr_ents[k]);
		fputc('\n', rt->rt_out);
	}
	fold_flush(rt, &fs);
	for (k = 0; k < n; k++) {
		rt->rt_aggs[aggs[k]].ag_printed = true;
		free(zero[k]);
	}
	free(rows);
}

/* dtrace_aggregate_print(): every entry of every aggregation not yet
 * printed by printa(), sorted together. */
void
dsl_print_all(dsl_rt_t *rt)
{
	const dsl_prog_t *pg = rt->rt_pg;
	bool *which = calloc(pg->pg_naggs + 1, sizeof(bool));
	fold_set_t fs = { NULL, 0, 0 };
	dsl_hent_t **s;
	uint32_t *aggof, a;
	size_t n, i;

	if (rt->rt_emit != NULL) {
		free(which);
		dsl_emit_all(rt);
		return;
	}
	if (which == NULL)
		return;
	for (a = 0; a < pg->pg_naggs; a++)
		which[a] = !rt->rt_aggs[a].ag_printed;
	s = dsl_agg_sorted(rt, which, &n, &aggof);
	for (i = 0; i < n; i++) {
		if (print_folded(rt, aggof[i],
		    HE_KEY(&rt->rt_aggs[aggof[i]].ag_ht, s[i]), s[i], &fs))
			continue;
		print_entry(rt, aggof[i], s[i]);
	}
	fold_flush(rt, &fs);
	free(s);
	free(aggof);
	free(which);
}
