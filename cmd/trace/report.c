/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/report.c: what the fast path did not take, and a death that
 * struck code of ours.  Sites that stop the thread although the fast
 * path was asked for them (arm.c's ts_slow, the tracer's refusals) are
 * said once a process, on the notices stream, under -q too: a slower
 * path is never taken silently; with -x fastpath=require it is an
 * error, and the process is let go before it runs.  A process killed by
 * a fault in the bytes a jump replaced, a trampoline or an out-of-line
 * slot is pidtrace's bug, and says where.
 */
#include <config.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmd/trace/impl.h"
#include "lib/csload.h"

/* A site that stops the thread, and why. */
typedef struct slow_site {
	size_t		ss_site;	/* index in am_sites */
	const char	*ss_why;
	const char	*ss_arg;	/* or NULL */
} slow_site_t;

typedef struct slow_list {
	const trace_proc_t *sl_p;
	slow_site_t	*sl_v;
	size_t		sl_n, sl_cap;
} slow_list_t;

#define SLOW_NAMES	3	/* sites named a reason; -l lists them all */

static void
slow_push(slow_list_t *l, size_t site, const char *why, const char *arg)
{
	slow_site_t *v;

	if (l->sl_n == l->sl_cap) {
		l->sl_cap = l->sl_cap ? 2 * l->sl_cap : 64;
		v = realloc(l->sl_v, l->sl_cap * sizeof(*v));
		if (v == NULL) {
			l->sl_cap = l->sl_n;
			return;
		}
		l->sl_v = v;
	}
	l->sl_v[l->sl_n].ss_site = site;
	l->sl_v[l->sl_n].ss_why = why;
	l->sl_v[l->sl_n].ss_arg = arg;
	l->sl_n++;
}

/* tr_fast_refusals' callback: a site the tracer kept int3. */
static void
on_refusal(void *arg, uint32_t cookie, uint64_t addr, const char *why)
{
	slow_list_t *l = arg;
	const trace_arm_t *am = &l->sl_p->p_sc.sc_arm;

	if (am->am_rtld_ok && addr == am->am_rtld.rt_brk)
		why = "pidtrace's own breakpoint there (the loader's r_brk, "
		    "to follow dlopen) needs the thread stopped";
	if (cookie < am->am_nsites) {
		slow_push(l, cookie, why, NULL);
		((trace_site_t *)&am->am_sites[cookie])->ts_why = why;
	}
}

static int
slow_cmp(const void *a, const void *b)
{
	const slow_site_t *x = a, *y = b;
	int c = strcmp(x->ss_why, y->ss_why);

	if (c == 0)
		c = strcmp(x->ss_arg ? x->ss_arg : "", y->ss_arg ? y->ss_arg :
		    "");
	if (c == 0)
		c = (x->ss_site > y->ss_site) - (x->ss_site < y->ss_site);
	return c;
}

/* "pid42:libc.so.6:free:return at offset 0x1a" */
static void
site_name(const trace_proc_t *p, const trace_site_t *ts, char *buf,
    size_t len)
{
	const trace_ref_t *r = &ts->ts_refs[0];
	const char *name = p->p_sc.sc_reg.rg_probes[r->tf_probe].tp_name;

	if (r->tf_fr.fr_kind == PB_RETURN)
		snprintf(buf, len, "%s at offset %#llx", name,
		    (unsigned long long)r->tf_fr.fr_off);
	else
		snprintf(buf, len, "%s", name);
}

/*
 * Syscall probes whose every call stops the thread, one line a reason
 * with the first probes (syscall:::entry names all the calls that
 * always stop).
 */
