/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/inproc.c: D in the traced process (doc/INPROC.md): the
 * clauses that fit run as code in the traced threads, over an area both
 * the process and pidtrace map, and pidtrace folds what they counted.
 * Here is what the glue does for it, in the order of a trace:
 *
 *   trace_inproc_new	after the probes are enabled: the runtime's
 *			in-process state, its area asked of the tracer
 *			(tr_fast_area); one process only (the globals
 *			live in one area), and not under -x fastpath=off.
 *   trace_inproc_prospect	before sites ask for the fast path
 *			(arm.c): the plan as if every site that may run
 *			fast did, and the probes that still need a stop
 *			(dsl_rt_needs_stop: a clause left in pidtrace
 *			reads memory) taken out, until nothing moves.
 *   trace_inproc_armed	once the sites are in (h_ready, or the loop's
 *			TR_FE_ARMED after a dlopen): the plan over what
 *			really runs fast; after BEGIN, the code.
 *   trace_inproc_start	after BEGIN, every process still stopped: the
 *			globals move into the area, the clock line, the
 *			code, each site's entry.
 *   trace_inproc_event	the tracer's h_fast: a new clock line, a vfork's
 *			muted key, the end of the area (the last fold,
 *			every thread stopped).
 * A record of a site whose code ran goes to dsl_ip_fire_record (fire.c);
 * a thread's exit frees its self-> and buffer (run.c); the drops are
 * said at the end, as dtrace says them.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"
#include "probes/procns.h"

/* The tracer builds the context the code reads: one layout. */
_Static_assert(offsetof(dsl_jctx_t, jc_args) == TR_CTX_ARGS, "args");
_Static_assert(offsetof(dsl_jctx_t, jc_tsc) == TR_CTX_TSC, "tsc");
_Static_assert(offsetof(dsl_jctx_t, jc_key) == TR_CTX_KEY, "key");
_Static_assert(offsetof(dsl_jctx_t, jc_status) == TR_CTX_STATUS, "status");
_Static_assert(offsetof(dsl_jctx_t, jc_link) == TR_CTX_LINK, "link");
_Static_assert(offsetof(dsl_jctx_t, jc_nev) == TR_CTX_NEV, "nev");
_Static_assert(offsetof(dsl_jctx_t, jc_ev) == TR_CTX_EV, "ev");
_Static_assert(sizeof(dsl_jctx_t) == TR_CTX_SIZE, "size");
_Static_assert(DSL_JIT_FRAME == TR_CTX_FRAME, "frame");
_Static_assert(DSL_JIT_GATE_BACK == TR_GATE_BACK, "gate");
_Static_assert(DSL_JIT_GATE_R9 == TR_GATE_R9, "the check's gate");
_Static_assert(DSL_JIT_NEV == TR_REC_NEV, "events");
_Static_assert(sizeof(dsl_jev_t) == 16, "an event is two words");

/* The highest probe id of a scope's registry. */
static uint32_t
max_id(const trace_scope_t *sc, uint32_t n)
{
	size_t i;

	for (i = 0; i < sc->sc_reg.rg_nprobes; i++)
		if (sc->sc_reg.rg_probes[i].tp_id > n)
			n = sc->sc_reg.rg_probes[i].tp_id;
	return n;
}

