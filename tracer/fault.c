/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fault.c: the last fault signal given to a process, and whether
 * it struck code of ours.  A thread that lands inside the bytes a jump of
 * the fast path replaced, or that faults in a trampoline or an
 * out-of-line slot, dies of SIGILL, SIGTRAP or SIGSEGV far from any
 * hint; saying where is the bug report a user can send.  Only signals
 * the kernel raised for the thread's own instruction count (si_code > 0:
 * kill(2) and tgkill(2) give <= 0), and only when one is about to be
 * delivered: two syscalls (siginfo, registers) per such signal, which a
 * program that handles SIGSEGV as a matter of course (a JVM) pays beside
 * the signal stop itself.
 */
#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "tracer/fast.h"

/* Which of our pieces holds pc: fills where, site, cookie, len. */
static void
locate(const tr_session_t *s, uint64_t pc, tr_fault_t *f)
{
	const struct tr_fast *fa = s->s_fast;
	const tr_bkpt_t *bp;
	size_t i;
	unsigned b;

	for (i = 0; fa != NULL && i < fa->fa_nsites; i++) {
		const tr_fsite_t *fs = &fa->fa_sites[i];

		if (!fs->fs_live)
			continue;
		if (pc >= fs->fs_p0 && pc < fs->fs_p0 + fs->fs_n)
			f->fl_where = TR_FAULT_PATCH;
		else if (pc >= fs->fs_tramp && pc < fs->fs_tramp + fs->fs_tlen)
			f->fl_where = TR_FAULT_TRAMP;
		else
			continue;
		f->fl_site = fs->fs_addr;
		f->fl_p0 = fs->fs_p0;
		f->fl_len = fs->fs_n;
		f->fl_cookie = fs->fs_cookie;
		return;
	}
	for (b = 0; b < s->s_nbucket; b++)
		for (bp = s->s_bkpt[b]; bp != NULL; bp = bp->bp_next)
			if (bp->bp_slot != 0 && pc >= bp->bp_slot &&
			    pc < bp->bp_slot + TR_SLOT) {
				f->fl_where = TR_FAULT_XOL;
				f->fl_site = f->fl_p0 = bp->bp_addr;
				f->fl_len = bp->bp_insn.in_len;
				f->fl_cookie = bp->bp_cookie;
				return;
			}
}

void
tr_fault_note(tr_session_t *s, tr_thread_t *th, int sig)
{
	struct user_regs_struct r;
	siginfo_t si;
	tr_fault_t *f = &s->s_fault;

	if (sig != SIGSEGV && sig != SIGILL && sig != SIGBUS &&
	    sig != SIGFPE && sig != SIGTRAP)
		return;
	if (ptrace(PTRACE_GETSIGINFO, th->th_tid, 0L, &si) < 0 ||
	    si.si_code <= 0 || si.si_signo != sig ||
	    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return;
	memset(f, 0, sizeof(*f));
	f->fl_sig = sig;
	f->fl_tid = th->th_tid;
	f->fl_pc = r.rip;
	f->fl_addr = (uint64_t)(uintptr_t)si.si_addr;
	locate(s, r.rip, f);
	/* An int3 (0xcc fills a jump's tail) traps past itself. */
	if (f->fl_where == TR_FAULT_NONE && sig == SIGTRAP)
		locate(s, r.rip - 1, f);
	if (f->fl_where == TR_FAULT_NONE && f->fl_addr != r.rip)
		locate(s, f->fl_addr, f);
}

const tr_fault_t *
tr_fault_last(const tr_session_t *s)
{
	return &s->s_fault;
}
