/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/loop.c: the stop loop.  One thread calls ptrace.  Each waitpid
 * result is classified into an event whose name says how the task is
 * restarted, dispatched, and restarted through resume(), which parks the
 * task instead while the session is stopping all threads (attach,
 * shutdown).  Model: strace's next_event()/dispatch_event(), and
 * strace's README-linux-ptrace for group-stop and death under ptrace.
 */
#include "config.h"

#include <errno.h>
#include <time.h>
#include <stddef.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kcmp.h>
#include <poll.h>
#include <sys/ptrace.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <sys/wait.h>

#include "tracer/tr-impl.h"

typedef enum tr_event {
	EV_EXITED,	/* task gone (exit or killed): no restart */
	EV_SYSCALL,	/* syscall entry/exit (tr_syscalls): report, CONT */
	EV_GROUP_STOP,	/* SIGSTOP & co under SEIZE: LISTEN */
	EV_INTERRUPT,	/* interrupt, SIGCONT after LISTEN, new task: CONT */
	EV_CLONE,	/* clone/fork/vfork event: settle the child, CONT */
	EV_EXEC,	/* new image: re-arm at its entry, CONT */
	EV_EXIT,	/* PTRACE_EVENT_EXIT, _VFORK_DONE: CONT */
	EV_TRAP,	/* SIGTRAP: ours if rip-1 is a site, else delivered */
	EV_SIGNAL,	/* signal-delivery-stop: CONT with the signal */
} tr_event_t;

static tr_event_t
classify(int status)
{
	int sig, ev;

	if (WIFEXITED(status) || WIFSIGNALED(status))
		return EV_EXITED;
	sig = WSTOPSIG(status);
	ev = (unsigned)status >> 16;
	if (sig == (SIGTRAP | 0x80))
		return EV_SYSCALL;
	switch (ev) {
	case 0:
		return sig == SIGTRAP ? EV_TRAP : EV_SIGNAL;
	case PTRACE_EVENT_STOP:
		if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
		    sig == SIGTTOU)
			return EV_GROUP_STOP;
		return EV_INTERRUPT;
	case PTRACE_EVENT_CLONE:
	case PTRACE_EVENT_FORK:
	case PTRACE_EVENT_VFORK:
		return EV_CLONE;
	case PTRACE_EVENT_EXEC:
		return EV_EXEC;
	default:
		return EV_EXIT;
	}
}

/*
 * vfork.  A thread in vfork waits in the kernel for its child to exec or
 * exit: it runs no code of its own meanwhile, and it cannot be stopped
 * (the wait is killable only; PTRACE_INTERRUPT takes effect when it
 * ends).  Stopping all while holding the child never ended (posix_spawn,
 * system() and popen use vfork: pidtrace hung on a process that spawned
 * while it detached, and t/endings/mix.sh in vfork mode).  So whenever
 * the loop stops all, for a while or at the end, such a child runs on,
 * traced and never parked (runs_free: a site it hits runs its
 * instruction and fires nothing, as ever for a vfork child), to its exec
 * (on_exec detaches it) or exit; that ends its parent's wait, and the
 * parent stops at our interrupt like any thread, where it can lend
 * itself to an injected call.  A parent parked at its vfork event goes
 * on into its wait first (resume).  A child that has not exec'd after
 * VFORK_WAIT_MS is parked after all (s_vfreeze): its parent, held so
 * (held()), runs nothing of ours and counts as stopped.  At the end
 * such a child lends itself to the munmaps (tr_inject_thread_mm), is let
 * go, and its parent is detached when its wait ends (tr_release).
 */
#define VFORK_WAIT_MS	1000

/* Waiting in vfork for a child: not stopped, and not running either. */
bool
tr_in_vfork(const tr_thread_t *th)
{
	return !th->th_stopped && th->th_vfchild != 0;
}

/* Not while its parent is parked at its vfork event: it has not waited. */
static bool
runs_free(tr_session_t *s, const tr_thread_t *th)
{
	const tr_thread_t *p;

	if (th->th_kind != TR_KIND_VMCHILD || th->th_vforker == 0 ||
	    s->s_vfreeze)
		return false;
	p = tr_thread_find(s, th->th_vforker);
	return p != NULL && tr_in_vfork(p);
}

/* In vfork, its child parked: as good as stopped. */
static bool
held(tr_session_t *s, const tr_thread_t *th)
{
	const tr_thread_t *ch;

	if (!tr_in_vfork(th))
		return false;
	ch = tr_thread_find(s, th->th_vfchild);
	return ch != NULL && ch->th_stopped && ch->th_vforker == th->th_tid;
}

/* The parent of a vfork child that exec'd or exited: its wait is over. */
static void
vfork_done(tr_session_t *s, tr_thread_t *ch)
{
	tr_thread_t *p;

	if (ch->th_vforker == 0)
		return;
	tr_ring_mute(s, ch->th_vforker, ch->th_tid, false);
	p = tr_thread_find(s, ch->th_vforker);
	if (p != NULL && p->th_vfchild == ch->th_tid)
		p->th_vfchild = 0;
	ch->th_vforker = 0;
}

/*
 * Restart, or park while stopping all: the pending signal is kept.  While
 * syscalls are traced (tr_syscalls) the target's threads go on with
 * PTRACE_SYSCALL, and only they: fork and vfork children never stop at
 * their syscalls.  Not once the session ends (s_ending), when a stop
 * reports nothing: the threads tr_fast_wait_frames lets run while a
 * handler's frame is waited for must run freely, their stops handled by
 * nobody until the next tr_stop_all (a handler that made a call a
 * round never returned: t/syscall/heldframe.sh).
 */
static int
resume(tr_session_t *s, tr_thread_t *th, int req, int sig)
{
	if (req == PTRACE_CONT && !s->s_ending && tr_sys_traced(s, th) &&
	    (th->th_kind != TR_KIND_THREAD || !s->s_sud || th->th_sudstep ||
	     th->th_insys || th->th_rsnr != 0 || th->th_rsexit))
		req = PTRACE_SYSCALL;
	if (sig == 0)
		sig = th->th_sig;
	th->th_sig = 0;
	th->th_listen = req == PTRACE_LISTEN;
	if (s->s_stopping && !runs_free(s, th) &&
	    (th->th_vfchild == 0 || s->s_vfreeze)) {
		th->th_stopped = true;
		th->th_sig = sig;
		return 0;
	}
	return tr_restart(s, th, req, req == PTRACE_LISTEN ? 0 : sig);
}

/*
 * A new task whose first stop has arrived and whose kind is known.  A fork
 * child has a copy of our int3s: write the originals into its memory and
 * let it go before it runs a single instruction of its own.
 */
