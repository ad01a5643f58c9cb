/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/arm.c: arming.  A probe says how it is armed (provider.h:
 * pr_arm, and pr_counter besides); one table below, indexed by that
 * kind, says what the glue does with it: note it when it is resolved
 * (ak_add), arm what is new with the process stopped (ak_arm), before
 * the loop starts (ak_start), after a dlclose (ak_unmapped) and at an
 * exec (ak_exec).  A firing finds its probes by the cookie the tracer
 * hands back: a site's index, a syscall's number, a timer's index.
 */
#include <config.h>

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/trace/impl.h"
#include "demangle/demangle.h"
#include "lib/csload.h"
#include "probes/brtarget.h"

/* The counter's index in the table: past the provider's kinds. */
#define ARM_COUNTER	PB_ARM_NKINDS

typedef struct arm_kind {
	const char	*ak_name;
	bool		ak_own;		/* armed in pidtrace's own scope */
	bool		ak_proc;	/* armed in a process */
	int		(*ak_add)(trace_scope_t *sc, const pb_probe_t *pr,
			    const trace_ref_t *ref);
	void		(*ak_arm)(trace_scope_t *sc, tr_session_t *s,
			    bool stopped);
	void		(*ak_start)(trace_scope_t *sc, tr_session_t *s);
	void		(*ak_unmapped)(trace_scope_t *sc, tr_session_t *s);
	void		(*ak_exec)(trace_scope_t *sc);
} arm_kind_t;

/* -- sites (PB_ARM_SITE) --------------------------------------------------- */

typedef struct byaddr {
	const trace_arm_t *ba_am;
	uint64_t	ba_addr;
} byaddr_t;

static uint64_t
addrhash(uint64_t a)
{
	return (a * 0x9e3779b97f4a7c15ull) >> 20;
}

static bool
addr_eq(const void *arg, size_t i)
{
	const byaddr_t *ba = arg;

	return ba->ba_am->am_sites[i].ts_addr == ba->ba_addr;
}

static uint64_t
addr_hash(const void *arg, size_t i)
{
	const byaddr_t *ba = arg;

	return addrhash(ba->ba_am->am_sites[i].ts_addr);
}

static trace_site_t *
site_find(const trace_arm_t *am, uint64_t addr)
{
	byaddr_t ba = { am, addr };
	long i = trace_index_find(&am->am_byaddr, addrhash(addr), addr_eq, &ba);

	return i < 0 ? NULL : &am->am_sites[i];
}

/* The site at addr, added when new. */
static trace_site_t *
site_get(trace_arm_t *am, uint64_t addr)
{
	byaddr_t ba = { am, addr };
	trace_site_t *ts;

	if ((ts = site_find(am, addr)) != NULL)
		return ts;
	if (am->am_nsites == am->am_cap) {
		size_t ncap = am->am_cap ? 2 * am->am_cap : 256;

		ts = realloc(am->am_sites, ncap * sizeof(*ts));
		if (ts == NULL)
			return NULL;
		am->am_sites = ts;
		am->am_cap = ncap;
	}
	if (trace_index_add(&am->am_byaddr, addrhash(addr), am->am_nsites,
	    addr_hash, &ba) < 0)
		return NULL;
	ts = &am->am_sites[am->am_nsites++];
	memset(ts, 0, sizeof(*ts));
	ts->ts_addr = addr;
	return ts;
}

static int
site_add(trace_scope_t *sc, const pb_probe_t *pr, const trace_ref_t *ref)
{
	trace_ref_t r = *ref, *nr;
	trace_site_t *ts;
	size_t i, j;

	for (j = 0; j < pr->pr_nsites; j++) {
		if ((ts = site_get(&sc->sc_arm, pr->pr_sites[j].st_addr)) ==
		    NULL)
			return -1;
		for (i = 0; i < ts->ts_nrefs; i++)
			if (ts->ts_refs[i].tf_id == r.tf_id)
				break;
		if (i < ts->ts_nrefs)
			continue;
		nr = realloc(ts->ts_refs, (ts->ts_nrefs + 1) * sizeof(*nr));
		if (nr == NULL)
			return -1;
		pb_fireref_init(&r.tf_fr, pr, j);
		ts->ts_refs = nr;
		ts->ts_refs[ts->ts_nrefs++] = r;
	}
	return 0;
}