void
trace_inproc_new(trace_t *tr)
{
	trace_proc_t *p = tr->tr_procs;
	dsl_ip_opts_t o;
	const char *opt;
	char err[256];

	if (p == NULL)
		return;
	/*
	 * One process: its area holds the globals, and they can live in
	 * one place only.  -l plans anyway, to say each clause's path.
	 */
	tr->tr_ipwhy = tr->tr_opts.op_follow ? "-x follow" :
	    tr->tr_opts.op_fastoff ? "-x fastpath=off" :
	    tr->tr_opts.op_fastrec ? "-x fastpath=record" :
	    p->p_next != NULL ? "clauses run in a traced process only when "
	    "one is traced" : NULL;
	if ((tr->tr_ipwhy != NULL || p->p_s == NULL) &&
	    !tr->tr_opts.op_list)
		return;
	dsl_ip_opts_default(tr->tr_pg, &o);
	o.io_pid = p->p_pid;
	o.io_nspid = pb_proc_nspid(p->p_pid);
	if (o.io_nspid <= 0)
		o.io_nspid = p->p_pid;
	/*
	 * By default loads of pages the kernel said it can read, asked by
	 * a system call that changes nothing: unchecked loads (-x
	 * memread=load) may fault, and a fault the kernel forces on a
	 * thread that blocks SIGSEGV or SIGBUS, or a process that ignores
	 * it, resets its action to the default before pidtrace sees the
	 * stop (force_sig_info_to_task), which pidtrace cannot put back.
	 */
	opt = dsl_prog_option(tr->tr_pg, "memread");
	o.io_memread = trace_memread(opt);
	/*
	 * Below the main stack a load, or the kernel's copy for the check,
	 * grows the stack to the address (the process changed, and bytes
	 * read where process_vm_readv says "invalid address"): reads there
	 * are the system call's.  Without [stack] there is nothing to grow.
	 */
	(void)tr_stack_room(p->p_pid, &o.io_growlo, &o.io_growhi);
	tr->tr_ip = dsl_ip_create(tr->tr_rt, &o, err, sizeof(err));
	if (tr->tr_ip == NULL) {
		trace_notice(tr, "pid %d: clauses run in pidtrace: %s",
		    (int)p->p_pid, err);
		return;
	}
	tr->tr_ipproc = p;
	if (!tr->tr_opts.op_list &&
	    tr_fast_area(p->p_s, dsl_ip_size(tr->tr_ip)) < 0) {
		dsl_ip_destroy(tr->tr_ip);
		tr->tr_ip = NULL;
		tr->tr_ipproc = NULL;
	}
}

/* The code made so far is gone with its area, or wrong: none now. */
static void
code_drop(trace_t *tr)
{
	free(tr->tr_ipentry);
	tr->tr_ipentry = NULL;
	tr->tr_nipentry = 0;
}

/*
 * dsl_plan, remembering whether a path changed since the code was made
 * (gen_code keeps the code of an unchanged plan).
 */
static int
plan(trace_t *tr)
{
	int rc = dsl_plan(tr->tr_ip, tr->tr_kinds, tr->tr_nkinds);

	if (rc != 0)
		tr->tr_ipregen = true;
	return rc;
}

void
trace_inproc_free(trace_t *tr)
{
	if (tr->tr_ip != NULL)
		dsl_ip_destroy(tr->tr_ip);
	tr->tr_ip = NULL;
	free(tr->tr_kinds);
	tr->tr_kinds = NULL;
	code_drop(tr);
}

/*
 * Whether site ts may run its probe's clause code: one probe (a context
 * block jumps to one entry) whose provider says the fast path serves
 * it; now: also asked with a context and running fast.
 */
static bool
site_fast(const trace_proc_t *p, const trace_site_t *ts, bool now)
{
	const trace_ref_t *r = &ts->ts_refs[0];

	if (ts->ts_nrefs != 1 || (r->tf_fr.fr_fast != PB_FAST_ENTRY &&
	    r->tf_fr.fr_fast != PB_FAST_RETURN))
		return false;
	/* at an inlined copy no register holds an argument: they read 0 */
	if (r->tf_fr.fr_inline &&
	    dsl_rt_args_read(p->p_sc.sc_tr->tr_rt, r->tf_id) != 0)
		return false;
	if (!now)
		return true;
	return ts->ts_ctx && p->p_s != NULL && tr_bkpt_is_fast(p->p_s,
	    ts->ts_addr);
}

/*
 * Whether p's system calls go through patched sites' trampolines:
 * dispatch on (turned on now if it is due: every thread is stopped), or
 * to come once a launched image's TCB exists (its calls meanwhile on
 * stops, whose clauses run in pidtrace; the code is placed when
 * dispatch comes on, TR_FE_ARMED).  Not with the fast path given up,
 * which was said already.
 */
static bool
sys_fast(const trace_proc_t *p)
{
	return p->p_s != NULL && !p->p_gone && *tr_fast_why(p->p_s) == '\0' &&
	    tr_syscalls_dispatch(p->p_s) >= 0;
}

/*
 * Whether the number of syscall ref k stops the thread at every call
 * (its trampolines' TR_SYSP_STOP, which arm.c set from the clauses
 * before any plan: a clause that reads memory keeps the stop, so that
 * what it prints comes before what the call does, as it did).
 */