static int
settle(tr_session_t *s, tr_thread_t *th)
{
	switch (th->th_kind) {
	case TR_KIND_FORK:
		tr_bkpt_restore_in(s, th->th_tid);
		tr_counter_restore_in(s, th->th_tid);
		tr_fast_clean_child(s, th);
		tr_xol_clean_child(s, th);
		s->s_st.st_forks++;
		/* Followed: a session of its own, as clean as one let go. */
		if (!s->s_follow || s->s_ending || tr_adopt(s, th, false) < 0)
			ptrace(PTRACE_DETACH, th->th_tid, 0L, 0L);
		tr_thread_del(s, th);
		return 0;
	case TR_KIND_THREAD:
		if (tr_sud_thread(s, th) < 0 || tr_sys_newthread(s, th) < 0)
			return -1;
		if (!tr_fast_thread_ok(s, th)) {
			th->th_stopped = true;	/* until tr_fast_revert */
			return 0;
		}
		return resume(s, th, PTRACE_CONT, 0);
	case TR_KIND_VMCHILD:
		return resume(s, th, PTRACE_CONT, 0);
	default:
		th->th_stopped = true;	/* wait for the parent's event */
		return 0;
	}
}

/* Does child share the address space of parent?  kcmp when we have it. */
static bool
shares_vm(pid_t parent, pid_t child, int ev)
{
#ifdef SYS_kcmp
	long r = syscall(SYS_kcmp, parent, child, KCMP_VM, 0L, 0L);

	if (r >= 0)
		return r == 0;
#endif
	(void)parent;
	(void)child;
	return ev != PTRACE_EVENT_FORK;
}

static int
on_clone(tr_session_t *s, tr_thread_t *th, int status)
{
	int ev = (unsigned)status >> 16;
	unsigned long msg = 0;
	tr_thread_t *ch;
	tr_kind_t kind;
	int rc;

	if (ptrace(PTRACE_GETEVENTMSG, th->th_tid, 0L, &msg) < 0)
		return resume(s, th, PTRACE_CONT, 0);
	if (ev == PTRACE_EVENT_CLONE && th->th_kind == TR_KIND_THREAD &&
	    shares_vm(th->th_tid, (pid_t)msg, ev)) {
		/* A thread or a CLONE_VM process: tell by the tgid. */
		kind = tr_proc_status((pid_t)msg, "Tgid:", NULL, 0) ==
		    s->s_pid ? TR_KIND_THREAD : TR_KIND_VMCHILD;
	} else if (shares_vm(th->th_tid, (pid_t)msg, ev)) {
		kind = TR_KIND_VMCHILD;
	} else {
		kind = TR_KIND_FORK;
	}
	ch = tr_thread_find(s, (pid_t)msg);
	if (ch == NULL) {
		ch = tr_thread_new(s, (pid_t)msg, kind);
		if (ch == NULL)
			return -1;
	} else {
		ch->th_kind = kind;
	}
	if (kind == TR_KIND_VMCHILD && ev == PTRACE_EVENT_VFORK) {
		/*
		 * Until it execs or exits, the child runs in our memory with
		 * its parent's TCB: its records carry the parent's tid (its
		 * own where the key is gettid's), and the parent is blocked
		 * in vfork meanwhile.  Drop them, as the int3 path fires
		 * nothing for a vfork child.
		 */
		ch->th_vforker = th->th_tid;
		th->th_vfchild = ch->th_tid;
		tr_ring_mute(s, th->th_tid, ch->th_tid, true);
	}
	/*
	 * The parent first: a vforking one goes on into its wait even
	 * while stopping all, and then its child runs free (runs_free).
	 */
	rc = resume(s, th, PTRACE_CONT, 0);
	if (ch->th_seen && ch->th_stopped && settle(s, ch) < 0)
		return -1;
	return rc;
}

/* Read AT_ENTRY and stop there: the new image's libraries are mapped. */
static int
arm_entry(tr_session_t *s, tr_thread_t *th)
{
	(void)th;
	s->s_armed = false;
	s->s_entry = tr_auxv_entry(s->s_memtid);
	if (s->s_entry == 0)
		return -1;
	return tr_bkpt_insert(s, s->s_entry, 0, true);
}

/*
 * exec: the old image with our sites is gone.  Under ptrace the exec
 * event comes from the thread-group leader's tid even when a non-leader
 * thread exec'd (`(sleep 1 & exec true)` in a thread): every other
 * thread is gone, so drop their records (strace maybe_switch_tcbs).
 */
static int
on_exec(tr_session_t *s, tr_thread_t *th)
{
	tr_thread_t *t, *next;

	if (th->th_kind == TR_KIND_VMCHILD || th->th_tid != s->s_pid) {
		/*
		 * A vfork child got its own image: nothing of ours in it.
		 * Followed, it is a session of its own from this exec.
		 */
		vfork_done(s, th);
		if (!s->s_follow || s->s_ending || th->th_kind != TR_KIND_VMCHILD ||
		    tr_adopt(s, th, true) < 0)
			ptrace(PTRACE_DETACH, th->th_tid, 0L, 0L);
		tr_thread_del(s, th);
		return 0;
	}
	for (t = s->s_all; t != NULL; t = next) {
		next = t->th_all;
		if (t != th && t->th_kind == TR_KIND_THREAD) {
			if (s->s_h != NULL && s->s_h->h_thread_exit != NULL)
				s->s_h->h_thread_exit(s->s_h->h_arg, s,
						      t->th_tid);
			tr_thread_del(s, t);
		}
	}
	th->th_zombie = false;	/* the exec'ing thread took the leader's tid */
	tr_fast_forget(s);
	tr_sys_exec(s, th);
	tr_bkpt_forget_all(s);
	tr_counter_forget_all(s);
	tr_xol_forget(s);
	s->s_syscall_insn = 0;
	s->s_progsys = 0;
	if (tr_mem_open(s) < 0)
		return -1;
	if (s->s_h != NULL && s->s_h->h_exec != NULL)
		s->s_h->h_exec(s->s_h->h_arg, s);
	if (arm_entry(s, th) < 0)
		return -1;
	return resume(s, th, PTRACE_CONT, 0);
}

/*
 * Write back the registers of a firing: rip alone with PTRACE_POKEUSER
 * when nothing else differs from what the stop read (XOL, nop, endbr64,
 * jmp, jcc: most firings), else PTRACE_SETREGS.  One syscall either way;
 * POKEUSER of rip took 360-440 ns against 840-1000 for SETREGS here
 * (bench/floor -u).
 */