/*
 * Ask for the fast path at a site when every probe on it says the same
 * fast-path kind (provider.h, st_fast), and none of their clauses needs
 * the thread stopped (dsl_rt_needs_stop: copyin and the like read memory
 * that a running thread may change; those probes keep the int3) or
 * reads an argument word the record does not serve (st_recargs).  A site
 * that could run fast but may not says why in ts_slow (report.c); with
 * fastpath=require, so does every other site.
 */
static void
want_fast(trace_scope_t *sc, tr_session_t *s, trace_site_t *ts)
{
	const trace_t *tr = sc->sc_tr;
	const trace_opts_t *op = &tr->tr_opts;
	const trace_ref_t *r;
	tr_fast_want_t w;
	const char *why;
	int kind = 0, k;
	size_t i;

	ts->ts_slow = ts->ts_slowarg = NULL;
	ts->ts_fastq = true;	/* unless it returns early without a word */
	if (op->op_fastoff || ts->ts_nrefs == 0) {
		ts->ts_fastq = false;
		return;
	}
	for (i = 0; i < ts->ts_nrefs; i++) {
		r = &ts->ts_refs[i];
		switch (r->tf_fr.fr_fast) {
		case PB_FAST_ENTRY:
			k = TR_FAST_ENTRY;
			break;
		case PB_FAST_RETURN:
			k = TR_FAST_RETURN;
			break;
		case PB_FAST_REFUSED:
			ts->ts_slow = r->tf_fr.fr_slow;
			return;
		default:	/* never fast: said under require */
			if (op->op_fastreq)
				ts->ts_slow = r->tf_fr.fr_slow != NULL ?
				    r->tf_fr.fr_slow : "the probe always "
				    "stops the thread";
			ts->ts_fastq = op->op_fastreq;
			return;
		}
		if (kind != 0 && k != kind) {
			ts->ts_slow = "an entry and a return share the site";
			return;
		}
		/* one record a site: one convention for its words */
		if (r->tf_fr.fr_recgo != ts->ts_refs[0].tf_fr.fr_recgo) {
			ts->ts_slow = "probes of two calling conventions "
			    "share the site";
			return;
		}
		kind = k;
		if (dsl_rt_needs_stop(tr->tr_rt, r->tf_id, &why)) {
			ts->ts_slow = "its clause uses";
			ts->ts_slowarg = why;
			return;
		}
		/* an argument the record lacks (ABI0's, past arg5) */
		if ((dsl_rt_args_read(tr->tr_rt, r->tf_id) &
		    ~r->tf_fr.fr_recargs) != 0) {
			ts->ts_slow = r->tf_fr.fr_slow != NULL ?
			    r->tf_fr.fr_slow : "its clause reads an argument "
			    "the record does not hold";
			return;
		}
	}
	r = &ts->ts_refs[0];
	memset(&w, 0, sizeof(w));
	w.fw_kind = kind;
	/* a context block for clause code (inproc.c): one probe a site */
	w.fw_ctx = tr->tr_ip != NULL && sc->sc_proc == tr->tr_ipproc &&
	    ts->ts_nrefs == 1;
	w.fw_arg0 = r->tf_fr.fr_off;
	w.fw_goregs = r->tf_fr.fr_recgo != 0;
	w.fw_cookie = (uint32_t)(ts - sc->sc_arm.am_sites);
	w.fw_lo = r->tf_fr.fr_faddr;
	w.fw_hi = r->tf_fr.fr_faddr + r->tf_fr.fr_fsize;
	w.fw_clo = r->tf_fr.fr_cold;
	w.fw_chi = r->tf_fr.fr_cold + r->tf_fr.fr_coldsize;
	for (i = 0; i < ts->ts_nrefs; i++) {
		const pb_fireref_t *fr = &ts->ts_refs[i].tf_fr;

		if (!fr->fr_inline)
			continue;
		/*
		 * An inlined copy: the jump lies in the function it was
		 * inlined into, whose branches (and its .cold part's) the
		 * tracer weighs as it does a function's own at its entry;
		 * the provider gives its bounds in the copy's reference,
		 * a size of 0 when its symbols do not say for sure.
		 */
		if (fr->fr_fsize == 0) {
			ts->ts_slow = "an inlined copy in a function whose "
			    "bounds or .cold part its symbols do not give";
			ts->ts_fastq = false;
			return;
		}
		w.fw_lo = fr->fr_faddr;
		w.fw_hi = fr->fr_faddr + fr->fr_fsize;
		w.fw_clo = fr->fr_cold;
		w.fw_chi = fr->fr_cold + fr->fr_coldsize;
		break;
	}
	w.fw_tprev = r->tf_fr.fr_tprev;
	w.fw_tnext = r->tf_fr.fr_tnext;
	if (tr_bkpt_want_fast(s, ts->ts_addr, &w) == 0) {
		sc->sc_proc->p_fastpend = true;
		ts->ts_ctx = w.fw_ctx;
	} else {
		ts->ts_fastq = false;
	}
}