static bool
sys_stops(const trace_proc_t *p, size_t k)
{
	return p->p_s != NULL &&
	    (tr_syscall_probed(p->p_s, (long)(k / 2)) & TR_SYSP_STOP) != 0;
}

/*
 * The kinds of every probe: pidtrace's own scope fires in pidtrace, a
 * process's probe runs in it when each of its sites can (site_fast), and
 * when stopped[id - 1] does not say it needs the thread stopped.
 */
static int
kinds(trace_t *tr, bool now, const uint8_t *stopped)
{
	const trace_proc_t *p = tr->tr_ipproc;
	const trace_arm_t *am = &p->p_sc.sc_arm;
	uint32_t n = max_id(&p->p_sc, max_id(&tr->tr_own, 0)), id;
	uint8_t *k, *seen;
	size_t i;

	k = calloc(n + 1, 1);
	seen = calloc(n + 1, 1);
	if (k == NULL || seen == NULL) {
		free(k);
		free(seen);
		return -1;
	}
	for (i = 0; i < n; i++)
		k[i] = DSL_PK_TRACEE;
	for (i = 0; i < tr->tr_own.sc_reg.rg_nprobes; i++) {
		id = tr->tr_own.sc_reg.rg_probes[i].tp_id;
		if (id >= 1 && id <= n)
			k[id - 1] = DSL_PK_HOST;
	}
	for (i = 0; i < am->am_nsites && tr->tr_ipwhy == NULL; i++) {
		const trace_site_t *ts = &am->am_sites[i];
		size_t j;

		for (j = 0; j < ts->ts_nrefs; j++) {
			id = ts->ts_refs[j].tf_id;
			if (id < 1 || id > n || k[id - 1] == DSL_PK_HOST)
				continue;
			if (!site_fast(p, ts, now) ||
			    (stopped != NULL && stopped[id - 1])) {
				seen[id - 1] = 2;	/* one site cannot */
			} else if (seen[id - 1] == 0) {
				seen[id - 1] = 1;
			}
		}
	}
	/*
	 * Syscall probes: their code runs in the trampolines of patched
	 * syscall sites, for every number but those that always stop; now:
	 * once syscall user dispatch is on (tr_syscalls_dispatch, which
	 * turns it on here rather than after h_ready).
	 */
	for (i = 0; i < am->am_nsysref && tr->tr_ipwhy == NULL; i++) {
		id = am->am_sysref[i].tf_id;
		if (id < 1 || id > n || k[id - 1] == DSL_PK_HOST)
			continue;
		if (tr_syscall_always_stops((long)(i / 2)) ||
		    i / 2 >= TR_SYSP_MAX || sys_stops(p, i) ||
		    (stopped != NULL && stopped[id - 1]) ||
		    (now && !sys_fast(p)))
			seen[id - 1] = 2;
		else if (seen[id - 1] == 0)
			seen[id - 1] = 1;
	}
	for (id = 1; id <= n; id++)
		if (seen[id - 1] == 1)
			k[id - 1] = DSL_PK_FAST;
	free(seen);
	free(tr->tr_kinds);
	tr->tr_kinds = k;
	tr->tr_nkinds = n;
	return 0;
}

void
trace_inproc_prospect(trace_scope_t *sc)
{
	trace_t *tr = sc->sc_tr;
	const trace_arm_t *am = &sc->sc_arm;
	uint8_t *stopped;
	uint32_t id;
	bool moved, first;
	size_t k;

	if (tr->tr_ip == NULL || sc->sc_proc != tr->tr_ipproc)
		return;
	first = tr->tr_kinds == NULL;
	if (kinds(tr, false, NULL) < 0 ||
	    (stopped = calloc(tr->tr_nkinds + 1, 1)) == NULL)
		goto off;
	/*
	 * Before any plan (-l: no trace runs, so no TR_SYSP_STOP is set):
	 * a syscall probe whose clauses read memory stops, as arm.c will
	 * decide for a run (sys_stops).
	 */
	for (k = 0; first && k < am->am_nsysref; k++) {
		id = am->am_sysref[k].tf_id;
		if (id >= 1 && id <= tr->tr_nkinds &&
		    dsl_rt_needs_stop(tr->tr_rt, id, NULL))
			stopped[id - 1] = 1;
	}
	if (first && kinds(tr, false, stopped) < 0)
		goto off;
	do {
		moved = false;
		if (plan(tr) < 0)
			goto off;
		for (id = 1; id <= tr->tr_nkinds; id++)
			if (tr->tr_kinds[id - 1] == DSL_PK_FAST &&
			    dsl_rt_needs_stop(tr->tr_rt, id, NULL)) {
				stopped[id - 1] = 1;
				moved = true;
			}
		if (moved && kinds(tr, false, stopped) < 0)
			goto off;
	} while (moved);
	free(stopped);
	return;
off:
	trace_notice(tr, "out of memory: clauses run in pidtrace");
	trace_inproc_free(tr);
}