static int
set_regs(pid_t tid, const struct user_regs_struct *r,
	 const struct user_regs_struct *stop)
{
	struct user_regs_struct t = *r;

	t.rip = stop->rip;
	if (memcmp(&t, stop, sizeof(t)) == 0)
		return (int)ptrace(PTRACE_POKEUSER, tid,
			(void *)offsetof(struct user_regs_struct, rip),
			(void *)r->rip);
	return (int)ptrace(PTRACE_SETREGS, tid, 0L, r);
}

static int
on_trap(tr_session_t *s, tr_thread_t *th)
{
	struct user_regs_struct r, stop;
	tr_bkpt_t *bp;
	uint64_t addr;
	int rc;

	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return errno == ESRCH ? 0 : -1;
	stop = r;
	addr = r.rip - 1;
	bp = tr_bkpt_find(s, addr);
	if (bp == NULL && tr_bkpt_was_site(s, addr)) {
		/* Hit just before the site was removed: run the original. */
		r.rip = addr;
		if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0)
			return errno == ESRCH ? 0 : -1;
		return resume(s, th, PTRACE_CONT, 0);
	}
	if (bp == NULL) {
		/* The tracee's own SIGTRAP (raise, its own int3): deliver. */
		s->s_st.st_signals++;
		tr_fault_note(s, th, SIGTRAP);
		return resume(s, th, PTRACE_CONT, SIGTRAP);
	}
	r.rip = addr;
	if (s->s_stopping && !runs_free(s, th)) {
		/* Rewind: it hits again (or runs the original) later. */
		if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0 &&
		    errno != ESRCH)
			return -1;
		return resume(s, th, PTRACE_CONT, 0);
	}
	s->s_cur = th;
	if (bp->bp_internal) {
		/* The entry point of a new image: libraries are in. */
		if (tr_bkpt_remove(s, addr) < 0 ||
		    ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0)
			return -1;
		if (s->s_h == NULL) {
			/* tr_launch: stay here; tr_run calls h_ready. */
			s->s_armed_pending = true;
			s->s_cur = NULL;
			return 0;
		}
		s->s_armed = true;
		if (s->s_h != NULL && s->s_h->h_ready != NULL)
			s->s_h->h_ready(s->s_h->h_arg, s);
		tr_sud_ready(s);
		s->s_cur = NULL;
		return resume(s, th, PTRACE_CONT, 0);
	}
	if (th->th_kind == TR_KIND_THREAD) {
		s->s_st.st_hits++;
		if (s->s_h != NULL && s->s_h->h_hit != NULL) {
			uint32_t c2 = bp->bp_cookie2;
			bool two = bp->bp_shared;

			rc = s->s_h->h_hit(s->s_h->h_arg, s, th,
					   bp->bp_cookie, addr, &r);
			/* A second hook (tr_bkpt_add), unless removed. */
			if (rc == 0 && two && tr_bkpt_find(s, addr) != NULL)
				rc = s->s_h->h_hit(s->s_h->h_arg, s, th, c2,
						   addr, &r);
			if (rc != 0)
				s->s_stop_req = 1;
			/* The handler may have removed it. */
			bp = tr_bkpt_find(s, addr);
		}
	}
	if (bp != NULL && bp->bp_insn.in_plan == TR_PLAN_XOL &&
	    bp->bp_slot == 0 && tr_xol_place(s, bp) < 0) {
		/* No slot and none to be had: give the site up. */
		tr_notice(s, TR_NOTE_SITE_LOST, addr, "no room to run the "
			  "instruction at %#llx out of line: %s; site removed",
			  (unsigned long long)addr, strerror(errno));
		tr_bkpt_remove(s, addr);
		bp = NULL;
	}
	s->s_cur = NULL;
	if (bp == NULL) {
		/* Original byte is back: just run it in place. */
	} else if (bp->bp_insn.in_plan == TR_PLAN_XOL) {
		r.rip = bp->bp_slot;
		s->s_st.st_xol++;
	} else {
		if (tr_insn_emulate(s, &bp->bp_insn, addr, &r) < 0)
			return -1;
		s->s_st.st_emulated++;
	}
	if (set_regs(th->th_tid, &r, &stop) < 0)
		return errno == ESRCH ? 0 : -1;
	return resume(s, th, PTRACE_CONT, 0);
}

/*
 * The interrupt stop of a sample (tr_sample).  A thread inside a syscall
 * (orig_rax >= 0; an interrupt of user code leaves it negative) was not
 * on CPU: it blocked after we read its state.
 */
static int
on_sample(tr_session_t *s, tr_thread_t *th)
{
	struct user_regs_struct r;
	uint32_t cookie = th->th_sample - 1;
	int rc;

	th->th_sample = 0;
	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return errno == ESRCH ? 0 : -1;
	if ((long long)r.orig_rax < 0 && th->th_kind == TR_KIND_THREAD &&
	    s->s_h != NULL && s->s_h->h_sample != NULL) {
		s->s_st.st_samples++;
		s->s_cur = th;
		rc = s->s_h->h_sample(s->s_h->h_arg, s, th, cookie, &r);
		s->s_cur = NULL;
		if (rc != 0)
			s->s_stop_req = 1;
	}
	return resume(s, th, PTRACE_CONT, 0);
}

/* Is SIGTRAP pending for this thread alone (as an int3 leaves it)? */
static bool
sigtrap_pending(const tr_session_t *s, pid_t tid)
{
	char v[32];

	(void)s;
	if (tr_proc_status(tid, "SigPnd:", v, sizeof(v)) < 0)
		return false;
	return (strtoull(v, NULL, 16) & (1ull << (SIGTRAP - 1))) != 0;
}

