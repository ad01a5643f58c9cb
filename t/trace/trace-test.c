/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace-test: the glue (cmd/trace/) over a fake provider, with no
 * ptrace and no process: a made-up process 4242 whose functions f1, f2,
 * f3 and f4 the fake provider "fake<PID>" knows (the table below), a
 * D program compiled for it, then what the glue does with them:
 *   - claiming: each description's count (trace_match_t), a description
 *     matched through another's probes (":::entry"), pidtrace's own
 *     scope (dtrace's BEGIN END ERROR as ids 1 2 3, a tick), a refusal
 *     named in a notice, an error with the description at fault, a
 *     probe kind no scope arms, syscall probes with no process;
 *   - arming: one site per address serving every probe there, each
 *     with the fast-path kind its provider said, a counter, the tick's
 *     timer; an exec drops the sites and a re-resolution brings them
 *     back under the same ids, without repeating the notices;
 *   - firing: a trampoline's record through the tracer's handler, a
 *     stop's firing through trace_fire(): the provider's arguments, an
 *     argument read on demand (pv_getarg), exit(); the D hooks outside
 *     a process's firing (BEGIN) fault rather than crash;
 *   - -l: dtrace's listing format;
 *   - a probe at inlined copies: their count, its provider's notes.
 * The expected values are the fake provider's own (its table and its
 * pv_args), and dtrace's formats.
 */
#include "config.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"
#include "probes/provider.h"

#include "t/check.h"

#define PID	4242
#define SEMA	0x9000		/* f2's semaphore */

/* The fake process's functions: entry site, return sites. */
static const struct ffunc {
	const char	*ff_name;
	uint64_t	ff_entry;
	uint64_t	ff_ret[2];	/* the first a ret, the second a jcc */
	int		ff_nret;	/* 0: no return probe (refused) */
	int		ff_arm;		/* pr_arm of its entry probe */
} funcs[] = {
	{ "f1", 0x1000, { 0x1010, 0x1020 }, 2, PB_ARM_SITE },
	{ "f2", 0x2000, { 0x2030, 0 }, 1, PB_ARM_SITE },
	{ "f3", 0x3000, { 0, 0 }, 0, PB_ARM_SITE },
	{ "f4", 0x4000, { 0, 0 }, 0, 0 },	/* no arming kind */
};

#define NFUNCS	(sizeof(funcs) / sizeof(funcs[0]))

static int nresolve, nflush;

static bool
fake_names(const char *prov, pid_t pid)
{
	char name[32];

	/* only a field that names it, as pid's */
	if (pid == 0 || strncmp(prov, "fake", 4) != 0)
		return false;
	snprintf(name, sizeof(name), "fake%d", (int)pid);
	return pb_prov_match(prov, name);
}

static bool
glob(const char *pat, const char *s)
{
	return pat[0] == '\0' || fnmatch(pat, s, 0) == 0;
}

static bool
has(const pb_probe_list_t *l, const char *func, const char *name)
{
	size_t i;

	for (i = 0; i < l->pl_n; i++)
		if (strcmp(l->pl_probes[i].pr_func, func) == 0 &&
		    strcmp(l->pl_probes[i].pr_name, name) == 0)
			return true;
	return false;
}

static void
add(pb_probe_list_t *l, pid_t pid, const struct ffunc *f, bool ret)
{
	pb_probe_t *pr;
	int i, n = ret ? f->ff_nret : 1;

	l->pl_probes = realloc(l->pl_probes, (l->pl_n + 1) * sizeof(*pr));
	pr = &l->pl_probes[l->pl_n++];
	memset(pr, 0, sizeof(*pr));
	snprintf(pr->pr_provider, sizeof(pr->pr_provider), "fake%d",
	    (int)pid);
	pr->pr_mod = strdup("m");
	pr->pr_func = strdup(f->ff_name);
	pr->pr_name = strdup(ret ? "return" : "entry");
	pr->pr_kind = ret ? PB_RETURN : PB_ENTRY;
	pr->pr_arm = ret ? PB_ARM_SITE : f->ff_arm;
	pr->pr_faddr = f->ff_entry;
	pr->pr_fsize = 0x40;
	pr->pr_sites = calloc((size_t)n, sizeof(*pr->pr_sites));
	pr->pr_nsites = (size_t)n;
	for (i = 0; i < n; i++) {
		pb_site_t *st = &pr->pr_sites[i];

		st->st_addr = ret ? f->ff_ret[i] : f->ff_entry;
		st->st_off = st->st_addr - f->ff_entry;
		st->st_fast = !ret ? PB_FAST_ENTRY : i == 0 ? PB_FAST_RETURN :
		    PB_FAST_NONE;
	}
	if (!ret && f->ff_entry == 0x2000)
		pr->pr_counter = SEMA;
}

