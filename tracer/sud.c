/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/sud.c: syscall probes through syscall user dispatch (Linux
 * 6.4's PTRACE_SET_SYSCALL_USER_DISPATCH_CONFIG), instead of two
 * PTRACE_SYSCALL stops at every call of every thread.
 *
 * With dispatch on (mode PR_SYS_DISPATCH_ON, no selector), a system call
 * made from outside one range of addresses does not run: the thread gets
 * SIGSYS (si_code SYS_USER_DISPATCH, rip just past the `syscall`, rax the
 * number), which under ptrace is a signal-delivery-stop of ours, never
 * delivered.  The range is the fast path's first trampoline mapping, so
 * the calls that code of ours makes in the process (an injected call,
 * clause code's process_vm_readv) run as ever.  Threads go on with
 * PTRACE_CONT: a call costs nothing until it is dispatched.
 *
 * A dispatched call takes the stop path: dispatch goes off for that
 * thread, rip goes back onto its `syscall`, and the thread runs under
 * PTRACE_SYSCALL (th_sudstep) up to the call's exit stop, which
 * syscall.c reports as ever (entry, exit, restarts held and hidden);
 * then dispatch goes on again.  A call the kernel restarts after the
 * exit (a restart code, no handler) stays on that path until it is done.
 *
 * Dispatch is per thread: a new thread gets it at its first stop, before
 * it runs; exec clears it (the new image starts with nothing of ours);
 * fork children never have it.  Every ending turns it off in every
 * thread before our mappings go, and drives a thread with a SIGSYS of
 * ours still pending to its stop, so none is ever delivered.
 *
 * SIGSYS with another si_code (SYS_SECCOMP) is the process's own.  A
 * process that uses dispatch itself (Wine) is left on the stop path; one
 * that turns it on later (its prctl is dispatched to us first) makes us
 * turn ours off everywhere before its call runs.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>

#include "tracer/tr-impl.h"

/* linux/ptrace.h (6.4), which the C library's headers may lack. */
#define PT_SET_SUD	0x4210
#define PT_GET_SUD	0x4211

struct sud_config {
	uint64_t	mode;
	uint64_t	selector;
	uint64_t	offset;
	uint64_t	len;
};

#define SUD_OFF		0	/* PR_SYS_DISPATCH_OFF */
#define SUD_ON		1	/* PR_SYS_DISPATCH_ON (EXCLUSIVE_ON) */
#define SI_SUD		2	/* SYS_USER_DISPATCH */
#define PR_SET_SUD	59	/* PR_SET_SYSCALL_USER_DISPATCH */

static int
set_config(tr_session_t *s, pid_t tid, bool on)
{
	struct sud_config c;

	memset(&c, 0, sizeof(c));
	if (on) {
		c.mode = SUD_ON;
		c.offset = s->s_sudlo;
		c.len = s->s_sudlen;
	}
	return (int)ptrace((enum __ptrace_request)PT_SET_SUD, tid,
			   (void *)sizeof(c), &c);
}

static bool
threadlike(const tr_thread_t *th)
{
	return th->th_kind == TR_KIND_THREAD && th->th_stopped &&
	       !th->th_zombie;
}

/* Whether a thread of s has no thread pointer yet (fs base 0). */
static bool
fsbase0(tr_session_t *s)
{
	struct user_regs_struct r;
	tr_thread_t *th;

	for (th = s->s_all; th != NULL; th = th->th_all)
		if (threadlike(th) &&
		    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) == 0 &&
		    r.fs_base == 0)
			return true;
	return false;
}

/*
 * After h_ready (every thread stopped): dispatch on in every thread, if
 * syscall probes are enabled and the fast path may map its range.
 * Otherwise the stop path stays, and one notice says why.
 */
void
tr_sud_ready(tr_session_t *s)
{
	struct sud_config c;
	char why[200];
	tr_thread_t *th, *t;
	uint64_t lo, len, insn, near = s->s_entry;
	const char *no = NULL;

	if (!s->s_syscalls || s->s_sud || s->s_sudtried || s->s_gone ||
	    s->s_fast == NULL || !tr_fast_wanted(s))
		return;
	s->s_sudtried = true;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (th->th_kind != TR_KIND_THREAD || th->th_zombie)
			continue;
		if (!th->th_stopped) {
			no = "a thread runs";
			break;
		}
		memset(&c, 0, sizeof(c));
		if (ptrace((enum __ptrace_request)PT_GET_SUD, th->th_tid,
			   (void *)sizeof(c), &c) < 0) {
			no = errno == EIO || errno == EINVAL ?
			    "the kernel has no syscall user dispatch "
			    "(Linux 6.4, CONFIG_SYSCALL_USER_DISPATCH)" :
			    "the dispatch configuration is unreadable";
			break;
		}
		if (c.mode != SUD_OFF) {
			no = "the process uses syscall user dispatch itself";
			break;
		}
	}
	if (no == NULL && near == 0) {
		struct user_regs_struct r;

		for (th = s->s_all; th != NULL && near == 0; th = th->th_all)
			if (threadlike(th) &&
			    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) == 0)
				near = r.rip;
	}
	if (no == NULL) {
		/*
		 * A launched image whose thread has no thread pointer yet
		 * (fs base 0: a static program, or Go's, at its entry
		 * point): its TCB comes with its first calls, which take
		 * the stop path meanwhile.  Tried again at the stop path's
		 * exits (tr_sud_retry), 64 at most; then, or once a second
		 * thread runs, the process is keyed by gettid.  An
		 * attached process with no tid in its TCB (Go's) is keyed
		 * by gettid at once: waiting would never end.
		 */
		bool wait = s->s_sudretried ?
		    s->s_sudretry > 1 && !s->s_sudlast :
		    fsbase0(s);
		int r = tr_fast_sud_range(s, near, wait, &lo, &len, &insn, why,
					  sizeof(why));

		if (r == -2) {
			if (!s->s_sudretried)
				s->s_sudretry = 64;
			s->s_sudretried = true;
			s->s_sudtried = false;
			return;
		}
		if (r < 0)
			no = why;
	}
	s->s_sudretry = 0;
	if (no != NULL) {
		snprintf(s->s_sudno, sizeof(s->s_sudno), "%s", no);
		tr_notice(s, TR_NOTE_SYS_STOPS, 0, "syscall probes stop the "
			  "thread at each call: %s", no);
		return;
	}
	s->s_sudlo = lo;
	s->s_sudlen = len;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (!threadlike(th))
			continue;
		if (set_config(s, th->th_tid, true) < 0 && errno != ESRCH) {
			int e = errno;

			for (t = s->s_all; t != th; t = t->th_all)
				if (threadlike(t))
					set_config(s, t->th_tid, false);
			snprintf(s->s_sudno, sizeof(s->s_sudno), "syscall "
				 "user dispatch refused: %s", strerror(e));
			tr_notice(s, TR_NOTE_SYS_STOPS, 0, "syscall probes "
				  "stop the thread at each call: syscall user "
				  "dispatch refused: %s", strerror(e));
			return;
		}
	}
	s->s_sud = true;
	s->s_sudown = true;
	s->s_progsys = s->s_syscall_insn;
	s->s_syscall_insn = insn;
	tr_fast_sys_table(s);
	/*
	 * After a wait, h_ready is long past: the host places the clause
	 * code of syscall probes now, every thread still stopped.
	 */
	if (s->s_sudretried && s->s_h != NULL && s->s_h->h_fast != NULL)
		s->s_h->h_fast(s->s_h->h_arg, s, TR_FE_ARMED, 0, 0);
}