static void
refuse_sys(trace_proc_t *p)
{
	const trace_arm_t *am = &p->p_sc.sc_arm;
	const trace_t *tr = p->p_sc.sc_tr;
	const char **why, *w;
	size_t k, j, n, said;
	char *text = NULL;
	size_t len = 0;
	FILE *out;

	if (am->am_nsysref == 0 ||
	    (why = calloc(am->am_nsysref, sizeof(*why))) == NULL)
		return;
	for (k = 0; k < am->am_nsysref; k++) {
		if (am->am_sysref[k].tf_id == 0)
			continue;
		if (tr_syscall_always_stops((long)(k / 2)))
			why[k] = "the call always stops the thread (it makes "
			    "a child, replaces or ends the image, returns "
			    "from a signal, or may set up syscall user "
			    "dispatch)";
		else
			(void)dsl_rt_needs_stop(tr->tr_rt,
			    am->am_sysref[k].tf_id, &why[k]);
	}
	for (k = 0; k < am->am_nsysref; k++) {
		if ((w = why[k]) == NULL)
			continue;
		for (n = 0, j = k; j < am->am_nsysref; j++)
			n += why[j] != NULL && strcmp(why[j], w) == 0;
		if ((out = open_memstream(&text, &len)) == NULL)
			break;
		fprintf(out, "pid %d: -x fastpath=require: %zu syscall "
		    "probe%s stop%s the thread at each call: %s:",
		    (int)p->p_pid, n, n == 1 ? "" : "s", n == 1 ? "s" : "",
		    w);
		for (said = 0, j = k; j < am->am_nsysref; j++) {
			if (why[j] == NULL || strcmp(why[j], w) != 0)
				continue;
			why[j] = NULL;
			if (said++ < SLOW_NAMES)
				fprintf(out, "%s %s", said == 1 ? "" : ",",
				    p->p_sc.sc_reg.rg_probes[
				    am->am_sysref[j].tf_probe].tp_name);
		}
		if (n > SLOW_NAMES)
			fprintf(out, " and %zu more", n - SLOW_NAMES);
		fclose(out);
		trace_notice(tr, "%s", text);
		free(text);
		text = NULL;
		p->p_refused = true;
	}
	free(why);
}

/*
 * -x fastpath=require: profile probes always stop; syscall probes run
 * through the trampolines of patched syscall sites, but for the calls
 * that always stop (tr_syscall_always_stops), a clause that needs the
 * thread stopped, and a process where syscall user dispatch cannot be
 * set up: each said in one line, before anything runs.
 */
static void
refuse_kinds(trace_proc_t *p, tr_session_t *s)
{
	const trace_arm_t *am = &p->p_sc.sc_arm;
	const trace_t *tr = p->p_sc.sc_tr;

	if (am->am_ntimers != 0) {
		trace_notice(tr, "pid %d: -x fastpath=require: profile probes "
		    "stop the threads at each sample", (int)p->p_pid);
		p->p_refused = true;
	}
	refuse_sys(p);
	/* on_notice refuses and says why when dispatch cannot be on */
	if (am->am_nsysref != 0 && !p->p_refused)
		(void)tr_syscalls_dispatch(s);
}

/*
 * -x fastpath=require: a syscall probe's firing came at a stop (its
 * site could not be patched, dispatch went off): the trace ends there,
 * the firing not run, as a site that stops ends it at its arming.
 */
void
trace_report_sysstop(trace_proc_t *p, tr_session_t *s, tr_thread_t *th,
    const char *probe, uint64_t pc)
{
	const trace_t *tr = p->p_sc.sc_tr;
	char fn[256];
	uint64_t lo, hi;

	if (trace_addrsym_func(trace_proc_syms(p), pc - 2, &lo, &hi, fn,
	    sizeof(fn)) != 0)
		snprintf(fn, sizeof(fn), "?");
	if (!p->p_refused)
		trace_notice(tr, "pid %d: -x fastpath=require: %s stopped "
		    "thread %d at the syscall at %#llx in %s: %s",
		    (int)p->p_pid, probe, (int)tr_thread_tid(th),
		    (unsigned long long)(pc - 2), fn,
		    tr_syscall_stopwhy(s, th));
	p->p_refused = true;
	/* A program we started must not run on untraced: it dies first. */
	if (p->p_launched && !p->p_gone)
		kill(p->p_pid, SIGKILL);
	tr_stop_async(s);
}

/*
 * The report: one line of totals, then one a reason with its count and
 * the first sites, into a buffer first: an exec of the same program
 * says it once.
 */