static void
refuse(pb_probe_list_t *l, const struct ffunc *f)
{
	pb_refusal_t *rf;

	l->pl_refused = realloc(l->pl_refused, (l->pl_nrefused + 1) *
	    sizeof(*rf));
	rf = &l->pl_refused[l->pl_nrefused++];
	rf->rf_probe = "return";
	rf->rf_lost = 1;	/* its returns would be seen */
	rf->rf_mod = strdup("m");
	rf->rf_func = strdup(f->ff_name);
	snprintf(rf->rf_why, sizeof(rf->rf_why), "no ret in %s", f->ff_name);
}

static int
fake_resolve(pid_t pid, pid_t tid, const pb_desc_t *d, int flags,
    pb_probe_list_t *out, char *err, size_t errlen)
{
	size_t i;
	int n = 0;

	(void)tid;
	nresolve++;
	if (strcmp(d->de_func, "bad") == 0) {
		snprintf(err, errlen, "fake: no function bad");
		return -1;
	}
	for (i = 0; i < NFUNCS; i++) {
		const struct ffunc *f = &funcs[i];

		if (!glob(d->de_mod, "m") || !glob(d->de_func, f->ff_name))
			continue;
		if (glob(d->de_name, "entry") && !has(out, f->ff_name,
		    "entry")) {
			add(out, pid, f, false);
			n++;
		}
		if (!glob(d->de_name, "return"))
			continue;
		if (f->ff_nret == 0)
			refuse(out, f);
		else if (!has(out, f->ff_name, "return")) {
			add(out, pid, f, true);
			n++;
		}
	}
	if (n == 0 && !(flags & PB_ZEROOK) && out->pl_nrefused == 0) {
		snprintf(err, errlen, "fake: nothing matches %s", d->de_func);
		return -1;
	}
	return n;
}

/* entry: rdi, rsi; return: the site's offset and rax. */
static int
fake_args(const pb_fireref_t *fr, const pb_fire_t *f, uint64_t *args,
    size_t max)
{
	(void)max;
	if (fr->fr_kind == PB_RETURN) {
		args[0] = fr->fr_off;
		args[1] = f->fi_regs->rax;
	} else {
		args[0] = f->fi_regs->rdi;
		args[1] = f->fi_regs->rsi;
	}
	return 2;
}

static int
fake_getarg(const pb_fireref_t *fr, const pb_fire_t *f, int i,
    uint64_t *val)
{
	(void)fr;
	(void)f;
	*val = 100 + (uint64_t)i;
	return 0;
}

static void
fake_flush(void)
{
	nflush++;
}

static const pb_provider_t fake = {
	.pv_name = "fake",
	.pv_names = fake_names,
	.pv_resolve = fake_resolve,
	.pv_args = fake_args,
	.pv_getarg = fake_getarg,
	.pv_flush = fake_flush,
	.pv_attr = { "Private", "Private", "Unknown" },
};

static const pb_provider_t *const provs[] = {
	&pb_dtrace_provider, &fake, &pb_profile_provider, NULL,
};

/* -- a trace over a made-up process --------------------------------------- */

typedef struct fixture {
	trace_t		*fx_tr;
	trace_proc_t	*fx_p;
	dsl_prog_t	*fx_pg;
	dsl_rt_t	*fx_rt;
	FILE		*fx_out, *fx_err, *fx_notes;
	char		*fx_outbuf, *fx_errbuf, *fx_notebuf;
	size_t		fx_outlen, fx_errlen, fx_notelen;
	trace_match_t	fx_m[16];
	size_t		fx_bad;
	char		fx_msg[512];
} fixture_t;