int
tr_syscalls_dispatch(tr_session_t *s)
{
	tr_sud_ready(s);
	if (s->s_sud)
		return 1;
	if (s->s_sudretry != 0)
		return 0;
	if (s->s_sudno[0] == '\0') {
		snprintf(s->s_sudno, sizeof(s->s_sudno), "%s",
			 s->s_fast == NULL || *tr_fast_why(s) == '\0' ?
			 "the fast path is not set up" : tr_fast_why(s));
		tr_notice(s, TR_NOTE_SYS_STOPS, 0, "syscall probes stop the "
			  "thread at each call: %s", s->s_sudno);
	}
	return -1;
}

const char *
tr_syscalls_nodispatch(const tr_session_t *s)
{
	return s->s_sudno[0] != '\0' ? s->s_sudno : NULL;
}

const char *
tr_syscall_stopwhy(const tr_session_t *s, const tr_thread_t *th)
{
	if (th != NULL && th->th_sudstep && th->th_sudwhy != NULL)
		return th->th_sudwhy;
	if (s->s_sudno[0] != '\0')
		return s->s_sudno;
	if (s->s_sudretry != 0)
		return "a static program's thread pointer is not set up yet";
	if (!s->s_sud)
		return "syscall user dispatch is not on in the thread";
	return "the call was not dispatched";
}