/*
 * At an inlined copy nothing was called: the arguments are wherever the
 * compiler left them, and its provider reads them as 0.  Said once per
 * probe whose clauses read them, under -q too.
 */
static void
inline_args(trace_scope_t *sc, const trace_site_t *ts)
{
	size_t i;

	for (i = 0; i < ts->ts_nrefs; i++) {
		const trace_ref_t *r = &ts->ts_refs[i];
		trace_probe_t *tp = &sc->sc_reg.rg_probes[r->tf_probe];

		if (!r->tf_fr.fr_inline || tp->tp_argsaid ||
		    dsl_rt_args_read(sc->sc_tr->tr_rt, r->tf_id) == 0)
			continue;
		tp->tp_argsaid = true;
		trace_notice(sc->sc_tr, "%s: its arguments read 0 at its %zu "
		    "inlined %s (no call passes them there)", tp->tp_name,
		    tp->tp_ninline, tp->tp_ninline == 1 ? "copy" : "copies");
	}
}

/* The loader's r_brk: dlopen and dlclose (rtld.h). */
static void
rtld_arm(trace_scope_t *sc, tr_session_t *s)
{
	trace_arm_t *am = &sc->sc_arm;
	char err[256];

	pb_rtld_free(&am->am_rtld);
	am->am_rtld_ok = pb_rtld_find(trace_proc_tid(sc->sc_proc), &am->am_rtld,
	    err, sizeof(err)) == 0 &&
	    tr_bkpt_add(s, am->am_rtld.rt_brk, RTLD_COOKIE) == 0;
}

/*
 * A site that cannot be patched: counted by reason and said once the
 * arming is done (trace_report_unpatched), as a program whose symbols
 * begin with the program's own int3 (V8's builtins) would bury the
 * output under one line a site.
 */
static void
site_failed(trace_scope_t *sc, trace_site_t *ts, int e)
{
	uint8_t b[4] = { 0 };

	ts->ts_failed = true;
	ts->ts_fail = e == EINVAL ? "the instruction there cannot be "
	    "displaced" : strerror(e);
	/* nothing is decoded: the one reason for every site */
	if (e == EINVAL && csload_error() != NULL) {
		ts->ts_fail = csload_error();
		return;
	}
	if (tr_read(sc->sc_proc->p_s, ts->ts_addr, b, sizeof(b)) > 0 &&
	    b[0] == 0xcc && e == EINVAL)
		ts->ts_fail = "an int3 is there already (the program's own, "
		    "or another tracer's)";
}

/*
 * Patch the sites added since the last call.  stopped: every thread is
 * (h_ready): the loader's breakpoint is placed first, and the sites that
 * asked for the fast path become jumps after; other times (r_brk) the
 * loop arms those once the stop is handled.
 */