/* The process the tracer would have grabbed, without a session. */
static trace_proc_t *
fake_proc(trace_t *tr, pid_t pid)
{
	trace_proc_t *p = calloc(1, sizeof(*p));

	p->p_pid = pid;
	p->p_cpupin = -1;
	snprintf(p->p_comm, sizeof(p->p_comm), "fakeprog");
	trace_enable_scope(&p->p_sc, tr, p);
	p->p_next = tr->tr_procs;
	tr->tr_procs = p;
	return p;
}

/* Compile text for pid (0: no process) and enable it; the result of
 * trace_enable. */
static int
start(fixture_t *fx, pid_t pid, const char *text, int flags)
{
	dsl_src_t src = { "t", text, strlen(text) };
	dsl_copts_t co;
	dsl_host_t host;
	char err[512];

	memset(fx, 0, sizeof(*fx));
	fx->fx_out = open_memstream(&fx->fx_outbuf, &fx->fx_outlen);
	fx->fx_err = open_memstream(&fx->fx_errbuf, &fx->fx_errlen);
	fx->fx_notes = open_memstream(&fx->fx_notebuf, &fx->fx_notelen);
	fx->fx_tr = trace_new(provs, fx->fx_notes);
	if (pid != 0)
		fx->fx_p = fake_proc(fx->fx_tr, pid);
	memset(&co, 0, sizeof(co));
	co.co_target = pid;
	fx->fx_pg = dsl_compile(&src, 1, &co, err, sizeof(err));
	CHECKF(fx->fx_pg != NULL, "compile: %s", err);
	if (fx->fx_pg == NULL)
		exit(1);
	trace_configure(fx->fx_tr, fx->fx_pg, flags);
	memset(&host, 0, sizeof(host));
	host.dh_out = fx->fx_out;
	host.dh_err = fx->fx_err;
	host.dh_quiet = true;	/* no probe heading: the printfs only */
	trace_host(fx->fx_tr, &host);
	fx->fx_rt = dsl_rt_create(fx->fx_pg, &host);
	return trace_enable(fx->fx_tr, fx->fx_rt, fx->fx_m, &fx->fx_bad,
	    fx->fx_msg, sizeof(fx->fx_msg));
}

/* What the D output, the runtime's errors, the notices hold so far. */
static const char *
text(FILE *f, char **buf)
{
	fflush(f);
	return *buf != NULL ? *buf : "";
}

static void
finish(fixture_t *fx)
{
	dsl_rt_destroy(fx->fx_rt);
	dsl_prog_free(fx->fx_pg);
	trace_free(fx->fx_tr);
	fclose(fx->fx_out);
	fclose(fx->fx_err);
	fclose(fx->fx_notes);
	free(fx->fx_outbuf);
	free(fx->fx_errbuf);
	free(fx->fx_notebuf);
}

static const char prog[] =
    "fake$target::f1:entry { printf(\"entry %d %d %d\\n\", arg0, arg1,"
    " arg7); }\n"
    "fake$target::f1:return { printf(\"return %x %d\\n\", arg0, arg1); }\n"
    "fake$target::f2:entry, fake$target::f3: { printf(\"%s\\n\","
    " probefunc); }\n"
    ":::entry /0/ { }\n"
    "tick-1s { }\n"
    "fake$target::f2:return { exit(0); }\n"
    "BEGIN { trace(*(int *)copyin(4096, 4)); }\n";