/* Handle one waitpid result. */
static int
dispatch(tr_session_t *s, pid_t tid, int status)
{
	tr_thread_t *th;
	tr_event_t ev = classify(status);

	th = tr_thread_find(s, tid);
	if (th == NULL) {
		if (ev == EV_EXITED) {
			if (tid == s->s_pid) {
				s->s_gone = true;
				s->s_exit_status = status;
			}
			return 0;
		}
		/* A new task stopped before its parent's clone event. */
		th = tr_thread_new(s, tid, TR_KIND_UNKNOWN);
		if (th == NULL)
			return -1;
		th->th_seen = true;
		th->th_stopped = true;
		th->th_status = status;
		return 0;
	}
	if (ev == EV_EXITED) {
		if (th->th_kind == TR_KIND_THREAD && s->s_h != NULL &&
		    s->s_h->h_thread_exit != NULL)
			s->s_h->h_thread_exit(s->s_h->h_arg, s, tid);
		if (tid == s->s_pid) {
			s->s_gone = true;
			s->s_exit_status = status;
		}
		vfork_done(s, th);
		tr_thread_del(s, th);
		if (tid == s->s_memtid && tid != s->s_pid && !s->s_gone)
			tr_mem_open(s);	/* it stood in for a zombie leader */
		return 0;
	}
	th->th_stopped = true;
	th->th_status = status;		/* how an injection may use it */
	/*
	 * It stops: a vfork it was in is over (on_clone: a new one), most
	 * often at PTRACE_EVENT_VFORK_DONE.  Its records are its own again
	 * from here, not from its child's exec or exit, which may be
	 * reported after it ran on (t/fastpath/vfrel.sh: every firing of
	 * the parent in between was dropped, unsaid).  Its child's records
	 * were all drained above, dropped.
	 */
	if (th->th_vfchild != 0)
		tr_ring_mute(s, th->th_tid, th->th_vfchild, false);
	th->th_vfchild = 0;
	/*
	 * Any ptrace-stop satisfies a PTRACE_INTERRUPT: the kernel clears
	 * the pending trap at every stop (ptrace_stop: "any trap clears
	 * pending STOP trap"), so a thread interrupted while blocked in a
	 * call under PTRACE_SYSCALL reports its syscall-exit stop and no
	 * interrupt stop after it.  Left set, the flag told tr_stop_all an
	 * interrupt was on its way and the thread was never interrupted
	 * again: the loop waited forever for it (syscall probes with
	 * profile-N on threads blocked in futex).
	 */
	th->th_interrupted = false;
	if (ev != EV_INTERRUPT && ev != EV_GROUP_STOP && th->th_sample != 0) {
		/*
		 * Another stop came first (a signal, a site, a clone): the
		 * interrupt may have been taken with it.  Drop this sample
		 * rather than wait for a stop that may never come, which
		 * would leave the thread out of every later sample.
		 */
		th->th_sample = 0;
	}
	if (!th->th_seen) {
		/* The first stop of a new task (PTRACE_EVENT_STOP). */
		th->th_seen = true;
		th->th_interrupted = false;
		if (ev == EV_INTERRUPT || ev == EV_GROUP_STOP)
			return settle(s, th);
	}
	switch (ev) {
	case EV_SYSCALL:
		if (tr_sys_stop(s, th) < 0)
			return -1;
		if (!th->th_insys) {
			tr_sud_exit(s, th);
			tr_sud_retry(s, th);
		}
		return resume(s, th, PTRACE_CONT, 0);
	case EV_EXIT:
		return resume(s, th, PTRACE_CONT, 0);
	case EV_GROUP_STOP:
		th->th_interrupted = false;
		if (s->s_stopping && ((s->s_nbkpt != 0 &&
		    sigtrap_pending(s, th->th_tid)) ||
		    tr_sud_pending(s, th->th_tid))) {
			/*
			 * As below for an interrupt stop, but in group-stop:
			 * take it out to reach its SIGTRAP stop (no user code
			 * runs in between) and give it SIGSTOP back at detach.
			 */
			th->th_restop = true;
			th->th_interrupted = true;
			return tr_restart(s, th, PTRACE_CONT, 0);
		}
		return resume(s, th, PTRACE_LISTEN, 0);
	case EV_INTERRUPT:
		th->th_interrupted = false;
		if (th->th_sample != 0 && !s->s_stopping)
			return on_sample(s, th);
		th->th_sample = 0;
		if (s->s_stopping && ((s->s_nbkpt != 0 &&
		    sigtrap_pending(s, th->th_tid)) ||
		    tr_sud_pending(s, th->th_tid))) {
			/*
			 * It executed one of our int3s just as it was
			 * interrupted: the interrupt stop comes before the
			 * SIGTRAP is dequeued.  Parked and detached now, it
			 * would die of that SIGTRAP.  Let it reach its
			 * signal-delivery-stop, which on_trap rewinds.
			 */
			th->th_interrupted = true;
			return tr_restart(s, th, PTRACE_CONT, 0);
		}
		return resume(s, th, PTRACE_CONT, 0);
	case EV_CLONE:
		return on_clone(s, th, status);
	case EV_EXEC:
		return on_exec(s, th);
	case EV_TRAP:
		return on_trap(s, th);
	case EV_SIGNAL:
		if (WSTOPSIG(status) == SIGSYS) {
			bool ours, held;

			if (tr_sud_sigsys(s, th, &ours, &held) < 0)
				return -1;
			if (held)
				return 0;	/* tr_sud_patch_due */
			if (ours)
				return resume(s, th, PTRACE_CONT, 0);
		}
		/* a load of clause code that faulted: never delivered */
		if (tr_fast_load_fault(s, th, WSTOPSIG(status)))
			return resume(s, th, PTRACE_CONT, 0);
		if (tr_sys_signal(s, th) < 0)
			return -1;
		s->s_st.st_signals++;
		tr_fault_note(s, th, WSTOPSIG(status));
		return resume(s, th, PTRACE_CONT, WSTOPSIG(status));
	case EV_EXITED:
		break;
	}
	return 0;
}

/*
 * waitpid for the set-up paths (launch, syscall injection), which must not
 * fail because one of pidtrace's own signals arrived: a tick's SIGALRM
 * can land while probes are being armed.  The main loop's wait instead
 * returns on EINTR, so that it looks at the stop request.
 */
pid_t
tr_waitpid(pid_t pid, int *status, int flags)
{
	pid_t r;

	do
		r = waitpid(pid, status, flags);
	while (r < 0 && errno == EINTR);
	return r;
}

/*
 * Whether the loop should stop waiting and look at a request: a stop
 * (tr_stop_async, a handler's non-zero) or a wake (tr_wake_async) of any
 * session.  Not while a session is stopping all its threads: that ends
 * only when every thread is stopped, and the request is looked at right
 * after.  Returning to the caller at once instead made tr_stop_all poll
 * waitpid in a loop at 100% CPU for as long as one thread took to stop.
 */
static bool
requested(void)
{
	const tr_session_t *o;
	bool req = false;

	for (o = tr_sessions; o != NULL; o = o->s_nextsess) {
		if (o->s_stopping)
			return false;
		if (o->s_stop_req || o->s_wake_req)
			req = true;
	}
	return req;
}