/* Probes whose code is made at once (gen_code): well within a chunk. */
#define PLACE_SLICE	1024u

/*
 * The code of n probes placed, their entries in entry[id].  Code too big
 * for a chunk (thousands of probes) is made and placed in halves, each
 * with its own stubs.
 */
static int
place(trace_t *tr, tr_session_t *s, const uint32_t *ids, uint32_t n,
    uint64_t *entry)
{
	dsl_jit_code_t code;
	uint64_t at = 0;
	char err[256];
	uint32_t k;

	/*
	 * The code's system calls go through the tracer's gate, inside the
	 * range syscall user dispatch lets call: the code may lie in any
	 * chunk.
	 */
	dsl_ip_gate(tr->tr_ip, tr_fast_gate(s));
	if (dsl_jit_gen(tr->tr_ip, ids, n, &code, err, sizeof(err)) < 0) {
		trace_notice(tr, "pid %d: clause code: %s",
		    (int)tr->tr_ipproc->p_pid, err);
		return -1;
	}
	if (tr_fast_code(s, code.ic_bytes, code.ic_len, code.ic_fix,
	    code.ic_nfix, &at) < 0) {
		bool full = errno == ENOSPC;

		dsl_jit_code_free(&code);
		if (full && n > 1)
			return place(tr, s, ids, n / 2, entry) < 0 ||
			    place(tr, s, ids + n / 2, n - n / 2, entry) < 0 ?
			    -1 : 0;
		trace_notice(tr, "pid %d: no room for clause code in "
		    "the trampolines' chunks", (int)tr->tr_ipproc->p_pid);
		return -1;
	}
	for (k = 0; k < n; k++)
		entry[ids[k]] = at + code.ic_entry[k];
	if (code.ic_nfix != 0)
		tr->tr_iploads = true;
	dsl_jit_code_free(&code);
	return 0;
}

/*
 * Each probed system call's entry and return code (entry[id], none when
 * entry is NULL), for the trampolines of its patched sites.
 */
static void
sys_entries(trace_t *tr, tr_session_t *s, const uint64_t *entry)
{
	const trace_arm_t *am = &tr->tr_ipproc->p_sc.sc_arm;
	uint32_t id;
	size_t k;

	for (k = 0; k < am->am_nsysref && k / 2 < TR_SYSP_MAX; k++) {
		id = am->am_sysref[k].tf_id;
		(void)tr_syscall_code(s, (long)(k / 2), k % 2 == 1,
		    entry != NULL && id >= 1 && id <= tr->tr_nkinds ?
		    entry[id] : 0);
	}
}

/*
 * The code of every probe with clauses in process, and each site's entry.
 * Code made before in the same area stays while no plan changed a path
 * (tr_ipregen): only probes that have none yet get theirs.  The second
 * arming of a command's syscall probes, at its entry point, made the
 * same code for 370 probes again: half a millisecond, and the room.
 */