static void
claiming(fixture_t *fx)
{
	static const size_t want[] = { 1, 1, 1, 1, 3, 1, 1, 1 };
	const trace_reg_t *own = &fx->fx_tr->tr_own.sc_reg;
	const trace_reg_t *rg = &fx->fx_p->p_sc.sc_reg;
	size_t d;

	for (d = 0; d < sizeof(want) / sizeof(want[0]); d++)
		CHECKF(fx->fx_m[d].tm_probes == want[d] &&
		    fx->fx_m[d].tm_elsewhere == NULL,
		    "description %zu: %zu probes, want %zu", d,
		    fx->fx_m[d].tm_probes, want[d]);
	/* f3's return was refused: its description is no error alone */
	CHECK(fx->fx_m[3].tm_refused && !fx->fx_m[0].tm_refused);
	/* dtrace's three first, then the tick, in pidtrace's own scope */
	CHECKF(own->rg_nprobes == 4, "own scope: %zu", own->rg_nprobes);
	if (own->rg_nprobes == 4) {
		CHECK(own->rg_probes[0].tp_id == 1 &&
		    strcmp(own->rg_probes[0].tp_name, "dtrace:::BEGIN") == 0);
		CHECK(own->rg_probes[2].tp_id == 3 &&
		    strcmp(own->rg_probes[2].tp_name, "dtrace:::ERROR") == 0);
		CHECK(strcmp(own->rg_probes[3].tp_name,
		    "profile:::tick-1s") == 0 && own->rg_probes[3].tp_id == 8);
	}
	/* f1 entry 4, f1 return 5, f2 entry 6, f3 entry 7, f2 return 9 */
	CHECKF(rg->rg_nprobes == 5, "probes of 4242: %zu", rg->rg_nprobes);
	if (rg->rg_nprobes == 5) {
		CHECK(strcmp(rg->rg_probes[0].tp_name,
		    "fake4242:m:f1:entry") == 0 && rg->rg_probes[0].tp_id == 4);
		CHECK(strcmp(rg->rg_probes[3].tp_name,
		    "fake4242:m:f3:entry") == 0 && rg->rg_probes[3].tp_id == 7);
		CHECK(strcmp(rg->rg_probes[4].tp_name,
		    "fake4242:m:f2:return") == 0 &&
		    rg->rg_probes[4].tp_id == 9);
		/* ":::entry" (4) on every entry, through match_made */
		CHECK(rg->rg_probes[0].tp_ndescs == 2 &&
		    rg->rg_probes[0].tp_descs[1] == 4);
	}
	CHECKF(strcmp(text(fx->fx_notes, &fx->fx_notebuf),
	    "pidtrace: no return probe for m`f3: no ret in f3\n") == 0,
	    "notices: %s", fx->fx_notebuf);
}

static void
arming(fixture_t *fx)
{
	const trace_arm_t *am = &fx->fx_p->p_sc.sc_arm;
	const trace_arm_t *own = &fx->fx_tr->tr_own.sc_arm;
	static const uint64_t addrs[] = {
		0x1000, 0x1010, 0x1020, 0x2000, 0x3000, 0x2030,
	};
	size_t i;

	CHECKF(am->am_nsites == 6, "sites: %zu", am->am_nsites);
	for (i = 0; i < am->am_nsites && i < 6; i++)
		CHECKF(am->am_sites[i].ts_addr == addrs[i] &&
		    am->am_sites[i].ts_nrefs == 1 && !am->am_sites[i].ts_armed,
		    "site %zu: %#llx", i,
		    (unsigned long long)am->am_sites[i].ts_addr);
	if (am->am_nsites == 6) {
		CHECK(am->am_sites[0].ts_refs[0].tf_id == 4 &&
		    am->am_sites[0].ts_refs[0].tf_fr.fr_fast == PB_FAST_ENTRY);
		CHECK(am->am_sites[1].ts_refs[0].tf_fr.fr_fast ==
		    PB_FAST_RETURN && am->am_sites[1].ts_refs[0].tf_id == 5);
		CHECK(am->am_sites[2].ts_refs[0].tf_fr.fr_fast ==
		    PB_FAST_NONE && am->am_sites[2].ts_refs[0].tf_fr.fr_off ==
		    0x20);
	}
	CHECK(am->am_nctrs == 1 && am->am_ctrs[0].tc_addr == SEMA &&
	    am->am_ctrs[0].tc_site == 0x2000);
	CHECK(am->am_ntimers == 0 && am->am_nsysref == 0);
	CHECK(own->am_ntimers == 1 && own->am_timers[0].tm_ref.tf_id == 8 &&
	    own->am_timers[0].tm_period == 1000000000ull);
}