/*
 * Sleep until waitpid has an event of want, a signal handler of the host
 * ran (requested() then says why), or timeout_ns passed (< 0: no
 * timeout).  Returns waitpid's result, 0 on a request or the timeout.
 *
 * Race-free: every signal is blocked while waitpid and requested() are
 * looked at, and ppoll unblocks them atomically, so a SIGINT or a tick's
 * SIGALRM that lands between the look and the sleep interrupts the sleep
 * (EINTR) instead of being noticed only at the next stop of the target.
 * No thread of the target is interrupted to wake us: an interrupt
 * breaks the call a thread is blocked in (a syscall probe saw each
 * tick's interrupt as a read(2) returning and entering again, and
 * epoll_wait returns EINTR to the program).  A stop of a traced task
 * raises SIGCHLD in the tracer, kept pending while blocked here: a
 * signalfd makes it wake ppoll.
 */
static int chld_fd = -1;

static pid_t
nap(pid_t want, int *status, long long timeout_ns)
{
	struct signalfd_siginfo si[4];
	struct timespec ts;
	struct pollfd pfd;
	long long wait_ns;
	sigset_t all, old, during;
	pid_t tid;
	int r;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	if (chld_fd < 0) {
		sigset_t chld;

		sigemptyset(&chld);
		sigaddset(&chld, SIGCHLD);
		chld_fd = signalfd(-1, &chld, SFD_NONBLOCK | SFD_CLOEXEC);
	}
	during = old;
	sigaddset(&during, SIGCHLD);
	/*
	 * Without the signalfd, look again every 10 ms; with it, every
	 * second all the same: a SIGCHLD taken by a thread of the host that
	 * does not block it would leave us asleep.
	 */
	wait_ns = timeout_ns >= 0 ? timeout_ns : 1000000000LL;
	if (chld_fd < 0 && wait_ns > 10000000)
		wait_ns = 10000000;
	ts.tv_sec = (time_t)(wait_ns / 1000000000);
	ts.tv_nsec = (long)(wait_ns % 1000000000);
	pfd.fd = chld_fd;
	pfd.events = POLLIN;
	for (;;) {
		tid = waitpid(want, status, __WALL | WNOHANG);
		if (tid != 0 || requested())
			break;
		r = ppoll(&pfd, chld_fd < 0 ? 0 : 1, &ts, &during);
		if (r == 0 && timeout_ns >= 0)
			break;		/* the caller's timeout */
		if (r > 0 && read(chld_fd, si, sizeof(si)) < 0 &&
		    errno != EAGAIN)
			break;
		/* SIGCHLD, or a handler ran (EINTR): look again. */
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return tid;
}

pid_t
tr_nap(pid_t want, int *status, long long timeout_ns)
{
	return nap(want, status, timeout_ns);
}

/*
 * Spin a little before sleeping.  A tracee that hits probes in a loop
 * stops again a few microseconds after we restart it; if we sleep
 * meanwhile, our CPU goes idle, and on a VM waking an idle vCPU costs
 * tens of microseconds, paid twice a firing when tracer and tracee sit
 * on different CPUs.  bench/floor on an idle 2-vCPU VM: 64-75 us a call
 * sleeping, 20-25 us spinning.  The tracee's affinity is never touched.
 * Bounded: past SPIN_NS without an event we sleep as before, so a quiet
 * tracee costs at most SPIN_NS of our CPU per event.  A stop or wake
 * request (our signal handlers) ends the spin, as it ends the sleep.
 */
#define SPIN_NS	100000

static pid_t
spin_wait(pid_t want, int *status, bool sleep)
{
	struct timespec t0, t;
	pid_t tid;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		tid = waitpid(want, status, __WALL | WNOHANG);
		if (tid != 0)
			return tid;
		if (requested())
			return 0;
		clock_gettime(CLOCK_MONOTONIC, &t);
		if ((t.tv_sec - t0.tv_sec) * 1000000000L +
		    (t.tv_nsec - t0.tv_nsec) > SPIN_NS)
			return sleep ? nap(want, status, -1) : 0;
	}
}

static bool last_was_trap;	/* the last event was a firing, a syscall
				 * stop or a dispatched call */

static bool
any_ring(void)
{
	const tr_session_t *o;

	for (o = tr_sessions; o != NULL; o = o->s_nextsess)
		if (tr_fast_live(o))
			return true;
	return false;
}

/*
 * The wait when some process runs fast sites: records arrive without any
 * event, so drain the rings every millisecond while they flow, backing
 * off to 8 ms when idle (no spinning), and at once while a pass finds
 * a full RING_PASS in a shard (a flood would fill the ring in a
 * millisecond), checking for a stop between passes, and sleep in nap()
 * meanwhile, which a stop of a traced task and our own signals (SIGINT,
 * a tick's SIGALRM) end.  The spin of spin_wait only right after an
 * event that is likely to be followed by another soon: an int3 firing,
 * a syscall stop (a call on the stop path stops again at its exit), a
 * dispatched call's SIGSYS (a site's first call: a starting program's
 * next new site is tens of microseconds away).
 */
#define RING_PASS	512	/* records of a shard in one pass */

/*
 * A drain asked for a stall check (ring.c) and no session is stopping
 * all its threads (the check stops them all itself).
 */
static bool
checks_due(void)
{
	const tr_session_t *o;
	bool due = false;

	for (o = tr_sessions; o != NULL; o = o->s_nextsess) {
		if (o->s_stopping)
			return false;
		if (tr_ring_check_due(o))
			due = true;
	}
	return due;
}

static int
run_checks(void)
{
	tr_session_t *o;

	if (!checks_due())
		return 0;
	for (o = tr_sessions; o != NULL; o = o->s_nextsess)
		if (tr_ring_check_due(o) && tr_ring_stall_check(o) < 0)
			return -1;
	return 0;
}

static pid_t
ring_wait(pid_t want, int *status)
{
	long ms = 1;
	size_t n;
	pid_t tid;

	if (last_was_trap && (tid = spin_wait(want, status, false)) != 0)
		return tid;
	for (;;) {
		tid = waitpid(want, status, __WALL | WNOHANG);
		if (tid != 0 || requested())
			return tid;
		/*
		 * A pass is bounded, so a stop (a signal on its way to the
		 * tracee) or our own signal waits for one pass at most.
		 */
		n = tr_ring_drain_all(false, RING_PASS);
		ms = n != 0 ? 1 : ms < 8 ? 2 * ms : 8;
		if (requested() || checks_due())
			return 0;
		if (n >= RING_PASS)
			continue;	/* a flood: drain again at once */
		tid = nap(want, status, ms * 1000000LL);
		if (tid != 0 || requested())
			return tid;
	}
}

/*
 * Whether the host may be told something at this stop: a firing, a
 * syscall, a sample, a thread's or the image's end, a vfork (which
 * mutes the parent's tid: its records so far must be in).  A signal on
 * its way to the tracee, a group-stop, our interrupt tell it nothing,
 * so the thread's records need not come first: draining up to a whole
 * ring of a flood before each signal held every signal of the process
 * back (t/faults/sigattach.sh).
 */