static void
say_slow(trace_proc_t *p, tr_session_t *s, slow_list_t *l, size_t nq)
{
	const trace_t *tr = p->p_sc.sc_tr;
	const trace_arm_t *am = &p->p_sc.sc_arm;
	const bool req = tr->tr_opts.op_fastreq;
	char name[512], *text = NULL;
	size_t i, j, n, len = 0;
	FILE *out;

	qsort(l->sl_v, l->sl_n, sizeof(*l->sl_v), slow_cmp);
	if ((out = open_memstream(&text, &len)) == NULL)
		return;
	fprintf(out, "pidtrace: pid %d: %s%zu of %zu probe sites stop%s the "
	    "thread at each firing instead of running fast:\n", (int)p->p_pid,
	    req ? "-x fastpath=require: " : "", l->sl_n, nq > l->sl_n ? nq :
	    l->sl_n, l->sl_n == 1 ? "s" : "");
	for (i = 0; i < l->sl_n; i = j) {
		const slow_site_t *a = &l->sl_v[i];

		for (j = i + 1; j < l->sl_n && strcmp(l->sl_v[j].ss_why,
		    a->ss_why) == 0 && strcmp(l->sl_v[j].ss_arg ?
		    l->sl_v[j].ss_arg : "", a->ss_arg ? a->ss_arg : "") == 0;
		    j++)
			;
		if (a->ss_why == tr_fast_why(s))
			p->p_whysaid = true;
		fprintf(out, "pidtrace:   %zu: %s%s%s:", j - i, a->ss_why,
		    a->ss_arg != NULL ? " " : "",
		    a->ss_arg != NULL ? a->ss_arg : "");
		for (n = i; n < j && n < i + SLOW_NAMES; n++) {
			site_name(p, &am->am_sites[l->sl_v[n].ss_site], name,
			    sizeof(name));
			fprintf(out, "%s %s", n == i ? "" : ",", name);
		}
		if (j - i > SLOW_NAMES)
			fprintf(out, " and %zu more", j - i - SLOW_NAMES);
		fputc('\n', out);
	}
	fclose(out);
	if (p->p_report == NULL || strcmp(p->p_report, text) != 0)
		fputs(text, tr->tr_notices);
	free(p->p_report);
	p->p_report = text;
	if (req)
		p->p_refused = true;
}

/*
 * Sites that stop the thread although the fast path was asked for them
 * (or, with fastpath=require, any site probe that stops), said once.
 * With fastpath=require it is an error: the trace stops.
 */
void
trace_report_fast(trace_proc_t *p, tr_session_t *s)
{
	const trace_t *tr = p->p_sc.sc_tr;
	const trace_arm_t *am = &p->p_sc.sc_arm;
	slow_list_t l = { p, NULL, 0, 0 };
	size_t i, nq = 0;

	if (!p->p_syssaid) {
		p->p_syssaid = true;
		trace_inproc_sysreport(p);
	}
	if (tr->tr_opts.op_fastoff)
		return;
	p->p_fastpend = tr_fast_refusals(s, on_refusal, &l) != 0;
	if (p->p_fastpend) {
		free(l.sl_v);
		return;	/* a dlopen's sites: once the loop armed them */
	}
	for (i = 0; i < am->am_nsites; i++) {
		trace_site_t *ts = &am->am_sites[i];

		if (ts->ts_told || !ts->ts_armed || ts->ts_nrefs == 0)
			continue;
		ts->ts_told = true;
		ts->ts_wasfast = !tr->tr_opts.op_fastoff &&
		    tr_bkpt_is_fast(s, ts->ts_addr);
		nq += ts->ts_fastq;
		if (ts->ts_slow != NULL)
			slow_push(&l, i, ts->ts_slow, ts->ts_slowarg);
	}
	if (tr->tr_opts.op_fastreq && !p->p_fastsaid && !p->p_armed)
		refuse_kinds(p, s);
	p->p_fastsaid = true;
	if (l.sl_n != 0) {
		say_slow(p, s, &l, nq);
	} else if (*tr_fast_why(s) != '\0' && !p->p_whysaid) {
		/* Set up, then given up (a thread without a TCB). */
		trace_notice(tr, "pid %d: probes stop the thread at each "
		    "firing: %s", (int)p->p_pid, tr_fast_why(s));
		p->p_whysaid = true;
		if (tr->tr_opts.op_fastreq)
			p->p_refused = true;
	}
	free(l.sl_v);
	if (!p->p_refused)
		return;
	/* A program we started must not run untraced: as at any end. */
	if (p->p_launched && !tr->tr_begun && !p->p_gone)
		kill(p->p_pid, SIGKILL);
	tr_stop_async(s);
}