/* A trampoline's record of thread tid at site cookie, at ns. */
static const tr_record_t *
rec(pid_t tid, uint32_t cookie, uint64_t ns, const uint64_t args[6])
{
	static tr_record_t rc;

	memset(&rc, 0, sizeof(rc));
	rc.rc_tid = tid;
	rc.rc_cookie = cookie;
	rc.rc_ns = ns;
	memcpy(rc.rc_args, args, sizeof(rc.rc_args));
	return &rc;
}

static void
firing(fixture_t *fx)
{
	const trace_arm_t *am = &fx->fx_p->p_sc.sc_arm;
	const uint64_t args[6] = { 1, 2, 3, 4, 5, 6 };
	const uint64_t rax[6] = { 42, 0, 0, 0, 0, 0 };
	tr_handlers_t h;
	trace_firing_t fg;
	pb_regs_t regs;

	memset(&h, 0, sizeof(h));
	trace_fire_handlers(&h);
	/* records: a trampoline ran f1's entry, then its ret */
	CHECK(h.h_record(fx->fx_p, NULL, rec(77, 0, 5, args)) == 0);
	CHECK(h.h_record(fx->fx_p, NULL, rec(77, 1, 6, rax)) == 0);
	CHECK(h.h_record(fx->fx_p, NULL, rec(77, 99, 7, args)) == 0);
	h.h_drained(fx->fx_p, NULL);
	CHECKF(strcmp(text(fx->fx_out, &fx->fx_outbuf),
	    "entry 1 2 107\nreturn 10 42\n") == 0, "records: %s",
	    fx->fx_outbuf);

	/* a stop at f2's entry and f3's: trace_fire() as on_hit calls it */
	memset(&regs, 0, sizeof(regs));
	memset(&fg, 0, sizeof(fg));
	fg.fg_proc = fx->fx_p;
	fg.fg_tid = 78;
	fg.fg_fire.fi_regs = &regs;
	fg.fg_maxargs = DSL_NARGS;
	fg.fg_flush = true;
	CHECK(trace_fire(&fg, am->am_sites[3].ts_refs,
	    am->am_sites[3].ts_nrefs) == 0);
	CHECK(trace_fire(&fg, am->am_sites[4].ts_refs,
	    am->am_sites[4].ts_nrefs) == 0);
	CHECKF(strcmp(text(fx->fx_out, &fx->fx_outbuf),
	    "entry 1 2 107\nreturn 10 42\nf2\nf3\n") == 0, "stops: %s",
	    fx->fx_outbuf);

	/* outside a process's firing the hooks have nothing to read */
	{
		dsl_host_t host;
		uint64_t pcs[4], v;
		char buf[64];

		memset(&host, 0, sizeof(host));
		host.dh_out = fx->fx_out;
		trace_host(fx->fx_tr, &host);
		CHECK(host.dh_readmem(NULL, 4096, buf, 4) == -1);
		CHECK(host.dh_getarg(NULL, 7, &v) == -1);
		CHECK(host.dh_addr2sym(NULL, 4096, buf, sizeof(buf)) == -1);
		CHECK(host.dh_ustack(NULL, pcs, 4) == 0);
		CHECK(host.dh_vtimestamp(NULL) == 0);
		CHECK(host.dh_ureg(NULL, 0, &v) == -1);
		CHECK(host.dh_pcsym(fx->fx_tr, 1, 4096, buf, sizeof(buf)) ==
		    -1);
	}
	CHECK(trace_fire_self(fx->fx_tr, 1) == 0);
	CHECKF(strstr(text(fx->fx_err, &fx->fx_errbuf), "dtrace:::BEGIN): "
	    "invalid address (0x1000)") != NULL, "BEGIN: %s", fx->fx_errbuf);

	/* exit() at f2's return stops the firing and says so */
	CHECK(h.h_record(fx->fx_p, NULL, rec(77, 5, 8, rax)) == 1);
	CHECK(fx->fx_tr->tr_exited);
}