int
tr_syscall_probe(tr_session_t *s, long nr, unsigned how)
{
	if (nr < 0 || nr >= TR_SYSP_MAX) {
		errno = EINVAL;
		return -1;
	}
	s->s_sysp[nr] = (uint8_t)how;
	if (s->s_sud)
		tr_fast_sys_table(s);
	return 0;
}

unsigned
tr_syscall_probed(const tr_session_t *s, long nr)
{
	return nr >= 0 && nr < TR_SYSP_MAX ? s->s_sysp[nr] : 0;
}

/*
 * The exit stop of th, on the stop path, while a static program's TCB is
 * awaited (tr_sud_ready): with th its only thread, try again.
 */
void
tr_sud_retry(tr_session_t *s, tr_thread_t *th)
{
	tr_thread_t *t;

	if (s->s_sudretry == 0 || th->th_insys || s->s_stopping)
		return;
	tr_fast_passing(s);
	for (t = s->s_all; t != NULL; t = t->th_all)
		if (t != th && t->th_kind == TR_KIND_THREAD && !t->th_zombie) {
			/* the loop stops them all and decides */
			s->s_sudlast = true;
			return;
		}
	s->s_cur = th;
	tr_sud_ready(s);
	s->s_cur = NULL;
	if (s->s_sudretry > 0)
		s->s_sudretry--;
}

/* A new thread, at its first stop: dispatch on before it runs. */
int
tr_sud_thread(tr_session_t *s, tr_thread_t *th)
{
	if (!s->s_sud || th->th_kind != TR_KIND_THREAD)
		return 0;
	if (set_config(s, th->th_tid, true) < 0 && errno != ESRCH)
		return -1;
	return 0;
}

/*
 * A SIGSYS signal-delivery-stop of th.  *ours false: the process's own
 * (seccomp's, or its own dispatch), to deliver.  Else the call goes the
 * stop path from its `syscall` (the caller resumes th with no signal),
 * or, the first time a site that may be patched is seen, *held: th stays
 * stopped for tr_sud_patch_due.
 *
 * A call the kernel restarts after an exit syscall.c hides or holds
 * (th_rsnr, th_rsexit: the call the attach found the thread in, broken
 * by its interrupt) is never held: only the stop path's entry stop
 * tells the restart from a new call, and reports the exit that
 * follows as the one call's return.  Sent through a trampoline, that
 * restart was recorded as a new entry (read), or not at all (poll,
 * restarted as restart_syscall, which no probe names): its return was
 * lost, and the thread, its restart never seen, ran on syscall stops
 * for good (t/syscall/inflight.sh; quiet.sh lacked "poll return 1" 1
 * run in 3 to 15, when its poll thread's restart was dispatched first).
 */
static int stop_path(tr_session_t *s, tr_thread_t *th, long nr,
		     uint64_t at, const char *why);

/* Why a dispatched call made at sc is not sent through a trampoline. */
static const char *
sigsys_why(const tr_session_t *s, const tr_thread_t *th, uint64_t sc)
{
	uint64_t never = tr_fast_sys_never(s, sc);

	if (never != 0)
		return "the call always stops the thread (clone, fork, "
		    "vfork, exec, exit, rt_sigreturn, prctl), or a clause "
		    "of its probe needs the thread stopped";
	if (!s->s_sud || s->s_stopping || s->s_ending)
		return "tracing is ending";
	if (tr_fast_sys_ours(s, sc))
		return "a call made by pidtrace's own code";
	if (s->s_sudsite != 0)
		return "another thread's call site was being patched";
	if (th->th_rsnr != 0 || th->th_rsexit)
		return "the kernel restarts a call the thread began on the "
		    "stop path";
	if (tr_fast_sys_known(s, sc))
		return tr_fast_sys_why(s, sc);
	return "its function is unknown";
}

int
tr_sud_sigsys(tr_session_t *s, tr_thread_t *th, bool *ours, bool *held)
{
	uint64_t sc;
	siginfo_t si;

	*ours = false;
	*held = false;
	if (!s->s_sudown || th->th_kind != TR_KIND_THREAD)
		return 0;
	memset(&si, 0, sizeof(si));
	if (ptrace(PTRACE_GETSIGINFO, th->th_tid, 0L, &si) < 0)
		return errno == ESRCH ? 0 : -1;
	if (si.si_signo != SIGSYS || si.si_code != SI_SUD)
		return 0;
	*ours = true;
	sc = (uint64_t)si.si_call_addr - 2;
	if (s->s_sud && !s->s_stopping && !s->s_ending &&
	    s->s_sudsite == 0 && th->th_rsnr == 0 && !th->th_rsexit &&
	    !tr_fast_sys_ours(s, sc) &&
	    !tr_fast_sys_known(s, sc) && s->s_h != NULL &&
	    s->s_h->h_sysfunc != NULL) {
		/* Held stopped: the loop patches it with all stopped. */
		s->s_sudsite = sc;
		s->s_sudth = th;
		*held = true;
		return 0;
	}
	return stop_path(s, th, (long)si.si_syscall,
			 tr_fast_sys_never(s, sc), sigsys_why(s, th, sc));
}