/*
 * The process died of signal sig: if the fault that killed it struck
 * code of ours (a branch into the bytes a jump replaced, a trampoline, an
 * out-of-line slot), say where and which site: that is pidtrace's bug.
 */
void
trace_report_fault(trace_proc_t *p, tr_session_t *s, int sig)
{
	const tr_fault_t *f = tr_fault_last(s);
	const trace_arm_t *am = &p->p_sc.sc_arm;
	const trace_t *tr = p->p_sc.sc_tr;
	char name[512];

	if (f->fl_sig != sig || f->fl_where == TR_FAULT_NONE)
		return;
	if (f->fl_cookie < am->am_nsites && am->am_sites[f->fl_cookie].ts_nrefs)
		site_name(p, &am->am_sites[f->fl_cookie], name, sizeof(name));
	else
		snprintf(name, sizeof(name), "pidtrace's own breakpoint");
	if (f->fl_where == TR_FAULT_PATCH) {
		trace_notice(tr, "pid %d: thread %d faulted at %#llx, inside "
		    "the %u bytes at %#llx that pidtrace's jump replaced for "
		    "%s: a bug of pidtrace's (a branch it did not see lands "
		    "there), please report it with this line", (int)p->p_pid,
		    (int)f->fl_tid, (unsigned long long)f->fl_pc,
		    (unsigned)f->fl_len, (unsigned long long)f->fl_p0, name);
		return;
	}
	/* The instructions moved there may fault on their own. */
	trace_notice(tr, "pid %d: thread %d faulted at %#llx (address %#llx) "
	    "in %s for %s, which runs the instructions of %#llx",
	    (int)p->p_pid, (int)f->fl_tid, (unsigned long long)f->fl_pc,
	    (unsigned long long)f->fl_addr, f->fl_where == TR_FAULT_TRAMP ?
	    "pidtrace's trampoline" : "pidtrace's out-of-line slot", name,
	    (unsigned long long)f->fl_site);
}

/* One reason and how many sites it kept stopping the thread. */
typedef struct why_count {
	const char	*wc_why, *wc_arg;
	size_t		wc_n;
} why_count_t;

#define WHY_MAX	32

static void
why_add(why_count_t *w, size_t *nw, const char *why, const char *arg)
{
	size_t i;

	for (i = 0; i < *nw; i++)
		if (strcmp(w[i].wc_why, why) == 0 &&
		    strcmp(w[i].wc_arg ? w[i].wc_arg : "", arg ? arg : "") == 0)
			break;
	if (i == *nw) {
		if (*nw == WHY_MAX)
			i = WHY_MAX - 1;	/* folded into the last */
		else
			w[(*nw)++] = (why_count_t){ why, arg, 0 };
	}
	w[i].wc_n++;
}

/*
 * At the end, with -v, or whenever the process went back from the fast
 * path to stops during the session: how many sites took each path and
 * how many firings each path delivered, then one line a reason for the
 * sites that stopped the thread.
 */
