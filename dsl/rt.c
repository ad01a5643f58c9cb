/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rt.c: a runtime's life: creation from a program, the host registering
 * probes and enablings, the clause output buffer, END and the final
 * aggregation print, destruction.
 */
#include <config.h>

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dsl/inproc.h"
#include "dsl/rt.h"
#include "dsl/emit.h"
#include "lib/strpack.h"

#define SCRATCH	(64 * 1024)	/* string temporaries of one clause */

/* A traced clause writes into a memory buffer; the text goes to the real
 * output only if the clause did not fault, as dtrace drops the record of
 * a faulting ECB. */
/* The column heading, on the trace output even inside a clause. */
static void
heading(dsl_rt_t *rt)
{
	FILE *o = rt->rt_out;

	rt->rt_out = rt->rt_host.dh_out;
	dsl_print_heading(rt);
	rt->rt_out = o;
}

/* The most speculations at once: the nspec option (default 1). */
static int64_t
nspec(const dsl_rt_t *rt)
{
	int64_t n = rt->rt_pg->pg_opts[O_NSPEC];

	return n < 0 ? 1 : n;
}

int32_t
dsl_rt_spec_new(dsl_rt_t *rt)
{
	uint32_t i;
	rt_spec_t *sp;

	for (i = 0; i < rt->rt_nspec; i++)
		if (!rt->rt_spec[i].sp_active)
			break;
	if (i == rt->rt_nspec) {
		if ((int64_t)i >= nspec(rt) || i >= INT32_MAX - 1) {
			rt->rt_drops[DROP_SPECUNAVAIL]++;
			rt->rt_droppending = true;
			return 0;
		}
		sp = realloc(rt->rt_spec, (i + 1) * sizeof(*sp));
		if (sp == NULL)
			return 0;
		rt->rt_spec = sp;
		memset(&sp[i], 0, sizeof(*sp));
		rt->rt_nspec++;
	}
	rt->rt_spec[i].sp_active = true;
	rt->rt_spec[i].sp_len = 0;
	return (int32_t)i + 1;
}

bool
dsl_rt_spec_end(dsl_rt_t *rt, int64_t id, bool commit)
{
	rt_spec_t *sp;

	if (id < 0 || id > nspec(rt))
		return false;
	if (id == 0 || id > rt->rt_nspec || !rt->rt_spec[id - 1].sp_active)
		return true;
	sp = &rt->rt_spec[id - 1];
	if (commit && sp->sp_len > 0) {
		heading(rt);
		fwrite(sp->sp_buf, 1, sp->sp_len, rt->rt_host.dh_out);
	}
	sp->sp_active = false;
	sp->sp_len = 0;
	return true;
}

/*
 * As dtrace-utils' dt_speculation_speculate: an id that names no live
 * speculation (0, negative, too large, committed) is no error; the
 * clause ends there and drops what it printed (dtrace-utils' speculation
 * tests tst.SpeculationWithZero, tst.negspec).
 */
bool
dsl_rt_spec_use(dsl_rt_t *rt, int64_t id)
{
	if (id <= 0 || id > rt->rt_nspec || !rt->rt_spec[id - 1].sp_active)
		return false;
	rt->rt_specid = (int32_t)id;
	return true;
}

static const struct { const char *tag, *what, *why; } drop_kind[4] = {
	{ "DTRACEDROP_SPECUNAVAIL", "failed speculation",
	    " (no speculative buffer available)" },
	{ "DTRACEDROP_SPEC", "speculative drop", "" },
	{ "DTRACEDROP_DYNAMIC", "dynamic variable drop", "" },
	{ "DTRACEDROP_AGGREGATION", "aggregation drop", "" },
};