static void
sites_arm(trace_scope_t *sc, tr_session_t *s, bool stopped)
{
	trace_arm_t *am = &sc->sc_arm;
	trace_proc_t *p = sc->sc_proc;
	const pb_provider_t *const *pp;
	trace_progress_t ap;
	size_t i, first = am->am_nsites, n = 0, done = 0;

	/*
	 * What only resolving needed goes before the sites' tables grow
	 * (pv_trim: node's landing addresses, 20 MB), and so do the names
	 * it demangled, which the registry and the runtime copied (node's
	 * 58,000: 16 MB of cache, demangled again in 0.1 s when a dlopen
	 * resolves them again or a stack names them).  No demangled name
	 * is held past a resolve (demangle.h: dm_reset).  Their pages go
	 * back at once: the sites' tables grow by realloc, which does not
	 * fill the holes they leave.
	 */
	for (pp = sc->sc_tr->tr_provs; *pp != NULL; pp++)
		if ((*pp)->pv_trim != NULL)
			(*pp)->pv_trim();
	dm_reset();
	malloc_trim(0);
	/* every thread stopped: the bytes go in together at the end */
	if (stopped)
		tr_arm_hold(s);
	if (stopped && (sc->sc_reg.rg_nclaims != 0 ||
	    sc->sc_reg.rg_npending != 0))
		rtld_arm(sc, s);
	/* which clauses run in the process: needs_stop says it after */
	trace_inproc_prospect(sc);
	for (i = 0; i < am->am_nsites; i++)
		if (!am->am_sites[i].ts_armed) {
			n++;
			if (first == am->am_nsites)
				first = i;
		}
	trace_report_progress_start(&ap, n);
	for (i = first; i < am->am_nsites; i++) {
		trace_site_t *ts = &am->am_sites[i];

		if (ts->ts_armed)
			continue;
		/* SIGINT: the loop ends at its next look; arm no more */
		if (trace_run_interrupted())
			break;
		trace_report_progress(sc, &ap, done++);
		ts->ts_armed = true;	/* once, even when it fails */
		if (tr_bkpt_add(s, ts->ts_addr, (uint32_t)i) < 0) {
			site_failed(sc, ts, errno);
			continue;
		}
		inline_args(sc, ts);
		want_fast(sc, s, ts);
	}
	trace_report_unpatched(sc, first);
	if (!stopped || trace_run_interrupted()) {
		tr_arm_flush(s);
		return;
	}
	/*
	 * The tables of sites grew by doubling, and the copies they left
	 * are given back before the trampolines are made (a probe on every
	 * function of node: 25 MB of pidtrace's peak).
	 */
	malloc_trim(0);
	/* the jumps in, and what stayed int3 said */
	tr_fast_arm(s);
	tr_arm_flush(s);
	trace_inproc_armed(p, s);
	trace_report_fast(p, s);
}

/*
 * dlclose: the sites of an unloaded library went with its pages.  Drop
 * them without a write; a library loaded again gets new sites (its
 * probes keep their ids).  Dead entries keep their index: it is the
 * tracer cookie of the live ones.
 */
static void
sites_unmapped(trace_scope_t *sc, tr_session_t *s)
{
	trace_arm_t *am = &sc->sc_arm;
	size_t i;

	for (i = 0; i < am->am_nsites; i++) {
		trace_site_t *ts = &am->am_sites[i];

		if (!ts->ts_armed || ts->ts_nrefs == 0 ||
		    tr_bkpt_intact(s, ts->ts_addr))
			continue;
		tr_bkpt_forget(s, ts->ts_addr);
		free(ts->ts_refs);
		ts->ts_refs = NULL;
		ts->ts_nrefs = 0;
		ts->ts_addr = 0;
	}
}

