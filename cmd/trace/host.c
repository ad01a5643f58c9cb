/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/host.c: the D runtime's host hooks (dsl.h, dsl_host_t).
 * Their cookie is the firing (fire.c, trace_firing_t): its process's
 * memory, its thread's stack, the arguments its provider reads on
 * demand.  A NULL cookie is a firing of pidtrace's own (BEGIN, END, a
 * tick): there is no process to read, so a read faults ("invalid
 * address"), a stack is empty, a register unknown and an address
 * prints in hex.  A stack is named when printed (dh_pcsym, the host
 * cookie the trace): its process may be gone by then.
 */
#include <config.h>

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cmd/trace/impl.h"

/* copyin, copyinstr, stringof and the like. */
static int
host_readmem(void *cookie, uint64_t addr, void *buf, size_t len)
{
	trace_firing_t *fg = cookie;

	if (fg == NULL) {
		errno = ESRCH;
		return -1;
	}
	return trace_proc_read(fg->fg_proc, addr, buf, len);
}

/* The arguments pv_args did not set, from the firing's provider. */
static int
host_getarg(void *cookie, int i, uint64_t *val)
{
	trace_firing_t *fg = cookie;
	const trace_ref_t *r;

	if (fg == NULL || (r = fg->fg_ref) == NULL ||
	    r->tf_prov->pv_getarg == NULL)
		return -1;
	return r->tf_prov->pv_getarg(&r->tf_fr, &fg->fg_fire, i, val);
}

/* %a, %A, ufunc() and kin: a JIT's code is named as any (1: a JIT's). */
static int
host_addr2sym(void *cookie, uint64_t addr, char *buf, size_t len)
{
	trace_firing_t *fg = cookie;
	trace_proc_t *p;

	if (fg == NULL)
		return -1;
	p = fg->fg_proc;
	return trace_addrsym_lookup(trace_proc_syms(p), addr,
	    p->p_sc.sc_tr->tr_opts.op_flags & PB_MANGLED, buf, len) < 0 ?
	    -1 : 0;
}

/* ustack(), jstack(), ucaller: the firing thread is stopped. */
static int
host_ustack(void *cookie, uint64_t *pcs, int max)
{
	trace_firing_t *fg = cookie;
	const pb_vdso_unwind_t *vu;
	const pb_regs_t *regs;
	tr_eh_table_t tab;
	trace_proc_t *p;
	pb_regs_t full;
	size_t n, i;

	if (fg == NULL || fg->fg_th == NULL || max <= 0)
		return 0;
	p = fg->fg_proc;
	regs = fg->fg_fire.fi_regs;
	if (regs == NULL || p->p_s == NULL)
		return 0;
	/* the vDSO's CFI: libunwind finds no file to read it from */
	if ((vu = trace_addrsym_vdso(trace_proc_syms(p))) != NULL) {
		tab.et_lo = vu->vu_lo;
		tab.et_hi = vu->vu_hi;
		tab.et_hdr = vu->vu_hdr;
		tab.et_table = vu->vu_table;
		tab.et_len = vu->vu_tablelen;
		tr_ustack_table(p->p_s, &tab);
	} else {
		tr_ustack_table(p->p_s, NULL);
	}
	/*
	 * At a syscall stop the firing has the arguments, rip and rsp, not
	 * the callee-saved registers the frames above may keep their frame
	 * pointer or CFA in: read them all, once per stack asked for.
	 */
	if (fg->fg_partregs) {
		if (tr_thread_regs(fg->fg_th, &full) < 0)
			return 0;
		regs = &full;
	}
	n = tr_ustack(p->p_s, fg->fg_th, regs, pcs, (size_t)max);
	for (i = 0; i < n; i++)
		trace_addrsym_prime(trace_proc_syms(p), pcs[i]);
	return (int)n;
}

/* vtimestamp: the firing thread's time on CPU, where a thread is known
 * (a stop); 0 makes it timestamp. */
static uint64_t
host_vtimestamp(void *cookie)
{
	trace_firing_t *fg = cookie;
	long long ns;

	if (fg == NULL || fg->fg_th == NULL || fg->fg_proc->p_s == NULL)
		return 0;
	ns = tr_thread_cputime(fg->fg_proc->p_s, fg->fg_th);
	return ns > 0 ? (uint64_t)ns : 0;
}

/* A stack's frame, named when printed (a JIT's name stays 1: dsl.h). */
static int
host_pcsym(void *hcookie, int32_t pid, uint64_t pc, char *buf, size_t len)
{
	trace_t *tr = hcookie;
	trace_proc_t *p;

	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		if (p->p_pid == pid)
			return trace_addrsym_lookup(trace_proc_syms(p), pc,
			    tr->tr_opts.op_flags & PB_MANGLED, buf, len);
	return -1;
}

/*
 * uregs[r]: r in DTrace's numbering for x86-64 (Oracle's regs.d, the
 * kernel's pt_regs order), which is user_regs_struct's for R_R15 (0) to
 * R_SS (20); then R_DS, R_ES, and R_FS and R_GS as the bases Oracle's
 * uregs[] reads (thread.fsbase, thread.gsbase).  R_TRAPNO is not known
 * from user space.  A syscall stop's few registers are filled in first;
 * a record has no thread to ask (uregs[] makes its probe stop), and a
 * firing of pidtrace's own has no registers.
 */
static int
host_ureg(void *cookie, int r, uint64_t *val)
{
	trace_firing_t *fg = cookie;
	const pb_regs_t *regs = fg != NULL ? fg->fg_fire.fi_regs : NULL;
	pb_regs_t full;

	if (regs == NULL || r < 0 || r > 24)
		return -1;
	if (fg->fg_partregs) {
		if (fg->fg_th == NULL || tr_thread_regs(fg->fg_th, &full) < 0)
			return -1;
		regs = &full;
	}
	switch (r) {
	case 21: *val = regs->ds; break;
	case 22: *val = regs->es; break;
	case 23: *val = regs->fs_base; break;
	case 24: *val = regs->gs_base; break;
	default:
		/* r15 ... ss: 21 words in pt_regs' order */
		memcpy(val, (const uint64_t *)(const void *)regs + r, 8);
		break;
	}
	return 0;
}

/* raise(): a signal to the firing thread; the tracer passes it on as
 * any signal the thread gets. */
static int
host_raise(void *cookie, int32_t tid, int sig)
{
	trace_firing_t *fg = cookie;

	if (fg == NULL)
		return raise(sig);
	return (int)syscall(SYS_tgkill, fg->fg_proc->p_pid, (pid_t)tid, sig);
}

void
trace_host(trace_t *tr, dsl_host_t *host)
{
	tr->tr_out = host->dh_out;
	host->dh_readmem = host_readmem;
	host->dh_getarg = host_getarg;
	host->dh_addr2sym = host_addr2sym;
	host->dh_ustack = host_ustack;
	host->dh_vtimestamp = host_vtimestamp;
	host->dh_pcsym = host_pcsym;
	host->dh_raise = host_raise;
	host->dh_ureg = host_ureg;
	host->dh_cookie = tr;
}