void
trace_report_paths(trace_proc_t *p, tr_session_t *s)
{
	const trace_t *tr = p->p_sc.sc_tr;
	const trace_arm_t *am = &p->p_sc.sc_arm;
	const char *back = tr_fast_why(s), *mr;
	why_count_t w[WHY_MAX];
	size_t i, nw = 0, nsite = 0, nfast = 0, nfail = 0;
	tr_stats_t st;

	/* a slower path taken is said under -q too */
	tr_stats(s, &st);
	/* no decoder: no call site was patched, each call stopped */
	if (am->am_nsysref != 0 && csload_error() != NULL &&
	    !tr->tr_opts.op_fastoff)
		trace_notice(tr, "pid %d: system calls stopped the thread, "
		    "no call site patched: %s", (int)p->p_pid,
		    csload_error());
	if (tr->tr_ip != NULL && p == tr->tr_ipproc && tr->tr_iploads &&
	    st.st_fixups >= DSL_IP_MAXFAULTS)
		trace_notice(tr, "pid %d: clause code met %d bad addresses: "
		    "its memory reads went back to process_vm_readv",
		    (int)p->p_pid, DSL_IP_MAXFAULTS);
	for (i = 0; i < am->am_nsites; i++)
		if (am->am_sites[i].ts_wasfast)
			break;
	/* the set-up's refusal is not a fall back: said at the arming */
	if (i == am->am_nsites)
		back = "";
	if (!tr->tr_opts.op_paths && *back == '\0')
		return;
	for (i = 0; i < am->am_nsites; i++) {
		const trace_site_t *ts = &am->am_sites[i];

		if (!ts->ts_armed || ts->ts_nrefs == 0)
			continue;
		nsite++;
		if (ts->ts_failed) {
			nfail++;
		} else if (ts->ts_wasfast) {
			nfast++;
			if (*back != '\0')
				why_add(w, &nw, back, NULL);
		} else if (ts->ts_slow != NULL) {
			why_add(w, &nw, ts->ts_slow, ts->ts_slowarg);
		} else if (ts->ts_why != NULL) {
			why_add(w, &nw, ts->ts_why, NULL);
		} else {
			why_add(w, &nw, tr->tr_opts.op_fastoff ?
			    "-x fastpath=off" : "the probe always stops the "
			    "thread", NULL);
		}
	}
	tr_stats(s, &st);
	/*
	 * The tracer counts the records it read and the stops it took; a
	 * firing whose clauses ran in the process (count() there) leaves
	 * neither, and no counter of it is kept: the line says so rather
	 * than show such firings as none.
	 */
	trace_notice(tr, "pid %d: %zu probe sites: %zu ran fast%s, %zu "
	    "stopped the thread, %zu not traced; %llu firings read as "
	    "records, %llu by a stop%s", (int)p->p_pid, nsite, nfast,
	    *back != '\0' ? " until they fell back" : "",
	    nsite - nfast - nfail, nfail,
	    (unsigned long long)st.st_records,
	    (unsigned long long)st.st_hits,
	    nfast != 0 && !tr->tr_opts.op_fastrec ? "; firings run in the "
	    "process are not counted" : "");
	for (i = 0; i < nw; i++)
		trace_notice(tr, "  %zu: %s%s%s", w[i].wc_n, w[i].wc_why,
		    w[i].wc_arg != NULL ? " " : "",
		    w[i].wc_arg != NULL ? w[i].wc_arg : "");
	/* which way clause code read memory: a test can tell them apart */
	mr = dsl_prog_option(tr->tr_pg, "memread");
	if (tr->tr_ip != NULL && p == tr->tr_ipproc && tr->tr_iploads &&
	    !tr->tr_iploadwarn)
		trace_notice(tr, "pid %d: clause code read memory by loads%s "
		    "while pidtrace traced every thread; %llu faulting "
		    "loads fixed up, none delivered", (int)p->p_pid,
		    trace_memread(mr) == DSL_MR_CHECK ? " of pages the "
		    "kernel read first (-x memread=check)" :
		    " (-x memread=load)", (unsigned long long)st.st_fixups);
	else if (tr->tr_ip != NULL && p == tr->tr_ipproc &&
	    trace_memread(mr) == DSL_MR_SYSCALL)
		trace_notice(tr, "pid %d: clause code read memory by "
		    "process_vm_readv only (-x memread=syscall)",
		    (int)p->p_pid);
	if (st.st_key != NULL)
		trace_notice(tr, "pid %d: the thread key: %s", (int)p->p_pid,
		    st.st_key);
	/* as above: calls whose clauses all ran in the process leave none */
	if (am->am_nsysref != 0)
		trace_notice(tr, "pid %d: system calls: %llu through %llu "
		    "patched sites, %llu dispatched to a stop, %llu syscall "
		    "stops reported%s", (int)p->p_pid,
		    (unsigned long long)st.st_systramp,
		    (unsigned long long)st.st_syssites,
		    (unsigned long long)st.st_sysdisp,
		    (unsigned long long)st.st_syscalls,
		    st.st_syssites != 0 && !tr->tr_opts.op_fastrec ?
		    "; calls whose clauses run in the process are not "
		    "counted" : "");
}