/* The new image has none of these functions where they were. */
static void
sites_exec(trace_scope_t *sc)
{
	trace_arm_t *am = &sc->sc_arm;
	size_t i;

	for (i = 0; i < am->am_nsites; i++)
		free(am->am_sites[i].ts_refs);
	am->am_nsites = 0;
	trace_index_clear(&am->am_byaddr);
	am->am_rtld_ok = false;
}

/* -- counters (pr_counter: a USDT semaphore) ------------------------------- */

static int
ctr_add(trace_scope_t *sc, const pb_probe_t *pr, const trace_ref_t *ref)
{
	trace_arm_t *am = &sc->sc_arm;
	trace_ctr_t *c;
	size_t i;

	for (i = 0; i < am->am_nctrs; i++)
		if (am->am_ctrs[i].tc_addr == pr->pr_counter &&
		    am->am_ctrs[i].tc_probe == ref->tf_probe)
			return 0;
	c = realloc(am->am_ctrs, (am->am_nctrs + 1) * sizeof(*c));
	if (c == NULL)
		return -1;
	am->am_ctrs = c;
	c[am->am_nctrs].tc_addr = pr->pr_counter;
	c[am->am_nctrs].tc_site = pr->pr_sites[0].st_addr;
	c[am->am_nctrs].tc_probe = ref->tf_probe;
	c[am->am_nctrs++].tc_raised = false;
	return 0;
}

/*
 * Raise the counters of the probes resolved since the last call, with
 * every thread stopped (h_ready: a -c program has them before main) or
 * the one thread at r_brk stopped (the program never writes its
 * semaphores; tracer.h says what may race).
 */
static void
ctrs_arm(trace_scope_t *sc, tr_session_t *s, bool stopped)
{
	trace_arm_t *am = &sc->sc_arm;
	size_t i;

	(void)stopped;
	for (i = 0; i < am->am_nctrs; i++) {
		trace_ctr_t *c = &am->am_ctrs[i];

		if (c->tc_raised)
			continue;
		c->tc_raised = true;	/* once, even when it fails */
		if (tr_counter_add(s, c->tc_addr, 1) < 0)
			trace_notice(sc->sc_tr, "%s: cannot raise its "
			    "semaphore at %#llx in pid %d: %s",
			    sc->sc_reg.rg_probes[c->tc_probe].tp_name,
			    (unsigned long long)c->tc_addr, (int)sc->sc_pid,
			    strerror(errno));
	}
}

/* dlclose: a counter whose probe's site went took its object along. */
static void
ctrs_unmapped(trace_scope_t *sc, tr_session_t *s)
{
	trace_arm_t *am = &sc->sc_arm;
	size_t j;

	for (j = 0; j < am->am_nctrs; ) {
		if (site_find(am, am->am_ctrs[j].tc_site) == NULL) {
			tr_counter_forget(s, am->am_ctrs[j].tc_addr);
			am->am_ctrs[j] = am->am_ctrs[--am->am_nctrs];
		} else {
			j++;
		}
	}
}

static void
ctrs_exec(trace_scope_t *sc)
{
	sc->sc_arm.am_nctrs = 0;	/* the tracer forgot them with the
					 * image */
}

/* -- syscall stops (PB_ARM_SYSCALL) ---------------------------------------- */

/*
 * The probe fires at the entry (or exit) stops of its call number, in
 * every thread of the process; the session stops its threads at
 * syscalls once one such probe is enabled (ak_start).
 */
static int
sys_add(trace_scope_t *sc, const pb_probe_t *pr, const trace_ref_t *ref)
{
	trace_arm_t *am = &sc->sc_arm;
	size_t k = 2 * (size_t)pr->pr_syscall.sc_nr +
	    (pr->pr_syscall.sc_return ? 1 : 0);
	trace_ref_t *nr;

	if (k >= am->am_nsysref) {
		nr = realloc(am->am_sysref, (k + 1) * sizeof(*nr));
		if (nr == NULL)
			return -1;
		memset(nr + am->am_nsysref, 0,
		    (k + 1 - am->am_nsysref) * sizeof(*nr));
		am->am_sysref = nr;
		am->am_nsysref = k + 1;
	}
	am->am_sysref[k] = *ref;
	pb_fireref_init(&am->am_sysref[k].tf_fr, pr, 0);
	return 0;
}