static void
exec_again(fixture_t *fx)
{
	trace_scope_t *sc = &fx->fx_p->p_sc;
	int before = nresolve;

	trace_arm_exec(sc);
	CHECK(sc->sc_arm.am_nsites == 0 && sc->sc_arm.am_nctrs == 0);
	trace_enable_refresh(sc, false);
	/* the five claims of fake (":::entry" is no claim of its) */
	CHECKF(nresolve == before + 5, "resolved again: %d", nresolve -
	    before);
	CHECKF(sc->sc_arm.am_nsites == 6 && sc->sc_arm.am_nctrs == 1,
	    "sites again: %zu", sc->sc_arm.am_nsites);
	CHECK(sc->sc_reg.rg_nprobes == 5 &&
	    sc->sc_arm.am_sites[0].ts_refs[0].tf_id == 4);
	/* refusals are said once, at the first resolution */
	CHECKF(strcmp(text(fx->fx_notes, &fx->fx_notebuf),
	    "pidtrace: no return probe for m`f3: no ret in f3\n") == 0,
	    "notices: %s", fx->fx_notebuf);
	/* a library came (r_brk): fake's probes depend on the mappings
	 * (not pv_fixed): its claims are resolved again, nothing new */
	before = nresolve;
	trace_enable_refresh(sc, true);
	CHECKF(nresolve == before + 5, "at r_brk: %d", nresolve - before);
	CHECK(sc->sc_arm.am_nsites == 6 && sc->sc_reg.rg_nprobes == 5);
}

static void
listing(fixture_t *fx)
{
	/* dtrace's format: "%5u %10s %17s %33s %s\n" */
	static const char want[] =
	    "   ID   PROVIDER            MODULE"
	    "                          FUNCTION NAME\n"
	    "    1     dtrace                  "
	    "                                   BEGIN\n"
	    "    8    profile                  "
	    "                                   tick-1s\n"
	    "    4   fake4242                 m"
	    "                                f1 entry\n"
	    "    5   fake4242                 m"
	    "                                f1 return\n"
	    "    6   fake4242                 m"
	    "                                f2 entry\n"
	    "    7   fake4242                 m"
	    "                                f3 entry\n"
	    "    9   fake4242                 m"
	    "                                f2 return\n";
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	trace_list(fx->fx_tr, f);
	fclose(f);
	CHECKF(strcmp(buf, want) == 0, "-l:\n%s", buf);
	free(buf);
}

static void
errors(void)
{
	fixture_t fx;

	/* the provider's error, with the description at fault */
	CHECK(start(&fx, PID, "BEGIN {} fake$target::bad:entry {}", 0) ==
	    -1);
	CHECKF(fx.fx_bad == 1 && strcmp(fx.fx_msg, "fake: no function bad") ==
	    0, "%zu %s", fx.fx_bad, fx.fx_msg);
	finish(&fx);

	/* a probe no scope can arm */
	CHECK(start(&fx, PID, "fake$target::f4:entry {}", 0) == -1);
	CHECKF(strcmp(fx.fx_msg, "fake4242:m:f4:entry: cannot arm a probe "
	    "of kind 0 yet") == 0, "%s", fx.fx_msg);
	finish(&fx);

	/* -Z: one nothing names waits; one its provider names counts 0 */
	CHECK(start(&fx, PID, "other$target:::x {} fake$target::nope: {}",
	    TRACE_ZDEFS) == 0);
	CHECK(fx.fx_m[0].tm_probes == 0 && fx.fx_m[1].tm_probes == 0);
	CHECK(fx.fx_p->p_sc.sc_reg.rg_npending == 1 &&
	    fx.fx_p->p_sc.sc_reg.rg_pending[0] == 0);
	CHECK(fx.fx_p->p_sc.sc_reg.rg_nclaims == 1 &&
	    fx.fx_p->p_sc.sc_reg.rg_claims[0].cl_desc == 1);
	finish(&fx);
}