static void
gen_code(trace_t *tr, tr_session_t *s)
{
	const trace_arm_t *am = &tr->tr_ipproc->p_sc.sc_arm;
	uint32_t *ids, nids = 0, id, k, n;
	uint64_t *entry;
	bool keep = tr->tr_ipentry != NULL && !tr->tr_ipregen;
	size_t i;

	ids = calloc(tr->tr_nkinds + 1, sizeof(*ids));
	entry = calloc(tr->tr_nkinds + 1, sizeof(*entry));
	if (ids == NULL || entry == NULL)
		goto fail;
	if (keep)
		memcpy(entry, tr->tr_ipentry, (tr->tr_nipentry <
		    tr->tr_nkinds + 1 ? tr->tr_nipentry : tr->tr_nkinds + 1) *
		    sizeof(*entry));
	for (id = 1; id <= tr->tr_nkinds; id++)
		if (dsl_plan_code(tr->tr_ip, id) && entry[id] == 0)
			ids[nids++] = id;
	/*
	 * In slices that fit a chunk as a rule: made whole, the code of
	 * every node function (73,000 probes) is 10 MB a chunk refuses,
	 * and its buffers were pidtrace's peak memory before the halving.
	 */
	for (k = 0; k < nids; k += n) {
		n = nids - k < PLACE_SLICE ? nids - k : PLACE_SLICE;
		if (place(tr, s, ids + k, n, entry) < 0)
			goto fail;
		tr_fast_trim(s);	/* the code written, out of view */
	}
	for (i = 0; i < am->am_nsites; i++) {
		const trace_site_t *ts = &am->am_sites[i];

		if (!ts->ts_ctx || ts->ts_nrefs == 0)
			continue;
		id = ts->ts_refs[0].tf_id;
		(void)tr_fast_entry(s, ts->ts_addr, ts->ts_nrefs == 1 &&
		    id <= tr->tr_nkinds ? entry[id] : 0);
		/* each entry word touches a page of trampolines */
		if (i % 4096 == 4095)
			tr_fast_trim(s);
	}
	sys_entries(tr, s, entry);
	tr_fast_trim(s);
	free(ids);
	free(tr->tr_ipentry);
	tr->tr_ipentry = entry;
	tr->tr_nipentry = tr->tr_nkinds + 1;
	tr->tr_ipregen = false;
	return;
fail:
	free(ids);
	free(entry);
	code_drop(tr);
	/* every clause in pidtrace, and no site runs code */
	if (kinds(tr, false, NULL) == 0) {
		memset(tr->tr_kinds, DSL_PK_TRACEE, tr->tr_nkinds);
		(void)plan(tr);
	}
	for (i = 0; i < am->am_nsites; i++)
		if (am->am_sites[i].ts_ctx)
			(void)tr_fast_entry(s, am->am_sites[i].ts_addr, 0);
	sys_entries(tr, s, NULL);
}

/* The clock line of the records, in the area for the code. */
static void
publish_clock(trace_t *tr)
{
	uint64_t tsc0, ns0;
	int64_t mult, walloff;

	if (tr_fast_clock(&tsc0, &ns0, &mult, &walloff))
		dsl_ip_clock(tr->tr_ip, tsc0, ns0, mult, walloff);
}

/* dsl_ip_written's question, asked of the memfd the area lies in. */
static bool
area_written(void *arg, const void *p, size_t len)
{
	return tr_fast_area_written(arg, p, len);
}

/* Every thread of s stopped: the area attached if it is not, the code. */
static void
start(trace_t *tr, tr_session_t *s)
{
	uint64_t remote;
	void *area;

	if (!tr->tr_ipattached) {
		if ((area = tr_fast_area_map(s, &remote)) == NULL ||
		    dsl_ip_attach(tr->tr_ip, area, remote) < 0)
			return;
		dsl_ip_written(tr->tr_ip, area_written, s);
		tr->tr_ipattached = true;
		code_drop(tr);	/* made for an area gone (exec) */
		publish_clock(tr);
	}
	gen_code(tr, s);
	/*
	 * The code's reads are loads from now on, every thread being
	 * traced (the tracer fixes up their faults), until pidtrace lets
	 * go or dies.  Without the watchdog that clears the word when it
	 * dies, they stay system calls: said, as a fallback is.
	 */
	if (tr->tr_iploads && tr_fast_loads(s, dsl_ip_loads_off()) < 0 &&
	    !tr->tr_iploadwarn) {
		tr->tr_iploadwarn = true;
		trace_notice(tr, "pid %d: clause code reads memory by "
		    "process_vm_readv: %s", (int)tr->tr_ipproc->p_pid,
		    strerror(errno));
	}
}

void
trace_inproc_armed(trace_proc_t *p, tr_session_t *s)
{
	trace_t *tr = p->p_sc.sc_tr;

	if (tr->tr_ip == NULL || p != tr->tr_ipproc)
		return;
	if (kinds(tr, true, NULL) < 0 || plan(tr) < 0) {
		trace_notice(tr, "out of memory: clauses run in pidtrace");
		return;
	}
	if (tr->tr_begun)
		start(tr, s);
}