/*
 * Each call number probed, for the trampolines of patched syscall sites
 * (tr_syscall_probe): entry, return, or a stop for every call of the
 * number when a clause needs the thread stopped (copyin of a buffer
 * the call fills, a stack: dsl_rt_needs_stop).
 */
static void
sys_start(trace_scope_t *sc, tr_session_t *s)
{
	const trace_arm_t *am = &sc->sc_arm;
	const char *why;
	unsigned how[TR_SYSP_MAX];
	size_t k;

	if (am->am_nsysref == 0)
		return;
	if (tr_syscalls(s, true) < 0) {
		trace_notice(sc->sc_tr, "pid %d: syscall probes need "
		    "PTRACE_GET_SYSCALL_INFO (Linux 5.3): %s",
		    (int)sc->sc_pid, strerror(errno));
		return;
	}
	/* the C library's landing addresses, scanned meanwhile: its sites'
	 * first patches wait for them otherwise */
	if (!sc->sc_tr->tr_opts.op_fastoff)
		(void)pb_brt_prefetch_libc(sc->sc_pid);
	memset(how, 0, sizeof(how));
	for (k = 0; k < am->am_nsysref; k++) {
		if (am->am_sysref[k].tf_id == 0 || k / 2 >= TR_SYSP_MAX)
			continue;
		how[k / 2] |= k % 2 == 0 ? TR_SYSP_ENTRY : TR_SYSP_RETURN;
		if (dsl_rt_needs_stop(sc->sc_tr->tr_rt,
		    am->am_sysref[k].tf_id, &why))
			how[k / 2] |= TR_SYSP_STOP;
	}
	for (k = 0; k < TR_SYSP_MAX; k++)
		if (how[k] != 0)
			(void)tr_syscall_probe(s, (long)k, how[k]);
}

/* -- clocks (PB_ARM_SAMPLE, PB_ARM_TICK): run.c runs them ------------------ */

/* Once per probe: a re-resolution finds it again. */
static int
timer_add(trace_scope_t *sc, const pb_probe_t *pr, const trace_ref_t *ref)
{
	trace_arm_t *am = &sc->sc_arm;
	trace_timer_t *nt;
	size_t i;

	for (i = 0; i < am->am_ntimers; i++)
		if (am->am_timers[i].tm_ref.tf_id == ref->tf_id)
			return 0;
	nt = realloc(am->am_timers, (am->am_ntimers + 1) * sizeof(*nt));
	if (nt == NULL)
		return -1;
	am->am_timers = nt;
	memset(&nt[am->am_ntimers], 0, sizeof(*nt));
	nt[am->am_ntimers].tm_ref = *ref;
	pb_fireref_init(&nt[am->am_ntimers].tm_ref.tf_fr, pr, 0);
	nt[am->am_ntimers].tm_period = pr->pr_sample.sm_period_ns;
	am->am_ntimers++;
	return 0;
}

/* -- the table ------------------------------------------------------------- */

static const arm_kind_t kinds[PB_ARM_NKINDS + 1] = {
	[PB_ARM_STAGE] = { "stage", true, false, NULL, NULL, NULL, NULL,
	    NULL },
	[PB_ARM_TICK] = { "tick", true, false, timer_add, NULL, NULL, NULL,
	    NULL },
	[PB_ARM_SITE] = { "site", false, true, site_add, sites_arm, NULL,
	    sites_unmapped, sites_exec },
	[PB_ARM_SYSCALL] = { "syscall", false, true, sys_add, NULL,
	    sys_start, NULL, NULL },
	[PB_ARM_SAMPLE] = { "sample", false, true, timer_add, NULL, NULL,
	    NULL, NULL },
	[ARM_COUNTER] = { "counter", false, true, ctr_add, ctrs_arm, NULL,
	    ctrs_unmapped, ctrs_exec },
};

