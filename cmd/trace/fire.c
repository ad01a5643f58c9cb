/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/fire.c: a firing, from the tracer to the D runtime.  The
 * tracer reports a thread stopped at a site (on_hit), a trampoline's
 * record (on_record), a sample (on_sample) or a syscall stop
 * (on_syscall); each handler finds the probes armed there by the cookie
 * (arm.c) and fills a trace_firing_t, which trace_fire() walks:
 *
 *	tracer -> on_hit(cookie, regs)		a site's probes
 *	glue   -> trace_fire(firing, refs)		one dsl_ctx_t per probe
 *	provider -> pv_args(fireref, regs)	the arguments, errno
 *	dsl    -> dsl_eval_fire(rt, id, ctx)		the clauses
 *
 * The firing is the cookie of the D host hooks (host.c) while the
 * clauses run: they read its process's memory, its stack and the
 * arguments pv_args left.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <string.h>

#include "cmd/trace/impl.h"
#include "probes/brtarget.h"

/*
 * Fire refs[0..nrefs) of one firing in order: each ref's provider reads
 * its arguments (and errno) from the registers and memory, then its
 * clauses run; an exit() stops the rest.  Returns tr_exited.
 */
int
trace_fire(trace_firing_t *fg, const trace_ref_t *refs, size_t nrefs)
{
	trace_proc_t *p = fg->fg_proc;
	trace_t *tr = p->p_sc.sc_tr;
	dsl_ctx_t cx;
	size_t i;
	int n;

	if (p->p_refused && !tr->tr_begun)
		return 0;	/* fastpath=require refused to start */
	/*
	 * Every field but the arguments, set one by one: a memset of the
	 * whole (a rep stos) was a visible part of a record's cost
	 * (bench/put.sh).  Each ref's pv_args writes the cx_nargs
	 * arguments D may read; the rest are never read (arg()).
	 */
	cx.cx_nargs = 0;
	cx.cx_pid = fg->fg_pid != 0 ? fg->fg_pid : p->p_pid;
	cx.cx_ppid = fg->fg_pid != 0 ? p->p_pid : p->p_ppid;
	cx.cx_tid = fg->fg_tid;
	cx.cx_uid = p->p_uid;
	cx.cx_gid = p->p_gid;
	cx.cx_cpu = 0;
	cx.cx_errno = 0;
	cx.cx_execname = p->p_comm;
	cx.cx_timestamp = fg->fg_ns;
	cx.cx_vtimestamp = 0;
	cx.cx_walltimestamp = 0;
	cx.cx_cookie = fg;
	for (i = 0; i < nrefs; i++) {
		const trace_ref_t *r = &refs[i];

		n = r->tf_prov->pv_args(&r->tf_fr, &fg->fg_fire, cx.cx_args,
		    DSL_NARGS);
		if (n < 0)
			continue;	/* pid: a jcc that stays inside */
		if (n == 0) {	/* 0: "all ten valid" to dsl_eval_fire */
			cx.cx_args[0] = 0;
			n = 1;
		}
		cx.cx_nargs = (uint32_t)n < fg->fg_maxargs ? (uint32_t)n :
		    fg->fg_maxargs;
		cx.cx_errno = r->tf_prov->pv_errno != NULL ?
		    r->tf_prov->pv_errno(&r->tf_fr, &fg->fg_fire) : 0;
		fg->fg_ref = r;
		/* after clause code: the rest of its clauses, its faults */
		if (fg->fg_code && tr->tr_ip != NULL ?
		    dsl_ip_fire_record(tr->tr_ip, r->tf_id, &cx, fg->fg_ev,
		    fg->fg_nev, fg->fg_all) == DSL_FIRE_EXIT :
		    dsl_eval_fire(tr->tr_rt, r->tf_id, &cx) == DSL_FIRE_EXIT) {
			tr->tr_exited = true;
			break;
		}
	}
	/*
	 * A clause that printed: flush now, as dtrace does each time it
	 * consumes its buffers, or a reader of a file or pipe sees nothing
	 * until 4 KB piled up or the end (t/faults/death.sh waits for a
	 * printf of a pid probe).  __fpending only looks at the buffer:
	 * firings that print nothing cost no syscall.
	 */
	if (fg->fg_flush && tr->tr_out != NULL && __fpending(tr->tr_out) != 0)
		fflush(tr->tr_out);
	return tr->tr_exited;
}