/*
 * th, stopped just past a dispatched call (rax its number), makes it
 * again on the stop path: from its `syscall`, or from at (a patched
 * site's own, for a call a trampoline sent to the stop path).
 */
static int
stop_path(tr_session_t *s, tr_thread_t *th, long nr, uint64_t at,
	  const char *why)
{
	struct user_regs_struct r;

	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return errno == ESRCH ? 0 : -1;
	if (s->s_sud && set_config(s, th->th_tid, false) < 0)
		return errno == ESRCH ? 0 : -1;
	r.rip = at != 0 ? at : r.rip - 2;
	r.rax = (uint64_t)nr;
	if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0)
		return errno == ESRCH ? 0 : -1;
	th->th_sudstep = true;
	th->th_sudwhy = why;
	s->s_st.st_sysdisp++;
	if (s->s_sud && nr == SYS_prctl && r.rdi == PR_SET_SUD)
		s->s_sudquit = true;
	return 0;
}

/*
 * A site's first call, its thread held (tr_sud_sigsys): every thread
 * stopped, the site patched when it can be (h_sysfunc names its
 * function), and the held thread sent into the trampoline just past the
 * instruction the jump replaced, which it has run; else its call takes
 * the stop path.  The caller resumes every thread.
 */
int
tr_sud_patch_due(tr_session_t *s)
{
	struct user_regs_struct r;
	tr_thread_t *th = s->s_sudth;
	uint64_t sc = s->s_sudsite, entry;
	tr_fast_want_t w;
	const char *why;
	int rc;

	s->s_sudsite = 0;
	s->s_sudth = NULL;
	if (tr_stop_all(s) < 0)
		return -1;
	tr_fast_tcb_try(s);
	if (th == NULL || tr_thread_find(s, th->th_tid) != th)
		return 0;	/* gone meanwhile */
	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return errno == ESRCH ? 0 : -1;
	memset(&w, 0, sizeof(w));
	why = "tracing is ending";
	if (s->s_sud && s->s_h->h_sysfunc(s->s_h->h_arg, s, sc, &w) != 0)
		why = "its function is unknown, or is glibc's cancellation "
		    "bridge (it decides a cancel by the pc)";
	else if (s->s_sud &&
		 tr_fast_sys_patch(s, sc, &w, &entry, &why) == 0) {
		r.rip = entry;
		r.rax = r.orig_rax;
		return ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0 &&
		    errno != ESRCH ? -1 : 0;
	}
	rc = stop_path(s, th, (long)r.orig_rax, 0, why);
	return rc;
}

/*
 * The exit stop of a call th made on the stop path, reported: dispatch
 * on again, unless the kernel is still to restart the call (its entry
 * must be seen, and hidden, by the stop path too).
 */
void
tr_sud_exit(tr_session_t *s, tr_thread_t *th)
{
	if (!th->th_sudstep || th->th_rsnr != 0 || th->th_rsexit)
		return;
	th->th_sudstep = false;
	if (s->s_sud)
		(void)set_config(s, th->th_tid, true);
}

/* Is a SIGSYS pending for this thread alone (a dispatched call)? */
bool
tr_sud_pending(const tr_session_t *s, pid_t tid)
{
	char v[32];

	if (!s->s_sudown)
		return false;
	if (tr_proc_status(tid, "SigPnd:", v, sizeof(v)) < 0)
		return false;
	return (strtoull(v, NULL, 16) & (1ull << (SIGSYS - 1))) != 0;
}

/*
 * Every thread stopped: dispatch off in each, and injected calls back to
 * a `syscall` of the program's (ours is about to go).  SIGSYS of ours
 * that are still pending were driven to their stops by tr_stop_all.
 */
void
tr_sud_stop(tr_session_t *s)
{
	tr_thread_t *th;

	if (!s->s_sud)
		return;
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (threadlike(th))
			(void)set_config(s, th->th_tid, false);
	s->s_sud = false;
	s->s_sudquit = false;
	s->s_syscall_insn = s->s_progsys;
}