/*
 * A provider whose entry probe of g fires at two inlined copies too
 * (pr_ninline, st_inline) and whose resolution notes what it may miss
 * (pl_notes): the "matched" count of copies, the note said once (not
 * again when the description is resolved anew), -l's notice.
 */
static bool
inl_names(const char *prov, pid_t pid)
{
	/* processes only, as pid */
	return pid != 0 && strncmp(prov, "inl", 3) == 0;
}

static int
inl_resolve(pid_t pid, pid_t tid, const pb_desc_t *d, int flags,
    pb_probe_list_t *out, char *err, size_t errlen)
{
	static const uint64_t at[] = { 0x5000, 0x6010, 0x7020 };
	pb_probe_t *pr;
	size_t i;

	(void)tid;
	(void)d;
	(void)flags;
	(void)err;
	(void)errlen;
	out->pl_probes = calloc(1, sizeof(*pr));
	out->pl_n = 1;
	pr = &out->pl_probes[0];
	snprintf(pr->pr_provider, sizeof(pr->pr_provider), "inl%d",
	    (int)pid);
	pr->pr_mod = strdup("m");
	pr->pr_func = strdup("g");
	pr->pr_name = strdup("entry");
	pr->pr_kind = PB_ENTRY;
	pr->pr_arm = PB_ARM_SITE;
	pr->pr_faddr = at[0];
	pr->pr_fsize = 0x10;
	pr->pr_sites = calloc(3, sizeof(*pr->pr_sites));
	pr->pr_nsites = 3;
	pr->pr_ninline = 2;
	for (i = 0; i < 3; i++) {
		pr->pr_sites[i].st_addr = at[i];
		pr->pr_sites[i].st_inline = i > 0;
		pr->pr_sites[i].st_fast = i > 0 ? PB_FAST_REFUSED :
		    PB_FAST_ENTRY;
		pr->pr_sites[i].st_recargs = 0x3f;
	}
	out->pl_notes = calloc(1, sizeof(char *));
	out->pl_notes[0] = strdup("m`h: its inlined copies are not probed");
	out->pl_nnotes = 1;
	return 1;
}

static const pb_provider_t inl = {
	.pv_name = "inl",
	.pv_names = inl_names,
	.pv_resolve = inl_resolve,
	.pv_attr = { "Private", "Private", "Unknown" },
};

static void
inlined(void)
{
	static const pb_provider_t *const ps[] = {
		&pb_dtrace_provider, &inl, NULL,
	};
	static const char prog_g[] = "inl$target::g:entry { trace(arg0); }";
	static const char note[] =
	    "pidtrace: m`h: its inlined copies are not probed\n";
	dsl_src_t src = { "t", prog_g, sizeof(prog_g) - 1 };
	fixture_t fx;
	dsl_copts_t co;
	dsl_host_t host;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *f;

	memset(&fx, 0, sizeof(fx));
	memset(&co, 0, sizeof(co));
	co.co_target = PID;
	fx.fx_notes = open_memstream(&fx.fx_notebuf, &fx.fx_notelen);
	fx.fx_tr = trace_new(ps, fx.fx_notes);
	fx.fx_p = fake_proc(fx.fx_tr, PID);
	fx.fx_pg = dsl_compile(&src, 1, &co, err, sizeof(err));
	CHECKF(fx.fx_pg != NULL, "compile: %s", err);
	if (fx.fx_pg == NULL)
		exit(1);
	trace_configure(fx.fx_tr, fx.fx_pg, 0);
	memset(&host, 0, sizeof(host));
	host.dh_out = stdout;
	trace_host(fx.fx_tr, &host);
	fx.fx_rt = dsl_rt_create(fx.fx_pg, &host);
	CHECK(trace_enable(fx.fx_tr, fx.fx_rt, fx.fx_m, &fx.fx_bad, err,
	    sizeof(err)) == 0);
	CHECKF(fx.fx_m[0].tm_probes == 1 && fx.fx_m[0].tm_inlined == 2,
	    "g: %zu probes, %zu copies", fx.fx_m[0].tm_probes,
	    fx.fx_m[0].tm_inlined);
	/* one probe, three sites: the copies' say they are copies */
	CHECK(fx.fx_p->p_sc.sc_arm.am_nsites == 3 &&
	    !fx.fx_p->p_sc.sc_arm.am_sites[0].ts_refs[0].tf_fr.fr_inline &&
	    fx.fx_p->p_sc.sc_arm.am_sites[2].ts_refs[0].tf_fr.fr_inline &&
	    fx.fx_p->p_sc.sc_arm.am_sites[2].ts_refs[0].tf_fr.fr_recargs ==
	    0x3f);
	CHECKF(strcmp(text(fx.fx_notes, &fx.fx_notebuf), note) == 0,
	    "notes: %s", fx.fx_notebuf);
	trace_arm_exec(&fx.fx_p->p_sc);
	trace_enable_refresh(&fx.fx_p->p_sc, false);
	CHECKF(strcmp(text(fx.fx_notes, &fx.fx_notebuf), note) == 0,
	    "notes again: %s", fx.fx_notebuf);
	/* -l: dtrace's line, and the copies in a notice */
	f = open_memstream(&buf, &len);
	trace_list(fx.fx_tr, f);
	fclose(f);
	CHECKF(strstr(buf, "inl4242                 m"
	    "                                 g entry\n") != NULL, "-l: %s",
	    buf);
	CHECKF(strstr(text(fx.fx_notes, &fx.fx_notebuf), "pidtrace: "
	    "inl4242:m:g:entry fires at 2 inlined copies too\n") != NULL,
	    "-l notice: %s", fx.fx_notebuf);
	free(buf);
	dsl_rt_destroy(fx.fx_rt);
	dsl_prog_free(fx.fx_pg);
	trace_free(fx.fx_tr);
	fclose(fx.fx_notes);
	free(fx.fx_notebuf);
}