static bool
may_report(tr_session_t *s, pid_t tid, int status)
{
	const tr_thread_t *th;

	switch (classify(status)) {
	case EV_SIGNAL:
	case EV_GROUP_STOP:
		return false;
	case EV_INTERRUPT:
		th = tr_thread_find(s, tid);
		return th != NULL && th->th_sample != 0;
	default:
		return true;
	}
}

/*
 * The events taken from waitpid and not handled yet.  waitpid(-1) returns
 * the first task with an event in the kernel's list of our tracees (the
 * last seized first), so threads that stop again as soon as they are
 * restarted (syscalls, probes in a loop) kept the ones further down the
 * list from ever being handled: with 16 busy threads the leader's stop
 * waited 30 to 90 s (t/endings/mix.sh), and a thread blocked in that
 * stop is a thread of the program that does not run (strace's test
 * many_looping_threads.c shows the same starvation).  So after every
 * EVQ_ROUND events taken from waitpid, every event pending is taken at
 * once and those are handled in turn before waitpid is asked again: a
 * stop waits for EVQ_ROUND events and one round at most (the 16-thread
 * exit: 0.1 to 0.4 s on the loaded VM).  Taking them all after every
 * event was fair to the last, but restarted every thread at once, which
 * then shared the CPUs: firings of 4 busy threads fell by 40 to 50%.
 * One task alone cannot starve another, and pays nothing.
 */
#define EVQ_MAX	256
#define EVQ_ROUND 64

static unsigned evq_since;	/* events taken from waitpid since a fill */

static struct {
	pid_t	ev_tid;
	int	ev_status;
} evq[EVQ_MAX];
static size_t evq_head, evq_len;

static void
evq_fill(void)
{
	int status;
	pid_t tid;

	while (evq_len < EVQ_MAX) {
		tid = waitpid(-1, &status, __WALL | WNOHANG);
		if (tid <= 0)
			break;
		evq[(evq_head + evq_len) % EVQ_MAX].ev_tid = tid;
		evq[(evq_head + evq_len) % EVQ_MAX].ev_status = status;
		evq_len++;
	}
}

/* More than one task traced: one alone cannot starve another. */
static bool
many_tasks(void)
{
	const tr_session_t *o;
	size_t n = 0;

	for (o = tr_sessions; o != NULL; o = o->s_nextsess)
		if (o->s_all != NULL &&
		    (n++ != 0 || o->s_all->th_all != NULL))
			return true;
	return false;
}

static bool
evq_pop(pid_t *tid, int *status)
{
	if (evq_len == 0)
		return false;
	*tid = evq[evq_head].ev_tid;
	*status = evq[evq_head].ev_status;
	evq_head = (evq_head + 1) % EVQ_MAX;
	evq_len--;
	return true;
}

/*
 * Wait for one event (of task want, or any when want is -1) and dispatch
 * it: at most timeout_ns (0: only look; < 0: until an event or a
 * request).  Returns 1 when one was handled, 0 when nothing came in time
 * or a request or a signal ended the wait, -1 on error; ECHILD (nothing
 * left to wait for) marks the target gone.
 */
static int
wait_one(tr_session_t *s, pid_t want, long long timeout_ns)
{
	tr_session_t *o;
	int status;
	pid_t tid;

	if (want == -1 && evq_pop(&tid, &status))
		goto have;
	if (timeout_ns == 0)
		tid = waitpid(want, &status, __WALL | WNOHANG);
	else if (timeout_ns > 0)
		tid = nap(want, &status, timeout_ns);
	else if (!any_ring())
		tid = spin_wait(want, &status, true);
	else
		tid = ring_wait(want, &status);
	if (tid > 0 && want == -1 && ++evq_since >= EVQ_ROUND &&
	    many_tasks()) {
		evq_since = 0;
		evq_fill();
	}
	if (tid == 0)
		return run_checks();
	if (tid < 0) {
		if (errno == EINTR)
			return run_checks();
		if (errno == ECHILD) {
			/* No traced task at all: every session is over. */
			s->s_gone = true;
			for (o = tr_sessions; o != NULL; o = o->s_nextsess)
				if (o->s_all != NULL)
					o->s_gone = true;
			return 0;
		}
		return -1;
	}
have:
	/* waitpid(-1) serves every session: the event goes to its owner. */
	o = tr_session_of(s, tid);
	if (o != NULL)
		s = o;
	/*
	 * Records first: a thread's records before its stop keep their
	 * order with what the stop fires (and a thread's exit frees its
	 * self-> only after its last records ran).
	 */
	if (tr_fast_live(s) && may_report(s, tid, status)) {
		tr_ring_drain(s, false, 0);
		/* A shard stalled on another thread's slot: tid's own. */
		tr_ring_drain_tid(s, tid);
	}
	last_was_trap = WIFSTOPPED(status) &&
			(((WSTOPSIG(status) == SIGTRAP ||
			   WSTOPSIG(status) == SIGSYS) &&
			  (unsigned)status >> 16 == 0) ||
			 WSTOPSIG(status) == (SIGTRAP | 0x80));
	if (dispatch(s, tid, status) < 0)
		return -1;
	if (s->s_sudsite != 0 && !s->s_stopping) {
		/* A syscall site's first call: patch it, all stopped. */
		if (tr_sud_patch_due(s) < 0)
			return -1;
		if (tr_resume_all(s) < 0)
			return -1;
	}
	if (s->s_sudlast && !s->s_stopping && !s->s_gone) {
		/*
		 * The TCB awaited (tr_sud_retry) and a second thread runs:
		 * dispatch decided now, the key gettid's if the TCB still
		 * holds no tid.
		 */
		if (tr_stop_all(s) < 0)
			return -1;
		tr_sud_ready(s);
		s->s_sudlast = false;
		if (tr_resume_all(s) < 0)
			return -1;
	}
	if (s->s_sudquit && !s->s_stopping && !s->s_gone) {
		/* The process takes dispatch for itself: ours goes. */
		if (tr_stop_all(s) < 0)
			return -1;
		tr_sud_stop(s);
		tr_fast_sys_revert(s);
		s->s_sudown = false;	/* its SIGSYS are its own now */
		snprintf(s->s_sudno, sizeof(s->s_sudno), "the process "
			 "sets up syscall user dispatch itself");
		tr_notice(s, TR_NOTE_SYS_STOPS, 0, "the process sets up "
			  "syscall user dispatch itself: syscall probes stop "
			  "the thread at each call from now on");
		if (tr_resume_all(s) < 0)
			return -1;
	}
	if (tr_fast_revert_due(s) && !s->s_stopping) {
		if (tr_stop_all(s) < 0)
			return -1;
		tr_fast_revert(s);
		if (tr_resume_all(s) < 0)
			return -1;
	}
	/*
	 * Sites asked for while threads ran (a library's, at the loader's
	 * r_brk): their jumps go in with every thread stopped.
	 */
	if (tr_fast_arm_due(s) && s->s_armed && !s->s_stopping &&
	    !s->s_gone) {
		if (tr_stop_all(s) < 0)
			return -1;
		tr_fast_arm(s);
		/* Entries of their clause code before any thread runs. */
		if (s->s_h != NULL && s->s_h->h_fast != NULL)
			s->s_h->h_fast(s->s_h->h_arg, s, TR_FE_ARMED, 0, 0);
		if (tr_resume_all(s) < 0)
			return -1;
	}
	if (run_checks() < 0)
		return -1;
	return 1;
}