/* A firing of pidtrace's own (BEGIN, a tick): no process, no thread. */
int
trace_fire_self(trace_t *tr, uint32_t id)
{
	dsl_ctx_t cx;
	int rc;

	dsl_rt_ctx_self(&cx);
	rc = dsl_eval_fire(tr->tr_rt, id, &cx);
	if (rc == DSL_FIRE_EXIT)
		tr->tr_exited = true;
	return rc;
}

/* The pb_fire_t's reader: the memory of the firing's process. */
static int
fire_read(void *cookie, uint64_t addr, void *buf, size_t len)
{
	const trace_firing_t *fg = cookie;

	return trace_proc_read_user(fg->fg_proc, addr, buf, len);
}

/*
 * Where the thread at the firing's site goes next (pb_fire_t fi_nextpc):
 * decoded once per hit, however many return probes share the site.
 */
static uint64_t
fire_nextpc(void *cookie)
{
	trace_firing_t *fg = cookie;

	if (!fg->fg_have_next) {
		fg->fg_nextpc = tr_next_pc(fg->fg_s, fg->fg_addr,
		    fg->fg_fire.fi_regs);
		fg->fg_have_next = true;
	}
	return fg->fg_nextpc;
}

/*
 * Zeros to copy over a record's registers: a struct copy is a few
 * vector moves, where a memset of its 216 bytes is a rep stos, which
 * cost as much as the rest of on_record() (perf, bench/put.sh).
 */
static const pb_regs_t regs_zero;

/* A firing of a thread th of p, stopped with regs. */
static void
firing_init(trace_firing_t *fg, trace_proc_t *p, tr_session_t *s,
    tr_thread_t *th, pid_t tid, const pb_regs_t *regs)
{
	/* field by field, as trace_fire's context: no rep stos */
	fg->fg_proc = p;
	fg->fg_s = s;
	fg->fg_th = th;
	fg->fg_tid = tid;
	fg->fg_addr = 0;
	fg->fg_pid = 0;
	fg->fg_partregs = false;
	fg->fg_ns = 0;
	fg->fg_maxargs = DSL_NARGS;
	fg->fg_flush = true;
	fg->fg_fire.fi_regs = regs;
	fg->fg_fire.fi_read = fire_read;
	fg->fg_fire.fi_nextpc = NULL;
	fg->fg_fire.fi_cookie = fg;
	fg->fg_ref = NULL;
	fg->fg_nextpc = 0;
	fg->fg_have_next = false;
	fg->fg_code = false;
	fg->fg_all = false;
	fg->fg_ev = NULL;
	fg->fg_nev = 0;
}

static int
on_hit(void *arg, tr_session_t *s, tr_thread_t *th, uint32_t cookie,
    uint64_t addr, const struct user_regs_struct *regs)
{
	trace_proc_t *p = arg;
	trace_arm_t *am = &p->p_sc.sc_arm;
	trace_firing_t fg;
	trace_site_t *ts;

	if (cookie == RTLD_COOKIE && am->am_rtld_ok) {
		trace_run_rtld(p, s);
		return 0;
	}
	if (p->p_fastpend)	/* a dlopen's sites were armed since */
		trace_report_fast(p, s);
	if (cookie >= am->am_nsites)
		return 0;
	if (p->p_cpupin >= 0)
		trace_proc_pin(p, tr_thread_tid(th));
	ts = &am->am_sites[cookie];
	firing_init(&fg, p, s, th, tr_thread_tid(th), regs);
	fg.fg_addr = addr;
	fg.fg_fire.fi_nextpc = fire_nextpc;
	return trace_fire(&fg, ts->ts_refs, ts->ts_nrefs);
}

/*
 * A record from a trampoline: the firing as on_hit would make it, from
 * the registers the trampoline saved, with the thread's own timestamp.
 * No thread is stopped (no stack, no nextpc: plain ret sites only).
 */