/* No process: syscall probes would fire in one; profile-N is a tick. */
static void
alone(void)
{
	static const pb_provider_t *const sys[] = {
		&pb_dtrace_provider, &pb_syscall_provider,
		&pb_profile_provider, NULL,
	};
	static const char text[] = "syscall::read:entry {} profile-97 {}";
	dsl_src_t src = { "t", text, sizeof(text) - 1 };
	fixture_t fx;
	dsl_copts_t co;
	dsl_host_t host;
	char err[256];

	memset(&fx, 0, sizeof(fx));
	memset(&co, 0, sizeof(co));
	fx.fx_tr = trace_new(sys, stderr);
	fx.fx_pg = dsl_compile(&src, 1, &co, err, sizeof(err));
	trace_configure(fx.fx_tr, fx.fx_pg, 0);
	memset(&host, 0, sizeof(host));
	host.dh_out = stdout;
	trace_host(fx.fx_tr, &host);
	fx.fx_rt = dsl_rt_create(fx.fx_pg, &host);
	CHECK(trace_enable(fx.fx_tr, fx.fx_rt, fx.fx_m, &fx.fx_bad, err,
	    sizeof(err)) == 0);
	CHECKF(fx.fx_m[0].tm_probes == 0 && fx.fx_m[0].tm_elsewhere != NULL &&
	    strcmp(fx.fx_m[0].tm_elsewhere, "syscall") == 0, "syscall: %zu",
	    fx.fx_m[0].tm_probes);
	CHECK(fx.fx_m[1].tm_probes == 1 && fx.fx_m[1].tm_elsewhere == NULL);
	CHECK(fx.fx_tr->tr_own.sc_arm.am_ntimers == 1 &&
	    fx.fx_tr->tr_own.sc_arm.am_timers[0].tm_period ==
	    1000000000ull / 97);
	dsl_rt_destroy(fx.fx_rt);
	dsl_prog_free(fx.fx_pg);
	trace_free(fx.fx_tr);
}

int
main(void)
{
	fixture_t fx;

	CHECKF(start(&fx, PID, prog, 0) == 0, "enable: %s", fx.fx_msg);
	claiming(&fx);
	arming(&fx);
	firing(&fx);
	exec_again(&fx);
	listing(&fx);
	finish(&fx);
	errors();
	inlined();
	alone();
	return failures != 0;
}