int
tr_wait_one(tr_session_t *s, pid_t want, bool block)
{
	return wait_one(s, want, block ? -1 : 0);
}

static bool
all_stopped(tr_session_t *s)
{
	const tr_thread_t *th;

	for (th = s->s_all; th != NULL; th = th->th_all)
		if (!th->th_stopped && !runs_free(s, th) && !held(s, th))
			return false;
	return true;
}

static bool
any_free(tr_session_t *s)
{
	const tr_thread_t *th;

	for (th = s->s_all; th != NULL; th = th->th_all)
		if (runs_free(s, th))
			return true;
	return false;
}

static long
ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000L +
	       (t.tv_nsec - t0->tv_nsec) / 1000000L;
}

/*
 * Stop every thread: interrupt each running one and handle events
 * (parking every task that reports) until all are stopped.  Threads that
 * hit a site meanwhile are rewound to it.
 *
 * It ends: a thread is stopped (th_stopped), or an interrupt of ours is
 * outstanding and no stop has taken it yet (th_interrupted: any stop
 * takes it, see dispatch), or it is interrupted now.  Such a thread
 * stops unless it exits (an event too) or waits in the kernel where no
 * interrupt reaches it: in vfork, whose child runs on to its exec for
 * VFORK_WAIT_MS at most and is then parked, its parent held (see vfork
 * above), or in an uninterruptible sleep, which ends by itself.
 * Requests (SIGINT, ticks) are looked at after (requested()); nothing
 * here spins: the wait for a vfork child sleeps until an event or the
 * end of VFORK_WAIT_MS.
 */
int
tr_stop_all(tr_session_t *s)
{
	struct timespec t0;
	tr_thread_t *th;
	long left;

	s->s_stopping = true;
	s->s_vfreeze = false;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		for (th = s->s_all; th != NULL; th = th->th_all) {
			if (runs_free(s, th)) {
				if (th->th_stopped && th->th_seen &&
				    resume(s, th, th->th_listen ?
					   PTRACE_LISTEN : PTRACE_CONT, 0) < 0)
					return -1;
				continue;
			}
			if (th->th_stopped || th->th_interrupted ||
			    !th->th_seen)
				continue;
			if (ptrace(PTRACE_INTERRUPT, th->th_tid, 0L, 0L) < 0 &&
			    errno != ESRCH)
				return -1;
			th->th_interrupted = true;
		}
		if (all_stopped(s) || s->s_all == NULL)
			return 0;
		if (!any_free(s)) {
			if (wait_one(s, -1, -1) < 0)
				return -1;
		} else if ((left = VFORK_WAIT_MS - ms_since(&t0)) <= 0) {
			s->s_vfreeze = true;	/* park it after all */
			continue;
		} else if (wait_one(s, -1, left * 1000000LL) < 0) {
			return -1;
		}
		if (s->s_gone && s->s_all == NULL)
			return 0;
	}
}

/* Restart every parked thread (after attach, after arming). */
int
tr_resume_all(tr_session_t *s)
{
	tr_thread_t *th, *next;

	s->s_stopping = false;
	s->s_vfreeze = false;
	for (th = s->s_all; th != NULL; th = next) {
		next = th->th_all;
		if (!th->th_stopped || th->th_kind == TR_KIND_UNKNOWN ||
		    th->th_zombie)
			continue;
		if (resume(s, th, th->th_listen ? PTRACE_LISTEN : PTRACE_CONT,
			   0) < 0)
			return -1;
	}
	return 0;
}

/*
 * A tick's timed work sees every record published before it, as it did
 * when the interrupt stop that woke us drained the ring (the drain of
 * the wait is bounded by passes now, may_report).
 */
static void
drain_before_wake(tr_session_t *s)
{
	if (tr_fast_live(s))
		tr_ring_drain(s, false, 0);
}

static void let_go(tr_session_t *c);

/* h_ready of a session stopped by its grab, adoption or launch. */
static void
ready(tr_session_t *s, const tr_handlers_t *h)
{
	s->s_armed_pending = false;
	/* At an exec event the image is armed at its entry. */
	s->s_armed = !s->s_atexec;
	s->s_atexec = false;
	s->s_cur = tr_thread_find(s, s->s_pid);
	if (s->s_cur == NULL || s->s_cur->th_zombie)
		s->s_cur = NULL;	/* injection picks another */
	if (h != NULL && h->h_ready != NULL)
		h->h_ready(h->h_arg, s);
	tr_sud_ready(s);
	s->s_cur = NULL;
}

/* The target of s is gone: let go of it, tell the host. */
static void
finish(tr_session_t *s, const tr_handlers_t *h)
{
	tr_release(s);
	if (s->s_gone && h != NULL && h->h_exit != NULL)
		h->h_exit(h->h_arg, s, s->s_exit_status);
}

int
tr_run(tr_session_t *s, const tr_handlers_t *h)
{
	int rc = 0;

	s->s_h = h;
	if (s->s_armed_pending)
		ready(s, h);	/* attached: every thread is stopped */
	if (tr_resume_all(s) < 0)
		rc = -1;
	while (rc == 0 && !s->s_gone && !s->s_stop_req) {
		if (tr_wait_one(s, -1, true) < 0)
			rc = -1;
		/* One session: a child tr_follow made is let go. */
		while (s->s_adopted != NULL) {
			tr_session_t *c = s->s_adopted;

			s->s_adopted = c->s_nextadopt;
			let_go(c);
		}
		if (s->s_wake_req) {
			s->s_wake_req = 0;
			drain_before_wake(s);
			if (h != NULL && h->h_wake != NULL &&
			    h->h_wake(h->h_arg, s) != 0)
				s->s_stop_req = 1;
		}
	}
	finish(s, h);
	return rc;
}