static int
on_record(void *arg, tr_session_t *s, const tr_record_t *rc)
{
	trace_proc_t *p = arg;
	trace_arm_t *am = &p->p_sc.sc_arm;
	trace_firing_t fg;
	trace_site_t *ts;
	pb_regs_t regs;
	pid_t tid = rc->rc_tid;
	uint32_t cookie = rc->rc_cookie;
	const uint64_t *args = rc->rc_args;

	if (cookie >= am->am_nsites)
		return 0;
	if (p->p_cpupin >= 0)
		trace_proc_pin(p, tid);
	ts = &am->am_sites[cookie];
	regs = regs_zero;
	regs.rip = ts->ts_addr;
	if (ts->ts_nrefs > 0 && ts->ts_refs[0].tf_fr.fr_recgo) {
		/* Go's registers, at an entry and a return alike */
		regs.rax = args[0];
		regs.rbx = args[1];
		regs.rcx = args[2];
		regs.rdi = args[3];
		regs.rsi = args[4];
		regs.r8 = args[5];
	} else {
		regs.rdi = args[0];
		regs.rsi = args[1];
		regs.rdx = args[2];
		regs.rcx = args[3];
		regs.r8 = args[4];
		regs.r9 = args[5];
		regs.rax = args[0];	/* a return's record holds rax there */
	}
	firing_init(&fg, p, s, NULL, tid, &regs);
	fg.fg_ns = rc->rc_ns;
	if (rc->rc_code) {
		fg.fg_code = true;
		fg.fg_all = (rc->rc_status & DSL_JIT_ALL) != 0;
		fg.fg_ev = (const dsl_jev_t *)(const void *)rc->rc_ev;
		fg.fg_nev = rc->rc_nev;
	}
	fg.fg_maxargs = 6;	/* nothing past arg5 was recorded */
	fg.fg_flush = false;	/* once drained */
	return trace_fire(&fg, ts->ts_refs, ts->ts_nrefs);
}

static void
on_drained(void *arg, tr_session_t *s)
{
	trace_proc_t *p = arg;
	FILE *out = p->p_sc.sc_tr->tr_out;

	if (p->p_fastpend)
		trace_report_fast(p, s);
	if (out != NULL && __fpending(out) != 0)
		fflush(out);
}

/*
 * profile-N: a thread that was on CPU, stopped by tr_sample; cookie is
 * the index of the probe's timer.  Its provider reads the arguments
 * (profile: arg0 0, arg1 the user pc) from the registers.
 */
static int
on_sample(void *arg, tr_session_t *s, tr_thread_t *th, uint32_t cookie,
    const struct user_regs_struct *regs)
{
	trace_proc_t *p = arg;
	trace_arm_t *am = &p->p_sc.sc_arm;
	trace_firing_t fg;

	if (cookie >= am->am_ntimers)
		return 0;
	firing_init(&fg, p, s, th, tr_thread_tid(th), regs);
	return trace_fire(&fg, &am->am_timers[cookie].tm_ref, 1);
}

/*
 * A syscall stop (the session stops its threads at syscalls while a
 * PB_ARM_SYSCALL probe is enabled): the provider reads the arguments and
 * errno from the registers a syscall stop has, which the tracer gives
 * without a PTRACE_GETREGS: the number (orig_rax), the six arguments,
 * the value (rax), rip and rsp.  ustack() reads the rest (fg_partregs).
 */