void
dsl_rt_drop_line(const dsl_rt_t *rt, FILE *out, int k, uint64_t n)
{
	/* -x droptags: dtrace's tag of the kind first */
	fprintf(out, "pidtrace: %s%s%s%llu %s%s%s\n",
	    rt->rt_opts[O_DROPTAGS] > 0 ? "[" : "",
	    rt->rt_opts[O_DROPTAGS] > 0 ? drop_kind[k].tag : "",
	    rt->rt_opts[O_DROPTAGS] > 0 ? "] " : "",
	    (unsigned long long)n, drop_kind[k].what, n == 1 ? "" : "s",
	    drop_kind[k].why);
}

void
dsl_rt_drops(dsl_rt_t *rt, bool final)
{
	uint64_t n, now;
	struct timespec ts;
	int k;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	if (!final && rt->rt_drops_when != 0 &&
	    now - rt->rt_drops_when < 1000000000ULL)
		return;
	rt->rt_drops_when = now;
	rt->rt_droppending = false;
	for (k = 0; k < 4; k++) {
		n = rt->rt_drops[k] - rt->rt_drops_told[k];
		if (n == 0)
			continue;
		rt->rt_drops_told[k] = rt->rt_drops[k];
		dsl_rt_drop_line(rt, rt->rt_err, k, n);
	}
	fflush(rt->rt_err);
}

void
dsl_rt_clause_flush(dsl_rt_t *rt)
{
	off_t n;

	if (rt->rt_buf == NULL || rt->rt_out != rt->rt_buf ||
	    rt->rt_specid != 0)
		return;
	/* open_memstream's size after fflush: the position (no ftello: a
	 * seek of its own); the clause goes on after what went out */
	fflush(rt->rt_buf);
	n = (off_t)(rt->rt_bufsize - rt->rt_bufstart);
	heading(rt);
	if (n > 0)
		fwrite(rt->rt_bufmem + rt->rt_bufstart, 1, (size_t)n,
		    rt->rt_host.dh_out);
	rt->rt_bufstart = rt->rt_bufsize;
}

