/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/enable.c: the claiming of descriptions.  Each description
 * of the program is offered to every provider, in pidtrace's own scope
 * (dtrace's BEGIN, ticks) and in each process grabbed; a provider whose
 * pv_names says the provider field names it resolves it (provider.h),
 * and each probe it matches is registered (reg.c), enabled, and handed
 * to arm.c.  After a dlopen or an exec the claimed descriptions are
 * resolved again; the refusals are said once.
 */
#include <config.h>

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"

/* A flag of resolve's own, above the PB_ resolution flags: a re-run. */
#define RESOLVE_REFRESH	(1 << 30)

/* Functions without a return probe named one by one, per description. */
#define MAXREFUSED	5

void
trace_enable_scope(trace_scope_t *sc, trace_t *tr, trace_proc_t *p)
{
	memset(sc, 0, sizeof(*sc));
	sc->sc_tr = tr;
	sc->sc_proc = p;
	sc->sc_pid = p != NULL ? p->p_pid : 0;
}

/*
 * Probe i was just made by provider pv: enable on it every description
 * of the program that matches it without naming pv, as dtrace enables a
 * description on every probe that exists.  The pid provider makes probes
 * only for a field that names it (provider.h, pv_names), yet
 * "pid$target::read:entry {} ::read:entry {}" has the second fire at the
 * pid probe too, whatever the order of the clauses: each probe made
 * looks at every description, claimed yet or not.  A description that
 * names pv is left to pv's own resolution (counted there).
 */
static int
match_made(trace_scope_t *sc, const pb_provider_t *pv, size_t i)
{
	const dsl_prog_t *pg = sc->sc_tr->tr_pg;
	trace_reg_t *rg = &sc->sc_reg;
	const trace_probe_t *tp = &rg->rg_probes[i];
	size_t d, nd = dsl_prog_ndescs(pg);

	for (d = 0; d < nd; d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(pg, d);
		size_t k, before = tp->tp_ndescs;

		if (pv->pv_names(pd->pd_prov, sc->sc_pid) ||
		    !dsl_prog_desc_match(pd, tp->tp_prov, tp->tp_mod,
		    tp->tp_func, tp->tp_pname))
			continue;
		if (d >= rg->rg_nextra) {
			long *ne = realloc(rg->rg_extra, nd * sizeof(*ne));

			if (ne == NULL)
				return -1;
			for (k = rg->rg_nextra; k < nd; k++)
				ne[k] = 0;
			rg->rg_extra = ne;
			rg->rg_nextra = nd;
		}
		if (trace_reg_enable(sc, i, d) != 0)
			return -1;
		tp = &rg->rg_probes[i];
		if (tp->tp_ndescs > before)
			rg->rg_extra[d]++;
	}
	return 0;
}

/* -- resolving ------------------------------------------------------------- */

/*
 * A matched function with no probe of the kind asked must not pass
 * unseen: a histogram would silently miss it.  A few by name, the rest
 * counted (-l names them all); under -q only those whose calls go
 * unseen (rf_lost: lost data; an ifunc's resolver, a PLT stub or a
 * function that never returns loses nothing).
 */
static void
refusals(const trace_t *tr, const pb_probe_list_t *list)
{
	const pb_refusal_t *rf = list->pl_refused;
	const char *more = NULL;
	size_t i, said = 0;

	for (i = 0; i < list->pl_nrefused; i++) {
		if (tr->tr_opts.op_quiet && !rf[i].rf_lost)
			continue;
		if (said++ < MAXREFUSED)
			trace_notice(tr, "no %s%sprobe for %s`%s: %s",
			    rf[i].rf_probe, *rf[i].rf_probe ? " " : "",
			    rf[i].rf_mod, rf[i].rf_func, rf[i].rf_why);
		else if (more == NULL)
			more = rf[i].rf_probe;
		else if (strcmp(more, rf[i].rf_probe) != 0)
			more = "";	/* of several kinds */
	}
	if (said > MAXREFUSED)
		trace_notice(tr, "no %s%sprobe for %zu more functions "
		    "(pidtrace -l lists the probes there are)", more,
		    *more ? " " : "", said - MAXREFUSED);
}

/* Note that description d named functions that were refused a probe. */
static int
note_refused(trace_reg_t *rg, size_t d)
{
	size_t *n, i;

	for (i = 0; i < rg->rg_nrefused; i++)
		if (rg->rg_refused[i] == d)
			return 0;
	n = realloc(rg->rg_refused, (rg->rg_nrefused + 1) * sizeof(*n));
	if (n == NULL)
		return -1;
	rg->rg_refused = n;
	rg->rg_refused[rg->rg_nrefused++] = d;
	return 0;
}

/*
 * Resolve description d (NULL pd: every probe, for -l) with provider pv
 * in scope sc: register the probes not seen yet, enable the description
 * on each probe it matches, hand each to arm.c.  Returns the number of
 * probes matched, or -1 with err.  *elsewhere: pv's probes would match
 * in a process.
 */
static long
resolve(trace_scope_t *sc, const dsl_pdesc_t *pd, size_t d,
    const pb_provider_t *pv, int flags, const char **elsewhere, char *err,
    size_t errlen)
{
	static const pb_desc_t all = { "*", "", "", "" };
	pb_probe_list_t list = PB_PROBE_LIST_INIT;
	trace_t *tr = sc->sc_tr;
	pb_desc_t desc = all;
	pid_t tid = sc->sc_proc != NULL ? trace_proc_tid(sc->sc_proc) : 0;
	size_t i;
	long n = 0, idx;

	if (pd != NULL) {
		desc.de_prov = pd->pd_prov;
		desc.de_mod = pd->pd_mod;
		desc.de_func = pd->pd_func;
		desc.de_name = pd->pd_name;
	}
	if (pv->pv_resolve(sc->sc_pid, tid, &desc, (flags & ~RESOLVE_REFRESH) |
	    tr->tr_opts.op_flags, &list, err, errlen) < 0) {
		trace_errtag(tr, err);
		return -1;
	}
	/*
	 * Said once, when the description is first resolved.  The other
	 * probes run: a description whose every function was refused is
	 * no error (tm_refused).
	 */
	if (!(flags & RESOLVE_REFRESH)) {
		refusals(tr, &list);
		if (list.pl_nrefused != 0 && note_refused(&sc->sc_reg, d) < 0)
			goto nomem;
		/* what the probes may miss (inlined copies unseen): lost
		 * data, said under -q too */
		for (i = 0; i < list.pl_nnotes; i++)
			trace_notice(tr, "%s", list.pl_notes[i]);
	}
	/* A probe that cannot be armed is refused before any is registered. */
	for (i = 0; i < list.pl_n; i++) {
		const pb_probe_t *pr = &list.pl_probes[i];

		if (trace_arm_accepts(sc, pr) != ARM_NEVER)
			continue;
		snprintf(err, errlen, "%s:%s:%s:%s: cannot arm a probe of "
		    "kind %d yet", pr->pr_provider, pr->pr_mod, pr->pr_func,
		    pr->pr_name, (int)pr->pr_arm);
		pb_probe_list_free(&list);
		return -1;
	}
	/* each probe dropped once copied: the list and the copies are
	 * never both whole (every function of node: 50 MB each) */
	for (i = 0; i < list.pl_n; pb_probe_list_drop(&list, i), i++) {
		const pb_probe_t *pr = &list.pl_probes[i];
		int how;
		size_t had = sc->sc_reg.rg_nprobes;

		/* those dropped so far out of RSS too */
		if (i % 4096 == 0)
			pb_probe_list_release(&list, i);
		how = trace_arm_accepts(sc, pr);

		if (how == ARM_NOT || (how == ARM_ELSEWHERE && pd == NULL))
			continue;
		if (how == ARM_ELSEWHERE) {
			*elsewhere = pv->pv_name;
			continue;
		}
		if ((idx = trace_reg_get(sc, pv, pr)) < 0)
			goto nomem;
		n++;
		if (how == ARM_LIST || pd == NULL) {
			sc->sc_reg.rg_probes[idx].tp_listed = true;
			continue;
		}
		if (trace_reg_enable(sc, (size_t)idx, d) != 0)
			goto nomem;
		if (sc->sc_proc != NULL && (size_t)idx == had &&
		    match_made(sc, pv, (size_t)idx) < 0)
			goto nomem;
		if (trace_arm_add(sc, pr, (size_t)idx) < 0)
			goto nomem;
	}
	pb_probe_list_free(&list);
	return n;
nomem:
	pb_probe_list_free(&list);
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* Note that provider pv claimed description d, which matched n probes. */
static int
add_claim(trace_reg_t *rg, size_t d, const pb_provider_t *pv, long n)
{
	trace_claim_t *nc;

	nc = realloc(rg->rg_claims, (rg->rg_nclaims + 1) * sizeof(*nc));
	if (nc == NULL)
		return -1;
	rg->rg_claims = nc;
	nc[rg->rg_nclaims].cl_desc = d;
	nc[rg->rg_nclaims].cl_pv = pv;
	nc[rg->rg_nclaims++].cl_matched = n;
	return 0;
}

/*
 * Description d in process p: each provider whose pv_names says the
 * provider field names it here resolves it.  zdefs: no match is not an
 * error.
 */
static long
claim_proc(trace_proc_t *p, size_t d, bool zdefs, char *err, size_t errlen)
{
	trace_t *tr = p->p_sc.sc_tr;
	trace_reg_t *rg = &p->p_sc.sc_reg;
	const dsl_pdesc_t *pd = dsl_prog_desc(tr->tr_pg, d);
	const pb_provider_t *const *pp;
	const char *elsewhere = NULL;
	bool claimed = false;
	long n, total = 0;

	for (pp = tr->tr_provs; *pp != NULL; pp++) {
		if (!(*pp)->pv_names(pd->pd_prov, p->p_pid))
			continue;
		claimed = true;
		/*
		 * A script's interpreter has none of the program's probes,
		 * a -c command at its exec event none of its libraries'.
		 */
		n = resolve(&p->p_sc, pd, d, *pp,
		    zdefs || p->p_script || p->p_early ?
		    PB_ZEROOK : 0, &elsewhere, err, errlen);
		if (n < 0)
			return -1;
		/*
		 * An empty provider field is claimed only by a provider
		 * that knows its probes by name alone (profile-97): one
		 * that matched nothing does not hold it, or :::END would
		 * be reported as matching nothing after each exec.
		 */
		if (n == 0 && pd->pd_prov[0] == '\0')
			continue;
		if (add_claim(rg, d, *pp, n) < 0)
			goto nomem;
		total += n;
	}
	if (!claimed && (zdefs || p->p_script) && pd->pd_prov[0] != '\0') {
		/*
		 * -Z: a provider may name it once a library loads; a #!
		 * script: once the interpreter execs the program.
		 */
		size_t *np = realloc(rg->rg_pending,
		    (rg->rg_npending + 1) * sizeof(*np));

		if (np == NULL)
			goto nomem;
		rg->rg_pending = np;
		rg->rg_pending[rg->rg_npending++] = d;
	}
	return total;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* Description d (NULL: every probe) in pidtrace's own scope. */
static long
claim_own(trace_t *tr, const dsl_pdesc_t *pd, size_t d,
    const char **elsewhere, char *err, size_t errlen)
{
	const pb_provider_t *const *pp;
	long n, total = 0;

	for (pp = tr->tr_provs; *pp != NULL; pp++) {
		if (!(*pp)->pv_names(pd != NULL ? pd->pd_prov : "*", 0))
			continue;
		n = resolve(&tr->tr_own, pd, d, *pp, PB_ZEROOK, elsewhere, err,
		    errlen);
		if (n < 0)
			return -1;
		total += n;
	}
	return total;
}

/* Probes with nothing to arm are the trace's stages: they exist from the
 * start, BEGIN, END and ERROR being ids 1, 2 and 3 as in dtrace. */
static int
register_stages(trace_t *tr, char *err, size_t errlen)
{
	static const pb_desc_t every = { "", "", "", "" };
	const pb_provider_t *const *pp;
	size_t i;

	for (pp = tr->tr_provs; *pp != NULL; pp++) {
		pb_probe_list_t list = PB_PROBE_LIST_INIT;

		if (!(*pp)->pv_names("", 0))
			continue;
		if ((*pp)->pv_resolve(0, 0, &every, PB_ZEROOK, &list, err,
		    errlen) < 0)
			return -1;
		for (i = 0; i < list.pl_n; i++)
			if (list.pl_probes[i].pr_arm == PB_ARM_STAGE &&
			    trace_reg_get(&tr->tr_own, *pp,
			    &list.pl_probes[i]) < 0) {
				pb_probe_list_free(&list);
				snprintf(err, errlen, "out of memory");
				return -1;
			}
		pb_probe_list_free(&list);
	}
	return 0;
}

/* -l without a program: every probe that can be listed. */
static int
enable_all(trace_t *tr, char *err, size_t errlen)
{
	const pb_provider_t *const *pp;
	const char *elsewhere = NULL;
	trace_proc_t *p;

	if (claim_own(tr, NULL, 0, &elsewhere, err, errlen) < 0)
		return -1;
	/* as dtrace -l -p lists a process's USDT probes, not pid's */
	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		for (pp = tr->tr_provs; *pp != NULL; pp++)
			if ((*pp)->pv_listall && resolve(&p->p_sc, NULL, 0,
			    *pp, PB_ZEROOK, &elsewhere, err, errlen) < 0)
				trace_notice(tr, "%s", err);
	return 0;
}

/* The inlined copies each description's probes fire at (tm_inlined). */
static void
inlined(const trace_reg_t *rg, trace_match_t *m)
{
	size_t i, k;

	for (i = 0; i < rg->rg_nprobes; i++)
		for (k = 0; k < rg->rg_probes[i].tp_ndescs; k++)
			m[rg->rg_probes[i].tp_descs[k]].tm_inlined +=
			    rg->rg_probes[i].tp_ninline;
}

int
trace_enable(trace_t *tr, dsl_rt_t *rt, trace_match_t *m, size_t *bad,
    char *err, size_t errlen)
{
	size_t d, nd = dsl_prog_ndescs(tr->tr_pg), nclaims;
	const pb_provider_t *const *pp;
	trace_proc_t *p;
	long n;

	tr->tr_rt = rt;
	*bad = 0;
	if (register_stages(tr, err, errlen) < 0)
		return -1;
	if (tr->tr_opts.op_list && nd == 0)
		return enable_all(tr, err, errlen);
	for (d = 0; d < nd; d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(tr->tr_pg, d);

		*bad = d;
		m[d].tm_elsewhere = NULL;
		m[d].tm_refused = false;
		m[d].tm_inlined = 0;
		n = claim_own(tr, pd, d, &m[d].tm_elsewhere, err, errlen);
		if (n < 0)
			return -1;
		m[d].tm_probes = (size_t)n;
		/*
		 * pid*:: over several processes, or a description that
		 * several providers claim: one without the probe is no
		 * error; the caller counts the matches of them all.
		 */
		nclaims = 0;
		for (pp = tr->tr_provs; *pp != NULL; pp++)
			for (p = tr->tr_procs; p != NULL; p = p->p_next)
				if ((*pp)->pv_names(pd->pd_prov, p->p_pid))
					nclaims++;
		for (p = tr->tr_procs; p != NULL; p = p->p_next) {
			n = claim_proc(p, d, tr->tr_opts.op_zdefs ||
			    nclaims > 1, err, errlen);
			if (n < 0)
				return -1;
			m[d].tm_probes += (size_t)n;
		}
		if (m[d].tm_probes != 0)
			m[d].tm_elsewhere = NULL;
	}
	/*
	 * Once all are claimed: a description also matches the probes the
	 * others made (":::entry" and pid$target's, match_made), whatever
	 * the order of the clauses.
	 */
	for (p = tr->tr_procs; p != NULL; p = p->p_next) {
		const trace_reg_t *rg = &p->p_sc.sc_reg;

		for (d = 0; d < nd && d < rg->rg_nextra; d++)
			m[d].tm_probes += (size_t)rg->rg_extra[d];
		for (d = 0; d < rg->rg_nrefused; d++)
			m[rg->rg_refused[d]].tm_refused = true;
		inlined(rg, m);
	}
	trace_inproc_new(tr);
	/* the probe lists resolving freed, given back before arming */
	malloc_trim(0);
	return 0;
}

/*
 * A library came or went (the loader's r_brk with r_state consistent),
 * or a new image reached its entry: resolve every claimed description
 * again and arm what is new.  mapped: only the mappings changed since
 * the last resolution (not the image), so the claims of providers whose
 * probes do not depend on them (pv_fixed) are not resolved again: at a
 * command's entry point its 370 syscall probes were, 0.3 ms.  Errors
 * are notices: a description that matched before must not end the
 * trace.
 */
void
trace_enable_refresh(trace_scope_t *sc, bool mapped)
{
	trace_t *tr = sc->sc_tr;
	trace_reg_t *rg = &sc->sc_reg;
	const pb_provider_t *const *pp;
	const char *elsewhere = NULL;
	char err[512];
	size_t i;
	long n;

	for (i = 0; i < rg->rg_nclaims; i++) {
		size_t d = rg->rg_claims[i].cl_desc;

		if (mapped && rg->rg_claims[i].cl_pv->pv_fixed)
			continue;
		n = resolve(sc, dsl_prog_desc(tr->tr_pg, d), d,
		    rg->rg_claims[i].cl_pv, PB_ZEROOK | RESOLVE_REFRESH,
		    &elsewhere, err, sizeof(err));
		if (n < 0)
			trace_notice(tr, "%s", err);
		rg->rg_claims[i].cl_matched = n;
	}
	/* -Z descriptions waiting for a provider to name them */
	for (i = 0; i < rg->rg_npending; ) {
		size_t d = rg->rg_pending[i];
		const dsl_pdesc_t *pd = dsl_prog_desc(tr->tr_pg, d);
		bool claimed = false;

		for (pp = tr->tr_provs; *pp != NULL; pp++) {
			if (!(*pp)->pv_names(pd->pd_prov, sc->sc_pid))
				continue;
			n = resolve(sc, pd, d, *pp, PB_ZEROOK, &elsewhere, err,
			    sizeof(err));
			if (n < 0)
				trace_notice(tr, "%s", err);
			if (add_claim(rg, d, *pp, n < 0 ? 0 : n) < 0)
				trace_notice(tr, "out of memory");
			claimed = true;
		}
		if (claimed)
			rg->rg_pending[i] = rg->rg_pending[--rg->rg_npending];
		else
			i++;
	}
}

/*
 * -x follow: a child came after trace_enable.  A description may match
 * nothing in it (pid$target names the first process only; a child's
 * program may lack the functions), as for -Z: no error, and those no
 * provider claims wait for an exec.
 */
void
trace_enable_child(trace_proc_t *p)
{
	trace_t *tr = p->p_sc.sc_tr;
	size_t d, nd = dsl_prog_ndescs(tr->tr_pg);
	char err[512];

	for (d = 0; d < nd; d++)
		if (claim_proc(p, d, true, err, sizeof(err)) < 0)
			trace_notice(tr, "pid %d: %s", (int)p->p_pid, err);
}

/*
 * A -c command traced from its exec (p_early) reached its entry point,
 * its descriptions resolved again with the libraries in: one that
 * matches nothing, in it or in pidtrace's own scope, is the error it
 * would have been had the command started at its entry (unless -Z).
 * True when the trace is to end so.
 */
bool
trace_enable_early_unmatched(trace_scope_t *sc)
{
	trace_t *tr = sc->sc_tr;
	const trace_proc_t *o;
	size_t d, nd = dsl_prog_ndescs(tr->tr_pg);

	if (tr->tr_opts.op_zdefs || sc->sc_proc->p_child)
		return false;
	for (d = 0; d < nd; d++) {
		if (trace_reg_enabled(&tr->tr_own.sc_reg, d))
			continue;
		for (o = tr->tr_procs; o != NULL; o = o->p_next)
			if (trace_reg_enabled(&o->p_sc.sc_reg, d))
				break;
		if (o != NULL)
			continue;
		tr->tr_nomatch = true;
		tr->tr_nmdesc = d;
		snprintf(tr->tr_nmerr, sizeof(tr->tr_nmerr), "%sprobe "
		    "description %s does not match any probes",
		    tr->tr_opts.op_errtags ? "[D_PDESC_ZERO] " : "",
		    dsl_prog_desc(tr->tr_pg, d)->pd_text);
		return true;
	}
	return false;
}

/* After an exec: name the descriptions the new program does not match. */
void
trace_enable_exec_notice(trace_scope_t *sc)
{
	const trace_reg_t *rg = &sc->sc_reg;
	const trace_proc_t *p = sc->sc_proc;
	size_t i;

	for (i = 0; i < rg->rg_nclaims; i++)
		if (rg->rg_claims[i].cl_matched == 0)
			trace_notice(sc->sc_tr, "pid %d exec'd %s: probe "
			    "description %s matches no probes", (int)p->p_pid,
			    p->p_comm,
			    dsl_prog_desc(sc->sc_tr->tr_pg,
			    rg->rg_claims[i].cl_desc)->pd_text);
}

/*
 * A #! script's descriptions may match nothing at first (trace_proc_deferred);
 * name those that matched nothing in any program it ran.
 */
static void
unmatched(const trace_scope_t *sc, size_t d)
{
	trace_notice(sc->sc_tr, "probe description %s matched no probes in "
	    "pid %d or what it exec'd", dsl_prog_desc(sc->sc_tr->tr_pg,
	    d)->pd_text,
	    (int)sc->sc_pid);
}

void
trace_enable_unmatched(trace_scope_t *sc)
{
	const trace_reg_t *rg = &sc->sc_reg;
	size_t i;

	for (i = 0; i < rg->rg_nclaims; i++)
		if (!trace_reg_enabled(rg, rg->rg_claims[i].cl_desc))
			unmatched(sc, rg->rg_claims[i].cl_desc);
	for (i = 0; i < rg->rg_npending; i++)
		unmatched(sc, rg->rg_pending[i]);
}

/* Whether any probe of scope sc is enabled. */
static bool
any_enabled(const trace_scope_t *sc)
{
	const trace_reg_t *rg = &sc->sc_reg;
	size_t i;

	for (i = 0; i < rg->rg_nprobes; i++)
		if (rg->rg_probes[i].tp_ndescs != 0)
			return true;
	return false;
}

/*
 * After a #! script's process exec'd the program its descriptions name
 * (sc: that process, resolved again): when nothing of the trace can
 * fire any more (no probe enabled in any process, no tick), dtrace
 * would have refused the script before starting it; waiting for a ^C
 * would trace nothing for ever.  Then note the first description that
 * matched nothing, with its provider's error (and its tag) resolved
 * again without PB_ZEROOK, and say so: the trace ends with that error.
 */
bool
trace_enable_hopeless(trace_scope_t *sc)
{
	trace_t *tr = sc->sc_tr;
	const trace_reg_t *rg = &sc->sc_reg;
	const trace_proc_t *p;
	const char *elsewhere = NULL;
	char err[400];
	size_t d;
	long n;

	if (sc->sc_proc == NULL || !sc->sc_proc->p_script ||
	    tr->tr_opts.op_zdefs || tr->tr_own.sc_arm.am_ntimers != 0)
		return false;
	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		if (!p->p_gone && any_enabled(&p->p_sc))
			return false;
	err[0] = '\0';
	if (rg->rg_nclaims != 0) {
		d = rg->rg_claims[0].cl_desc;
		n = resolve(sc, dsl_prog_desc(tr->tr_pg, d), d,
		    rg->rg_claims[0].cl_pv, RESOLVE_REFRESH, &elsewhere, err,
		    sizeof(err));
		if (n > 0)
			return false;
		if (n == 0)
			err[0] = '\0';
	} else if (rg->rg_npending != 0) {
		d = rg->rg_pending[0];
	} else {
		return false;
	}
	if (err[0] == '\0') {
		snprintf(err, sizeof(err), "%sno provider makes probes for it",
		    tr->tr_opts.op_errtags ? "[D_PDESC_ZERO] " : "");
	}
	tr->tr_nomatch = true;
	tr->tr_nmdesc = d;
	snprintf(tr->tr_nmerr, sizeof(tr->tr_nmerr), "%s (pid %d, %s, the "
	    "program its #! script exec'd)", err, (int)sc->sc_pid,
	    sc->sc_proc->p_comm);
	return true;
}