static int
on_syscall(void *arg, tr_session_t *s, tr_thread_t *th,
    const tr_syscall_t *sc)
{
	trace_proc_t *p = arg;
	trace_arm_t *am = &p->p_sc.sc_arm;
	trace_firing_t fg;
	pb_regs_t regs;
	size_t k;

	if (sc->sc_compat || sc->sc_nr < 0)
		return 0;
	k = 2 * (size_t)sc->sc_nr + (sc->sc_entry ? 0 : 1);
	if (k >= am->am_nsysref || am->am_sysref[k].tf_id == 0)
		return 0;
	regs = regs_zero;
	regs.orig_rax = (uint64_t)sc->sc_nr;
	regs.rdi = sc->sc_args[0];
	regs.rsi = sc->sc_args[1];
	regs.rdx = sc->sc_args[2];
	regs.r10 = sc->sc_args[3];
	regs.r8 = sc->sc_args[4];
	regs.r9 = sc->sc_args[5];
	regs.rax = sc->sc_entry ? (uint64_t)-ENOSYS : (uint64_t)sc->sc_rval;
	regs.rip = sc->sc_pc;
	regs.rsp = sc->sc_sp;
	if (th != NULL && p->p_sc.sc_tr->tr_opts.op_fastreq) {
		const trace_ref_t *r = &am->am_sysref[k];

		trace_report_sysstop(p, s, th,
		    p->p_sc.sc_reg.rg_probes[r->tf_probe].tp_name, sc->sc_pc);
		return 0;
	}
	firing_init(&fg, p, s, th, th != NULL ? tr_thread_tid(th) :
	    sc->sc_tid, &regs);
	fg.fg_partregs = true;
	if (th != NULL && tr_thread_vfchild(th))
		fg.fg_pid = tr_thread_tid(th);	/* -x follow */
	if (th == NULL) {	/* a trampoline's record (tr_syscall_probe) */
		fg.fg_ns = sc->sc_ns;
		fg.fg_flush = false;	/* once drained */
	}
	if (th == NULL && sc->sc_code) {	/* after clause code */
		fg.fg_code = true;
		fg.fg_all = (sc->sc_status & DSL_JIT_ALL) != 0;
		fg.fg_ev = (const dsl_jev_t *)(const void *)sc->sc_ev;
		fg.fg_nev = sc->sc_nev;
	}
	return trace_fire(&fg, &am->am_sysref[k], 1);
}

/*
 * A syscall site to patch (tr_syscall_probe): the bounds of its function
 * from the module's symbols.  glibc's cancellation bridge stays on the
 * stop path: glibc 2.41 and later decide a pthread_cancel by whether the
 * interrupted pc lies between __syscall_cancel_arch_start and _end
 * (nptl/pthread_cancel.c), and a call made from our trampoline would
 * not be.
 */
static int
on_sysfunc(void *arg, tr_session_t *s, uint64_t addr, tr_fast_want_t *w)
{
	trace_proc_t *p = arg;
	char name[256];
	bool cancel = false;
	int rc = 1;

	(void)s;
	trace_proc_sysml_drop(p);
	/* the landing scan's tables when at hand (libc's is prefetched):
	 * the symbolizer's index of libc and its debug file took ~1.5 ms
	 * of the first patch.  The site's one mapping, read fresh: a
	 * stale module list could give a wrong start to decode from. */
	if (pb_brt_any() && pb_module_at(p->p_pid, addr, &p->p_sysml) == 0) {
		p->p_sysml_at = addr;
		rc = pb_brt_func(p->p_pid, &p->p_sysml, addr, &w->fw_lo,
		    &w->fw_hi, &cancel);
	}
	if (rc < 0 || (rc == 0 && cancel))
		return -1;
	if (rc == 0)
		return 0;
	/*
	 * A miss: the site may lie in a library the loader mapped since
	 * the module list was read (a command's sites are patched from
	 * its exec, before its libraries are there, and no r_brk is
	 * watched before its entry point).
	 */
	if (trace_addrsym_func(trace_proc_syms(p), addr, &w->fw_lo,
	    &w->fw_hi, name, sizeof(name)) != 0 &&
	    (trace_addrsym_grow(trace_proc_syms(p)) != 0 ||
	    trace_addrsym_func(trace_proc_syms(p), addr, &w->fw_lo,
	    &w->fw_hi, name, sizeof(name)) != 0))
		return -1;
	if (strncmp(name, "__syscall_cancel_arch", 21) == 0)
		return -1;
	return 0;
}

/* Its module's landing addresses, scanned at the first site that asks. */
static int
on_syslandings(void *arg, tr_session_t *s, uint64_t addr, uint64_t *tprev)
{
	trace_proc_t *p = arg;
	uint64_t next;
	int rc;

	(void)s;
	if (p->p_sysml_at != addr)
		return pb_brt_landings(p->p_pid, addr - 1, tprev, &next);
	rc = pb_brt_landings_in(p->p_pid, &p->p_sysml, addr - 1, tprev,
	    &next);
	trace_proc_sysml_drop(p);
	return rc;
}

/* The firing handlers of a process's tracer session. */
void
trace_fire_handlers(tr_handlers_t *h)
{
	h->h_hit = on_hit;
	h->h_record = on_record;
	h->h_drained = on_drained;
	h->h_sample = on_sample;
	h->h_syscall = on_syscall;
	h->h_sysfunc = on_sysfunc;
	h->h_syslandings = on_syslandings;
}