/* -- arming: progress, and the sites that could not be patched ------------ */

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* "84,776": counts of sites are read at a glance. */
static const char *
grouped(size_t n, char *buf, size_t len)
{
	char d[32];
	size_t i, k = 0, nd = (size_t)snprintf(d, sizeof(d), "%zu", n);

	for (i = 0; i < nd && k + 2 < len; i++) {
		if (i != 0 && (nd - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = d[i];
	}
	buf[k] = '\0';
	return buf;
}

/*
 * Long arming is said: a line each second once it has taken one, on the
 * notices stream, never under -q (the trace has not begun; nothing is
 * lost).  PIDTRACE_TEST_SLOWARM=US makes each site take that much longer,
 * so that a test sees the lines with a small target.
 */
void
trace_report_progress_start(trace_progress_t *ap, size_t total)
{
	const char *e = getenv("PIDTRACE_TEST_SLOWARM");

	ap->ap_t0 = now_ns();
	ap->ap_next = ap->ap_t0 + 1000000000ull;
	ap->ap_total = total;
	ap->ap_slow = e != NULL ? (unsigned)strtoul(e, NULL, 10) : 0;
}

void
trace_report_progress(const trace_scope_t *sc, trace_progress_t *ap,
    size_t done)
{
	char a[32], b[32];
	uint64_t t;

	if (ap->ap_slow != 0) {
		struct timespec ts = { 0, (long)ap->ap_slow * 1000 };

		nanosleep(&ts, NULL);
	} else if (done % 64 != 0) {
		return;
	}
	if ((t = now_ns()) < ap->ap_next)
		return;
	ap->ap_next = t + 1000000000ull;
	if (!sc->sc_tr->tr_opts.op_quiet)
		trace_notice(sc->sc_tr, "pid %d: arming %s of %s sites",
		    (int)sc->sc_pid, grouped(done, a, sizeof(a)),
		    grouped(ap->ap_total, b, sizeof(b)));
}

#define UNPATCHED_NAMES	3	/* sites named a reason */

/* The sites that could not be patched, one line a reason. */
void
trace_report_unpatched(trace_scope_t *sc, size_t from)
{
	trace_arm_t *am = &sc->sc_arm;
	const char *why;
	char name[512], num[32];
	size_t i, j, n, shown;

	for (i = from; i < am->am_nsites; i++) {
		if ((why = am->am_sites[i].ts_fail) == NULL || *why == '\0')
			continue;	/* none, or said with its reason */
		for (n = 0, j = i; j < am->am_nsites; j++)
			n += am->am_sites[j].ts_fail == why;
		if (n == 0)
			continue;
		name[0] = '\0';
		for (shown = 0, j = i; j < am->am_nsites &&
		    shown < UNPATCHED_NAMES; j++) {
			const trace_site_t *ts = &am->am_sites[j];
			const trace_ref_t *r = &ts->ts_refs[0];
			size_t k = strlen(name);

			if (ts->ts_fail != why)
				continue;
			snprintf(name + k, sizeof(name) - k, "%s%s%s",
			    shown == 0 ? "" : ", ",
			    sc->sc_reg.rg_probes[r->tf_probe].tp_name,
			    r->tf_fr.fr_kind == PB_RETURN ? " (a return)" :
			    "");
			shown++;
		}
		trace_notice(sc->sc_tr, "cannot trace %s %s: %s: %s%s",
		    grouped(n, num, sizeof(num)), n == 1 ? "site" : "sites",
		    why, name, n > UNPATCHED_NAMES ? " and more" : "");
		/* said: the next reason starts past every site of this one */
		for (j = i; j < am->am_nsites; j++)
			if (am->am_sites[j].ts_fail == why)
				am->am_sites[j].ts_fail = "";
	}
	for (i = from; i < am->am_nsites; i++)
		if (am->am_sites[i].ts_fail != NULL &&
		    *am->am_sites[i].ts_fail == '\0')
			am->am_sites[i].ts_fail = NULL;
}