void
trace_inproc_start(trace_t *tr)
{
	trace_proc_t *p = tr->tr_ipproc;

	if (tr->tr_ip == NULL || p == NULL || p->p_s == NULL || p->p_gone)
		return;
	start(tr, p->p_s);
}

void
trace_inproc_event(trace_proc_t *p, tr_session_t *s, int ev, pid_t tid,
    uint32_t key)
{
	trace_t *tr = p->p_sc.sc_tr;

	if (tr->tr_ip == NULL || p != tr->tr_ipproc)
		return;
	switch (ev) {
	case TR_FE_ARMED:
		trace_inproc_armed(p, s);
		return;
	case TR_FE_CLOCK:
		if (tr->tr_ipattached)
			publish_clock(tr);
		return;
	case TR_FE_MUTE:
	case TR_FE_UNMUTE:
		if (tr->tr_ipattached && dsl_ip_mute(tr->tr_ip, key,
		    ev == TR_FE_MUTE) < 0)
			trace_notice(tr, "pid %d: thread %d: more than 16 "
			    "vfork children at once: its clause code counts "
			    "the child's calls as its own", (int)p->p_pid,
			    (int)tid);
		return;
	case TR_FE_ENDING:
		/* the last fold, before the area goes */
		if (tr->tr_ipattached) {
			dsl_ip_detach(tr->tr_ip);
			tr->tr_ipattached = false;
			code_drop(tr);
		}
		return;
	}
}

void
trace_inproc_gone(trace_t *tr, pid_t tid)
{
	if (tr->tr_ip != NULL && tr->tr_ipattached)
		dsl_ip_thread_gone(tr->tr_ip, (uint32_t)tid);
}

void
trace_inproc_drops(trace_t *tr)
{
	if (tr->tr_ip != NULL && tr->tr_ipproc != NULL)
		(void)dsl_ip_drops(tr->tr_ip, tr->tr_notices,
		    tr->tr_ipproc->p_pid);
}

/* Whether every site of probe index tp of p's scope may run fast. */
static bool
probe_fast(const trace_proc_t *p, size_t tp, const char **slow)
{
	const trace_arm_t *am = &p->p_sc.sc_arm;
	bool any = false;
	size_t i, j;

	*slow = NULL;
	/* a syscall probe: its number's calls, at patched sites */
	for (i = 0; i < am->am_nsysref; i++) {
		if (am->am_sysref[i].tf_id == 0 ||
		    am->am_sysref[i].tf_probe != tp)
			continue;
		if (tr_syscall_always_stops((long)(i / 2))) {
			*slow = "the call always stops the thread (it makes "
			    "a child, replaces or ends the image, returns "
			    "from a signal, or may set up syscall user "
			    "dispatch)";
			return false;
		}
		if (p->p_s != NULL &&
		    (*slow = tr_syscalls_nodispatch(p->p_s)) != NULL)
			return false;
		return true;
	}
	for (i = 0; i < am->am_nsites; i++) {
		const trace_site_t *ts = &am->am_sites[i];

		for (j = 0; j < ts->ts_nrefs; j++) {
			if (ts->ts_refs[j].tf_probe != tp)
				continue;
			any = true;
			if (!site_fast(p, ts, false)) {
				*slow = ts->ts_nrefs > 1 ? "several probes "
				    "share its site" : ts->ts_refs[j].tf_fr.
				    fr_slow != NULL ? ts->ts_refs[j].tf_fr.
				    fr_slow : "the probe always stops the "
				    "thread";
				return false;
			}
		}
	}
	if (!any)
		*slow = "the probe always stops the thread";
	return any;
}