/* The loop's sessions: those given, then the children adopted. */
typedef struct {
	tr_session_t		**rs_ss;
	const tr_handlers_t	**rs_hs;
	bool			*rs_done;
	size_t			rs_n, rs_max;
} runset_t;

static int
runset_add(runset_t *rs, tr_session_t *s, const tr_handlers_t *h)
{
	size_t m;
	void *a;

	if (rs->rs_n == rs->rs_max) {
		m = rs->rs_max != 0 ? 2 * rs->rs_max : 8;
		a = realloc(rs->rs_ss, m * sizeof(*rs->rs_ss));
		if (a == NULL)
			return -1;
		rs->rs_ss = a;
		a = realloc(rs->rs_hs, m * sizeof(*rs->rs_hs));
		if (a == NULL)
			return -1;
		rs->rs_hs = a;
		a = realloc(rs->rs_done, m * sizeof(*rs->rs_done));
		if (a == NULL)
			return -1;
		rs->rs_done = a;
		rs->rs_max = m;
	}
	rs->rs_ss[rs->rs_n] = s;
	rs->rs_hs[rs->rs_n] = h;
	rs->rs_done[rs->rs_n++] = false;
	return 0;
}

/* Let an adopted child go untouched: nothing of ours is in it. */
static void
let_go(tr_session_t *c)
{
	c->s_ending = true;
	tr_release(c);
	tr_free(c);
}

/*
 * Hand the children s adopted (tr_follow) to its host: each joins the
 * loop, armed (h_ready) and running; while ending, or refused by the
 * host, it is let go.
 */
static int
adopt_children(runset_t *rs, tr_session_t *s, const tr_handlers_t *h,
	       bool ending)
{
	tr_session_t *c;
	const tr_handlers_t *ch;

	while ((c = s->s_adopted) != NULL) {
		s->s_adopted = c->s_nextadopt;
		c->s_nextadopt = NULL;
		ch = ending || h == NULL || h->h_child == NULL ? NULL :
		    h->h_child(h->h_arg, s, c);
		if (ch == NULL) {
			let_go(c);
			continue;
		}
		c->s_h = ch;
		if (runset_add(rs, c, ch) < 0) {
			/* the host has it: it frees it after the loop */
			c->s_ending = true;
			tr_release(c);
			continue;
		}
		ready(c, ch);
		if (tr_resume_all(c) < 0)
			return -1;
	}
	return 0;
}

/*
 * One loop for several sessions (pidtrace -p A -p B -c CMD): every
 * session is armed (h_ready) before any runs, one blocking waitpid(-1)
 * takes the events of all (tr_wait_one hands each to its owner), a
 * target that is gone is released alone and the others go on; a stop
 * request or a handler's non-zero on any session ends them all.
 */
int
tr_run_many(tr_session_t *const *ss0, const tr_handlers_t *const *hs0,
	    size_t n0)
{
	runset_t rs;
	tr_session_t *s, *w;
	bool stop = false, orphan = false;
	size_t i, live, n;
	int rc = 0;

	memset(&rs, 0, sizeof(rs));
	for (i = 0; i < n0; i++)
		if (runset_add(&rs, ss0[i], hs0[i]) < 0) {
			free(rs.rs_ss);
			free(rs.rs_hs);
			free(rs.rs_done);
			return -1;
		}
	n = rs.rs_n;
	for (i = 0; i < n; i++) {
		rs.rs_ss[i]->s_h = rs.rs_hs[i];
		if (rs.rs_ss[i]->s_gone) {
			/* Died between the grab and now: nothing to arm. */
			finish(rs.rs_ss[i], rs.rs_hs[i]);
			rs.rs_done[i] = true;
		}
	}
	for (i = 0; i < n; i++) {
		s = rs.rs_ss[i];
		if (rs.rs_done[i] || !s->s_armed_pending)
			continue;
		/* Attached or launched: every thread is stopped; arm now. */
		ready(s, rs.rs_hs[i]);
	}
	for (i = 0; i < n; i++)
		if (!rs.rs_done[i] && tr_resume_all(rs.rs_ss[i]) < 0)
			rc = -1;
	for (;;) {
		/* The children the last stops made (tr_follow). */
		for (i = 0; i < rs.rs_n && rc == 0 && !stop; i++)
			if (rs.rs_ss[i]->s_adopted != NULL &&
			    adopt_children(&rs, rs.rs_ss[i], rs.rs_hs[i],
			    false) < 0)
				rc = -1;
		n = rs.rs_n;
		w = NULL;
		for (i = 0, live = 0; i < n; i++) {
			if (rs.rs_done[i])
				continue;
			s = rs.rs_ss[i];
			if (s->s_wake_req) {
				s->s_wake_req = 0;
				drain_before_wake(s);
				if (rs.rs_hs[i] != NULL && rs.rs_hs[i]->h_wake != NULL &&
				    rs.rs_hs[i]->h_wake(rs.rs_hs[i]->h_arg, s) != 0)
					s->s_stop_req = 1;
			}
			if (s->s_stop_req)
				stop = true;
			if (s->s_gone) {
				finish(s, rs.rs_hs[i]);
				rs.rs_done[i] = true;
				/*
				 * A tick's wake sent to this process while it
				 * was being released (the host learns it is
				 * gone only at h_exit): pass it on, or the
				 * one-shot timer is never armed again and the
				 * flag keeps ring_wait from draining
				 * (t/multi/one-exits.sh, once in CI).
				 */
				if (s->s_wake_req) {
					s->s_wake_req = 0;
					orphan = true;
				}
				continue;
			}
			live++;
			if (w == NULL)
				w = s;
		}
		if (orphan && w != NULL) {
			w->s_wake_req = 1;
			orphan = false;
			continue;
		}
		if (rc != 0 || stop || live == 0)
			break;
		if (tr_wait_one(w, -1, true) < 0)
			rc = -1;
	}
	/*
	 * Park every session before releasing the first: the others' hits
	 * meanwhile are rewound, not fired (nothing fires after exit()).
	 */
	for (i = 0; i < n; i++)
		if (!rs.rs_done[i]) {
			rs.rs_ss[i]->s_stopping = true;
			rs.rs_ss[i]->s_ending = true;
		}
	for (i = 0; i < n; i++)
		if (!rs.rs_done[i])
			finish(rs.rs_ss[i], rs.rs_hs[i]);
	/* Children that came while the others were released: let go. */
	for (i = 0; i < n; i++)
		adopt_children(&rs, rs.rs_ss[i], rs.rs_hs[i], true);
	free(rs.rs_ss);
	free(rs.rs_hs);
	free(rs.rs_done);
	return rc;
}