void
dsl_rt_system(dsl_rt_t *rt, const char *cmd)
{
	FILE *out = rt->rt_host.dh_out;
	pid_t pid;
	int st;

	fflush(out);
	fflush(rt->rt_err);
	pid = fork();
	if (pid == 0) {
		if (fileno(out) != STDOUT_FILENO)
			(void)dup2(fileno(out), STDOUT_FILENO);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (pid < 0) {
		fprintf(rt->rt_err, "pidtrace: system(\"%s\") failed: %s\n",
		    cmd, strerror(errno));
		return;
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
}

void
dsl_rt_freopen(dsl_rt_t *rt, const char *path)
{
	FILE *fp;

	fflush(rt->rt_host.dh_out);
	if (rt->rt_out0 == NULL)
		rt->rt_out0 = rt->rt_host.dh_out;
	if (*path == '\0') {
		fp = rt->rt_out0;
	} else if ((fp = fopen(path, "a")) == NULL) {
		fprintf(rt->rt_err, "pidtrace: couldn't freopen() \"%s\": "
		    "%s\n", path, strerror(errno));
		return;
	}
	if (rt->rt_host.dh_out != rt->rt_out0)
		fclose(rt->rt_host.dh_out);
	rt->rt_host.dh_out = fp;
	if (rt->rt_out != rt->rt_buf || rt->rt_buf == NULL)
		rt->rt_out = fp;
}

FILE *
dsl_rt_clause_begin(dsl_rt_t *rt)
{
	if (rt->rt_buf == NULL)
		rt->rt_buf = open_memstream(&rt->rt_bufmem, &rt->rt_bufsize);
	if (rt->rt_buf == NULL)
		return rt->rt_host.dh_out;
	/*
	 * A clause's output follows the last one's (rt_bufsize: the
	 * position at the last fflush, which every clause's end makes),
	 * the stream rewound only once it holds 64 KB: a seek cost as
	 * much as the rest of a short clause's buffering (bench/put.sh).
	 */
	if (rt->rt_bufsize > 65536) {
		rewind(rt->rt_buf);
		rt->rt_bufsize = 0;
	}
	rt->rt_bufstart = rt->rt_bufsize;
	return rt->rt_buf;
}

void
dsl_rt_clause_end(dsl_rt_t *rt, bool drop)
{
	off_t n;
	int32_t id = rt->rt_specid;

	if (rt->rt_buf == NULL)
		return;
	fflush(rt->rt_buf);
	n = (off_t)(rt->rt_bufsize - rt->rt_bufstart);	/* as above */
	rt->rt_specid = 0;
	if (drop || id < 0)
		return;
	if (id > 0) {
		rt_spec_t *sp = &rt->rt_spec[id - 1];
		size_t need = sp->sp_len + (size_t)n + 1;

		if (!sp->sp_active)
			return;
		/* -x specsize: what does not fit is a speculative drop */
		if (rt->rt_opts[O_SPECSIZE] > 0 &&
		    need > (uint64_t)rt->rt_opts[O_SPECSIZE] + 1) {
			rt->rt_drops[DROP_SPEC]++;
			rt->rt_droppending = true;
			return;
		}
		if (need > sp->sp_cap) {
			size_t cap = need < 256 ? 256 : 2 * need;
			char *b = realloc(sp->sp_buf, cap);

			if (b == NULL)
				return;
			sp->sp_buf = b;
			sp->sp_cap = cap;
		}
		memcpy(sp->sp_buf + sp->sp_len, rt->rt_bufmem +
		    rt->rt_bufstart, (size_t)n);
		sp->sp_len += (size_t)n;
		if (!rt->rt_quiet && rt->rt_emit == NULL)
			sp->sp_buf[sp->sp_len++] = '\n';
		return;
	}
	dsl_print_heading(rt);
	if (n > 0)
		fwrite(rt->rt_bufmem + rt->rt_bufstart, 1, (size_t)n,
		    rt->rt_host.dh_out);
	if (!rt->rt_quiet && rt->rt_emit == NULL)
		fputc('\n', rt->rt_host.dh_out);
}

/*
 * A boolean option: set by its name alone or any value but those dtrace
 * reads as unset (no, false, disable(d), off, unset, in any case, and 0;
 * its test misc/tst.boolopt.d).
 */
static bool
optbool(const dsl_prog_t *pg, const char *name)
{
	static const char *const unset[] = { "no", "false", "disable",
	    "disabled", "off", "unset", NULL };
	const char *v = dsl_prog_option(pg, name);
	size_t i;

	if (v == NULL)
		return false;
	for (i = 0; unset[i] != NULL; i++)
		if (strcasecmp(v, unset[i]) == 0)
			return false;
	return strcmp(v, "0") != 0;
}

/* An integer option's value, def when unset or not a positive number. */
static int64_t
optint(const dsl_prog_t *pg, const char *name, int64_t def)
{
	const char *v = dsl_prog_option(pg, name);
	long long n;

	if (v == NULL || (n = strtoll(v, NULL, 0)) <= 0)
		return def;
	return n > DSL_STACKMAX ? DSL_STACKMAX : n;
}

dsl_rt_t *
dsl_rt_create(const dsl_prog_t *pg, const dsl_host_t *host)
{
	dsl_rt_t *rt = calloc(1, sizeof(*rt));
	uint32_t i;
	size_t ss;

	if (rt == NULL)
		return NULL;
	rt->rt_pg = pg;
	rt->rt_host = *host;
	if (rt->rt_host.dh_out == NULL)
		rt->rt_host.dh_out = stdout;
	rt->rt_out = rt->rt_host.dh_out;
	rt->rt_err = host->dh_err != NULL ? host->dh_err : stderr;
	/* strsize is the characters a string holds, its NUL apart, as
	 * Oracle's dtrace counts it: strsize=10 keeps "dtraceBEGI" of
	 * strjoin("dtrace", "BEGIN") (dtrace-utils funcs/strjoin/
	 * tst.strjoin-capped-size; illumos kept 9) */
	rt->rt_strsize = pg->pg_strsize + 1;
	ss = rt->rt_strsize;
	memcpy(rt->rt_opts, pg->pg_opts, sizeof(rt->rt_opts));
	rt->rt_quiet = pg->pg_opts[O_QUIET] > 0 || host->dh_quiet;
	rt->rt_flow = optbool(pg, "flowindent");
	if (host->dh_quiet)
		rt->rt_opts[O_QUIET] = 1;
	rt->rt_rand = 0x2545F4914F6CDD1DULL ^ (uint64_t)time(NULL);
	rt->rt_ustackframes = optint(pg, "ustackframes", 100);
	rt->rt_jstackframes = optint(pg, "jstackframes", 50);
	/* jstack()'s string space for JIT names, dtrace's default */
	rt->rt_jstackstrsize = optint(pg, "jstackstrsize", 512);
	{
		const char *sf = dsl_prog_option(pg, "stackfmt");

		rt->rt_folded = sf != NULL && strcmp(sf, "folded") == 0;
	}
	rt->rt_gint = calloc(pg->pg_nglobal_int + 1, sizeof(int64_t));
	rt->rt_gstr = calloc(pg->pg_nglobal_str + 1, ss);
	rt->rt_tint = calloc(pg->pg_nthis_int + 1, sizeof(int64_t));
	rt->rt_tstr = calloc(pg->pg_nthis_str + 1, ss);
	/* a pointer into a global may read past it (dtrace-utils
	 * arrays/tst.declared-bounds.oob-cast), within this memory */
	rt->rt_gmem = calloc(1, pg->pg_nglobal_mem > 0 ?
	    pg->pg_nglobal_mem + DSL_GMEMSLACK : 8);
	rt->rt_tmem = calloc(1, pg->pg_nthis_mem + 8);
	rt->rt_zero = calloc(1, pg->pg_maxbytes + 8);
	rt->rt_keycap = 8 * (ss + 8) + 64;
	for (i = 0; i < pg->pg_nvars; i++) {
		/* an array's struct keys are their bytes */
		const dsl_var_t *v = &pg->pg_vars[i];
		size_t need = 64;
		int k;

		for (k = 0; v->va_scope == V_ARRAY && k < v->va_nkeys &&
		    k < 8; k++) {
			const dsl_ctype_t *ty = v->va_ktype[k] != DT_REF ?
			    NULL : dsl_type_resolve(&pg->pg_tt,
			    v->va_kctype[k], NULL);

			need += ty != NULL ? (size_t)ty->ty_size : ss + 8;
		}
		if (need > rt->rt_keycap)
			rt->rt_keycap = need;
	}
	rt->rt_keybuf = malloc(rt->rt_keycap);
	rt->rt_scrsize = SCRATCH > 4 * ss ? SCRATCH : 4 * ss;
	/* after the scratch area: strtok's saved string and position */
	rt->rt_scratch = calloc(1, rt->rt_scrsize + ss + 16);
	rt->rt_asize = dsl_prog_scratchsize(pg);
	rt->rt_abase = calloc(1, rt->rt_asize);
	rt->rt_atop = 8;
	rt->rt_aggs = calloc(pg->pg_naggs + 1, sizeof(rt_agg_t));
	/* array elements hold a string only if some array's values are
	 * strings: int arrays keep 8 bytes an element */
	rt->rt_arrays.ht_dsize = 8;
	for (i = 0; i < pg->pg_nvars; i++) {
		const dsl_var_t *v = &pg->pg_vars[i];

		if (v->va_scope == V_ARRAY && v->va_type == DT_STR &&
		    rt->rt_arrays.ht_dsize < ((ss + 7) & ~(size_t)7))
			rt->rt_arrays.ht_dsize = (ss + 7) & ~(size_t)7;
		if (v->va_scope == V_ARRAY && v->va_bytes > 0 &&
		    rt->rt_arrays.ht_dsize < ((v->va_bytes + 7) & ~7U))
			rt->rt_arrays.ht_dsize = (v->va_bytes + 7) & ~7U;
		if (v->va_scope == V_ARRAY && v->va_self)
			rt->rt_selfarrays = true;
	}
	if (rt->rt_gint == NULL || rt->rt_gstr == NULL || rt->rt_tint == NULL ||
	    rt->rt_tstr == NULL || rt->rt_keybuf == NULL ||
	    rt->rt_gmem == NULL || rt->rt_tmem == NULL || rt->rt_zero == NULL ||
	    rt->rt_abase == NULL ||
	    rt->rt_scratch == NULL || rt->rt_aggs == NULL ||
	    dsl_var_thr_init(rt) != 0) {
		dsl_rt_destroy(rt);
		return NULL;
	}
	for (i = 0; i < pg->pg_naggs; i++) {
		rt->rt_aggs[i].ag_ht.ht_dsize = dsl_agg_words(&pg->pg_aggs[i]) *
		    sizeof(int64_t);
		rt->rt_aggs[i].ag_normal = 1;
	}
	{
		const char *of = dsl_prog_option(pg, "oformat");

		if (of != NULL && strcmp(of, "json") == 0 &&
		    dsl_emit_json_init(rt) != 0) {
			dsl_rt_destroy(rt);
			return NULL;
		}
	}
	return rt;
}

uint32_t
dsl_rt_add_probe(dsl_rt_t *rt, const char *prov, const char *mod,
    const char *func, const char *name)
{
	const char *part[4] = { prov, mod, func, name };
	char **to[4];
	rt_probe_t *p;

	if (rt->rt_nprobes == rt->rt_probecap) {
		uint32_t cap = rt->rt_probecap ? rt->rt_probecap * 2 : 16;
		rt_probe_t *np = realloc(rt->rt_probes, cap * sizeof(*np));

		if (np == NULL)
			return 0;
		rt->rt_probes = np;
		rt->rt_probecap = cap;
	}
	p = &rt->rt_probes[rt->rt_nprobes];
	memset(p, 0, sizeof(*p));
	/* pr_prov the block, the others in it */
	to[0] = &p->pr_prov;
	to[1] = &p->pr_mod;
	to[2] = &p->pr_func;
	to[3] = &p->pr_name;
	if (strpack(part, to, 4) < 0)
		return 0;
	rt->rt_nprobes++;
	if (strcmp(prov, "dtrace") == 0) {
		if (strcmp(name, "BEGIN") == 0)
			rt->rt_begin = rt->rt_nprobes;
		else if (strcmp(name, "END") == 0)
			rt->rt_end = rt->rt_nprobes;
		else if (strcmp(name, "ERROR") == 0)
			rt->rt_error = rt->rt_nprobes;
	}
	return rt->rt_nprobes;
}

int
dsl_rt_probe_names(const dsl_rt_t *rt, uint32_t id, const char **prov,
    const char **mod, const char **func, const char **name)
{
	const rt_probe_t *p;

	if (id == 0 || id > rt->rt_nprobes)
		return -1;
	p = &rt->rt_probes[id - 1];
	*prov = p->pr_prov;
	*mod = p->pr_mod;
	*func = p->pr_func;
	*name = p->pr_name;
	return 0;
}

int
dsl_rt_enable(dsl_rt_t *rt, uint32_t id, size_t desc)
{
	const dsl_prog_t *pg = rt->rt_pg;
	rt_probe_t *p;
	uint32_t c, i, n, *nc, *ne, *nd;

	if (id == 0 || id > rt->rt_nprobes || desc >= pg->pg_ndescs)
		return -1;
	p = &rt->rt_probes[id - 1];
	c = pg->pg_desc_clause[desc];
	/*
	 * One enabling per description, as dtrace makes one ECB for each
	 * description of a clause: "a:::x, b:::x { }" over one probe runs
	 * its clause twice (dtrace's test pid/tst.weak1.d counts two for
	 * one call of go, named by go:entry and by its alias _go:entry).
	 */
	for (i = 0; i < p->pr_nclauses; i++)
		if (p->pr_descs[i] == (uint32_t)desc)
			return 0;
	/*
	 * The three arrays in one block, pr_clauses first: a probe on every
	 * function of node made three blocks a probe, each the allocator's
	 * 32-byte minimum for its 4 bytes (7 MB).
	 */
	n = p->pr_nclauses;
	nc = malloc(3 * (n + 1) * sizeof(uint32_t));
	if (nc == NULL)
		return -1;
	ne = nc + n + 1;
	nd = ne + n + 1;
	if (n != 0) {
		memcpy(nc, p->pr_clauses, n * sizeof(uint32_t));
		memcpy(ne, p->pr_epids, n * sizeof(uint32_t));
		memcpy(nd, p->pr_descs, n * sizeof(uint32_t));
	}
	free(p->pr_clauses);
	p->pr_clauses = nc;
	p->pr_epids = ne;
	p->pr_descs = nd;
	/* keep program order: descriptions are numbered in it */
	for (i = p->pr_nclauses; i > 0 && p->pr_descs[i - 1] > desc; i--) {
		p->pr_clauses[i] = p->pr_clauses[i - 1];
		p->pr_epids[i] = p->pr_epids[i - 1];
		p->pr_descs[i] = p->pr_descs[i - 1];
	}
	p->pr_clauses[i] = c;
	p->pr_descs[i] = (uint32_t)desc;
	p->pr_epids[i] = ++rt->rt_nepids;
	p->pr_nclauses++;
	return 0;
}

size_t
dsl_rt_nenabled(const dsl_rt_t *rt)
{
	return rt->rt_nepids;
}

uint32_t
dsl_rt_begin_id(const dsl_rt_t *rt)
{
	return rt->rt_begin;
}

bool
dsl_rt_exited(const dsl_rt_t *rt)
{
	return rt->rt_exited;
}

uint64_t
dsl_rt_errors(const dsl_rt_t *rt)
{
	return rt->rt_nerrors;
}

void
dsl_rt_interrupted(dsl_rt_t *rt)
{
	/* dtrace(1)'s intr(): a newline after the ^C, quiet or not, before
	 * END runs */
	if (!rt->rt_intr && rt->rt_emit == NULL)
		fputc('\n', rt->rt_host.dh_out);
	rt->rt_intr = true;
}

/* A context for BEGIN/END/tick when the host has none: this process. */
void
dsl_rt_ctx_self(dsl_ctx_t *cx)
{
	memset(cx, 0, sizeof(*cx));
	cx->cx_pid = (int32_t)getpid();
	cx->cx_ppid = (int32_t)getppid();
	cx->cx_tid = (int32_t)gettid();
	cx->cx_uid = (uint32_t)getuid();
	cx->cx_gid = (uint32_t)getgid();
	cx->cx_cpu = sched_getcpu();
	if (cx->cx_cpu < 0)
		cx->cx_cpu = 0;
	cx->cx_execname = "pidtrace";
}

int
dsl_rt_end(dsl_rt_t *rt, const dsl_ctx_t *ctx)
{
	dsl_ctx_t self;

	if (rt->rt_ended)
		return rt->rt_exitcode;
	rt->rt_ended = true;
	if (ctx == NULL) {
		dsl_rt_ctx_self(&self);
		ctx = &self;
	}
	if (rt->rt_end != 0)
		(void)dsl_eval_fire(rt, rt->rt_end, ctx);
	/* dtrace(1): a newline before the aggregations, quiet or not;
	 * folded lines have none (stackcollapse.pl prints only stacks) */
	if (rt->rt_emit == NULL && !rt->rt_folded)
		fputc('\n', rt->rt_host.dh_out);
	dsl_ip_fold(rt->rt_ip);
	dsl_print_all(rt);
	fflush(rt->rt_host.dh_out);
	dsl_rt_drops(rt, true);
	return rt->rt_exitcode;
}

void
dsl_rt_destroy(dsl_rt_t *rt)
{
	uint32_t i;

	if (rt == NULL)
		return;
	for (i = 0; i < rt->rt_nprobes; i++) {
		rt_probe_t *p = &rt->rt_probes[i];

		free(p->pr_prov);	/* and the names in its block */
		free(p->pr_clauses);	/* and the other two */
	}
	free(rt->rt_probes);
	free(rt->rt_flows);
	for (i = 0; i < rt->rt_nspec; i++)
		free(rt->rt_spec[i].sp_buf);
	free(rt->rt_spec);
	if (rt->rt_out0 != NULL && rt->rt_host.dh_out != rt->rt_out0) {
		fclose(rt->rt_host.dh_out);
		rt->rt_host.dh_out = rt->rt_out0;
	}
	if (rt->rt_aggs != NULL)
		for (i = 0; i < rt->rt_pg->pg_naggs; i++)
			dsl_var_ht_free(&rt->rt_aggs[i].ag_ht);
	free(rt->rt_aggs);
	dsl_var_ht_free(&rt->rt_arrays);
	if (rt->rt_thr != NULL)
		dsl_var_thr_fini(rt);
	free(rt->rt_gint);
	free(rt->rt_gstr);
	free(rt->rt_tint);
	free(rt->rt_tstr);
	free(rt->rt_gmem);
	free(rt->rt_tmem);
	free(rt->rt_zero);
	free(rt->rt_keybuf);
	free(rt->rt_scratch);
	free(rt->rt_abase);
	if (rt->rt_buf != NULL)
		fclose(rt->rt_buf);
	free(rt->rt_bufmem);
	free(rt->rt_pfseg);
	dsl_emit_fini(rt);
	free(rt);
}

/*
 * Whether function f acts on the thread where it fired, so that its
 * clause needs the thread stopped (dsl_rt_needs_stop): raise() and
 * stop() as DTrace runs them take effect before the thread runs on, and
 * copyout() writes while it is there; from a record, later, the program
 * would have gone past the probe, or exited (t/pid/sigconst.sh).
 */
static const char *
acts_on_thread(int64_t f)
{
	switch (f) {
	case F_RAISE:
		return "raise()";
	case F_STOP:
		return "stop()";
	case F_CHILL:
		return "chill()";
	case F_COPYOUT:
		return "copyout()";
	case F_COPYOUTSTR:
		return "copyoutstr()";
	default:
		return NULL;
	}
}

/* The first thing under node n that needs the thread stopped, or NULL. */
static const char *
reads_tracee(const dsl_prog_t *pg, int32_t n)
{
	const dsl_node_t *nd;
	const char *why;

	for (; n != DSL_NONE && n >= 0 && (uint32_t)n < pg->pg_nnodes;
	    n = nd->dn_next) {
		nd = &pg->pg_nodes[n];
		if (nd->dn_op == N_CALL && (nd->dn_ival == F_COPYIN ||
		    nd->dn_ival == F_COPYINSTR || nd->dn_ival == F_STRINGOF))
			return nd->dn_ival == F_COPYIN ? "copyin()" :
			    nd->dn_ival == F_COPYINSTR ? "copyinstr()" :
			    "stringof()";
		if (nd->dn_op == N_CALL &&
		    (why = acts_on_thread(nd->dn_ival)) != NULL)
			return why;
		if (nd->dn_op == N_ARG && nd->dn_ival >= 6)
			return "an argument past arg5";
		if (nd->dn_op == N_UREG)
			return "uregs[]";
		/* C data through a pointer: in the tracee unless it is our
		 * scratch (copyin, alloca); taken as the tracee's */
		if (nd->dn_op == N_MEMBER || nd->dn_op == N_DEREF ||
		    nd->dn_op == N_INDEX)
			return "a pointer dereference";
		if (nd->dn_op == N_INT || nd->dn_op == N_STR)
			continue;
		/* dn_c is a child of ?: and if only: a comparison keeps
		 * its signedness there, 1 being node 1, not a child */
		if ((why = reads_tracee(pg, nd->dn_a)) != NULL ||
		    (why = reads_tracee(pg, nd->dn_b)) != NULL ||
		    ((nd->dn_op == N_COND || nd->dn_op == S_IF) &&
		    (why = reads_tracee(pg, nd->dn_c)) != NULL))
			return why;
	}
	return NULL;
}

/* The argument words the tree under node n reads (dsl_rt_args_read). */
static uint64_t
args_read(const dsl_prog_t *pg, int32_t n)
{
	const dsl_node_t *nd;
	uint64_t m = 0;

	for (; n != DSL_NONE && n >= 0 && (uint32_t)n < pg->pg_nnodes;
	    n = nd->dn_next) {
		nd = &pg->pg_nodes[n];
		if (nd->dn_op == N_ARG) {
			m |= 1ULL << (nd->dn_ival < 63 ? nd->dn_ival : 63);
			if (nd->dn_aux != 0)
				m |= 1ULL << (nd->dn_aux - 1 < 63 ?
				    nd->dn_aux - 1 : 63);
			continue;
		}
		if (nd->dn_op == N_INT || nd->dn_op == N_STR)
			continue;
		m |= args_read(pg, nd->dn_a) | args_read(pg, nd->dn_b) |
		    args_read(pg, nd->dn_c);
	}
	return m;
}

uint64_t
dsl_rt_args_read(const dsl_rt_t *rt, uint32_t id)
{
	const dsl_prog_t *pg = rt->rt_pg;
	const rt_probe_t *p;
	const dsl_clause_t *cl;
	uint64_t m = 0;
	uint32_t i;

	if (id == 0 || id > rt->rt_nprobes)
		return 0;
	p = &rt->rt_probes[id - 1];
	for (i = 0; i < p->pr_nclauses; i++) {
		cl = &pg->pg_clauses[p->pr_clauses[i]];
		m |= args_read(pg, cl->cl_pred) | args_read(pg, cl->cl_body);
	}
	return m;
}

/* Whether reads_tracee's w names an action on the thread, not a read. */
static bool
acts_on_thread_name(const char *w)
{
	return strcmp(w, "raise()") == 0 || strcmp(w, "stop()") == 0 ||
	    strcmp(w, "chill()") == 0 || strcmp(w, "copyout()") == 0 ||
	    strcmp(w, "copyoutstr()") == 0;
}

bool
dsl_rt_needs_stop(const dsl_rt_t *rt, uint32_t id, const char **why)
{
	/* the reason's text, until the next call (one thread) */
	static char stopwhy[256];
	const dsl_prog_t *pg = rt->rt_pg;
	const rt_probe_t *p;
	const dsl_clause_t *cl;
	const char *w = NULL, *cw = NULL;
	uint32_t i;

	if (id == 0 || id > rt->rt_nprobes)
		return false;
	p = &rt->rt_probes[id - 1];
	for (i = 0; i < p->pr_nclauses && w == NULL; i++) {
		cl = &pg->pg_clauses[p->pr_clauses[i]];
		/* run in the thread: its reads are the code's own; or
		 * captured there, its reads served from the record */
		if (rt->rt_ip != NULL && (dsl_plan_path(rt->rt_ip, id, i,
		    NULL) == DSL_PATH_INPROC ||
		    dsl_plan_captured(rt->rt_ip, id, i, &cw)))
			continue;
		if (cl->cl_stack)	/* walks the stopped thread's stack */
			w = "ustack(), ucaller or ustackdepth";
		else if ((w = reads_tracee(pg, cl->cl_pred)) == NULL)
			w = reads_tracee(pg, cl->cl_body);
		if (w != NULL && cw != NULL && !cl->cl_stack &&
		    !acts_on_thread_name(w)) {
			/* the -l -v and notice text: what, and why its
			 * bytes cannot be read at the firing */
			snprintf(stopwhy, sizeof(stopwhy), "%s (not read at "
			    "the firing: %s)", w, cw);
			w = stopwhy;
		}
	}
	if (why != NULL)
		*why = w;
	return w != NULL;
}