void
trace_inproc_path(const trace_scope_t *sc, size_t tp, uint32_t i,
    char *buf, size_t len)
{
	const trace_t *tr = sc->sc_tr;
	uint32_t id = sc->sc_reg.rg_probes[tp].tp_id;
	const char *why = NULL, *slow;
	int path = DSL_PATH_PIDTRACE;

	if (sc->sc_proc == NULL) {
		snprintf(buf, len, "in pidtrace");
		return;
	}
	if (tr->tr_ip != NULL)
		path = dsl_plan_path(tr->tr_ip, id, i, &why);
	if (path == DSL_PATH_INPROC) {
		snprintf(buf, len, "in the process");
	} else if (path == DSL_PATH_HOST) {
		snprintf(buf, len, "in pidtrace");
	} else if (tr->tr_opts.op_fastoff) {
		snprintf(buf, len, "in pidtrace, stopping the thread: -x "
		    "fastpath=off");
	} else if (!probe_fast(sc->sc_proc, tp, &slow)) {
		snprintf(buf, len, "in pidtrace, stopping the thread: %s",
		    slow);
	} else if (dsl_rt_needs_stop(tr->tr_rt, id, &slow)) {
		snprintf(buf, len, "in pidtrace, stopping the thread: its "
		    "clause uses %s", slow);
	} else {
		bool cap = tr->tr_ip != NULL &&
		    dsl_plan_captured(tr->tr_ip, id, i, NULL);

		if (why == NULL || tr->tr_ipwhy != NULL)
			why = tr->tr_ipwhy;
		snprintf(buf, len, "in pidtrace, from the firing's "
		    "record%s%s%s", cap ? ", the bytes it reads captured at "
		    "the firing" : "", why != NULL ? ": " : "",
		    why != NULL ? why : "");
	}
}

/* -l: the plan over the sites each process would ask to run fast. */
void
trace_inproc_list(trace_t *tr)
{
	if (tr->tr_ip != NULL && tr->tr_ipproc != NULL)
		trace_inproc_prospect(&tr->tr_ipproc->p_sc);
}

/* Probes named in a line of trace_inproc_sysreport; -l -v lists all. */
#define SYS_NAMES	4

/*
 * -v, at the start of each image: where the clauses of the syscall
 * probes run, one line a path (trace_inproc_path's words) with the
 * first probes, as -l -v says it clause by clause.  A fall back to
 * records or stops shows here.
 */
void
trace_inproc_sysreport(trace_proc_t *p)
{
	const trace_arm_t *am = &p->p_sc.sc_arm;
	const trace_t *tr = p->p_sc.sc_tr;
	struct { char path[512]; size_t tp; bool done; } *c = NULL, *nc;
	size_t k, j, n = 0, names, cnt, len;
	char *text = NULL;
	uint32_t id, i, ncl;
	FILE *out;

	if (!tr->tr_opts.op_paths || am->am_nsysref == 0)
		return;
	for (k = 0; k < am->am_nsysref; k++) {
		if ((id = am->am_sysref[k].tf_id) == 0)
			continue;
		ncl = tr->tr_ip != NULL ? dsl_plan_nclauses(tr->tr_ip, id) : 1;
		for (i = 0; i < ncl; i++) {
			if ((nc = realloc(c, (n + 1) * sizeof(*c))) == NULL)
				goto out;
			c = nc;
			c[n].tp = am->am_sysref[k].tf_probe;
			c[n].done = false;
			trace_inproc_path(&p->p_sc, c[n].tp, i, c[n].path,
			    sizeof(c[n].path));
			n++;
		}
	}
	for (k = 0; k < n; k++) {
		if (c[k].done)
			continue;
		for (cnt = 0, j = k; j < n; j++)
			cnt += strcmp(c[j].path, c[k].path) == 0;
		if ((out = open_memstream(&text, &len)) == NULL)
			break;
		fprintf(out, "pid %d: syscall probes: %zu clause%s %s:",
		    (int)p->p_pid, cnt, cnt == 1 ? "" : "s", c[k].path);
		for (names = 0, j = k; j < n; j++) {
			if (c[j].done || strcmp(c[j].path, c[k].path) != 0)
				continue;
			c[j].done = true;
			/* a probe's clauses on one path: named once */
			if (j > k && c[j - 1].tp == c[j].tp &&
			    strcmp(c[j - 1].path, c[k].path) == 0)
				continue;
			if (names++ < SYS_NAMES)
				fprintf(out, "%s %s", names == 1 ? "" : ",",
				    p->p_sc.sc_reg.rg_probes[c[j].tp].tp_name);
		}
		if (names > SYS_NAMES)
			fprintf(out, " and %zu more", names - SYS_NAMES);
		fclose(out);
		trace_notice(tr, "%s", text);
		free(text);
		text = NULL;
	}
out:
	free(c);
}