/*
 * Whether scope sc arms probe pr.  A process arms the kinds that need
 * one; pidtrace's own scope the others, and, with no process to trace,
 * samples as ticks (profile-N alone) and, for -l, lists the rest.
 */
int
trace_arm_accepts(const trace_scope_t *sc, const pb_probe_t *pr)
{
	const trace_t *tr = sc->sc_tr;
	const arm_kind_t *k;

	if ((unsigned)pr->pr_arm >= PB_ARM_NKINDS ||
	    kinds[pr->pr_arm].ak_name == NULL ||
	    (pr->pr_arm == PB_ARM_SYSCALL && pr->pr_syscall.sc_nr < 0))
		return ARM_NEVER;
	k = &kinds[pr->pr_arm];
	if (sc->sc_proc != NULL)
		return k->ak_proc ? ARM_YES : ARM_NEVER;
	if (k->ak_own)
		return ARM_YES;
	if (tr->tr_procs != NULL)
		return ARM_NOT;		/* each process resolves its own */
	if (pr->pr_arm == PB_ARM_SAMPLE)
		return ARM_YES;
	return tr->tr_opts.op_list ? ARM_LIST : ARM_ELSEWHERE;
}

/* Note probe pr, registered at index idx of sc's registry, to arm. */
int
trace_arm_add(trace_scope_t *sc, const pb_probe_t *pr, size_t idx)
{
	const trace_probe_t *tp = &sc->sc_reg.rg_probes[idx];
	const arm_kind_t *k = &kinds[pr->pr_arm];
	trace_ref_t ref;

	memset(&ref, 0, sizeof(ref));
	ref.tf_id = tp->tp_id;
	ref.tf_probe = idx;
	ref.tf_prov = tp->tp_pv;
	if (pr->pr_arm == PB_ARM_SAMPLE && sc->sc_proc == NULL)
		k = &kinds[PB_ARM_TICK];
	if (k->ak_add != NULL && k->ak_add(sc, pr, &ref) < 0)
		return -1;
	if (pr->pr_counter != 0 && pr->pr_nsites != 0 &&
	    kinds[ARM_COUNTER].ak_add(sc, pr, &ref) < 0)
		return -1;
	return 0;
}

/* Arm what was added since: every thread stopped, or one at r_brk. */
void
trace_arm_all(trace_scope_t *sc, tr_session_t *s, bool stopped)
{
	size_t i;

	for (i = 0; i <= PB_ARM_NKINDS; i++)
		if (kinds[i].ak_arm != NULL)
			kinds[i].ak_arm(sc, s, stopped);
}

/* Before the loop runs. */
void
trace_arm_start(trace_scope_t *sc, tr_session_t *s)
{
	size_t i;

	for (i = 0; i <= PB_ARM_NKINDS; i++)
		if (kinds[i].ak_start != NULL)
			kinds[i].ak_start(sc, s);
}

/* dlclose: drop what went with the unmapped objects. */
void
trace_arm_unmapped(trace_scope_t *sc, tr_session_t *s)
{
	size_t i;

	for (i = 0; i <= PB_ARM_NKINDS; i++)
		if (kinds[i].ak_unmapped != NULL)
			kinds[i].ak_unmapped(sc, s);
}

/* exec: the tracer forgot the image's sites and counters; so do we. */
void
trace_arm_exec(trace_scope_t *sc)
{
	size_t i;

	for (i = 0; i <= PB_ARM_NKINDS; i++)
		if (kinds[i].ak_exec != NULL)
			kinds[i].ak_exec(sc);
}

void
trace_arm_free(trace_arm_t *am)
{
	size_t i;

	for (i = 0; i < am->am_nsites; i++)
		free(am->am_sites[i].ts_refs);
	free(am->am_sites);
	trace_index_free(&am->am_byaddr);
	free(am->am_ctrs);
	free(am->am_sysref);
	free(am->am_timers);
	pb_rtld_free(&am->am_rtld);
	memset(am, 0, sizeof(*am));
}
