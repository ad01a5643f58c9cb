/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/inject.c: running a system call inside the tracee: the mmap of
 * an out-of-line page, the fast path's memfd, ring and chunks, the
 * munmaps of every ending and of a fork child's copies.
 *
 * A stopped thread is borrowed: its registers are saved, set to the call
 * at a `syscall` instruction of the tracee, it runs from that call's
 * entry stop to its exit stop, and its registers go back.  Where the
 * thread stopped decides how, because the kernel may not be done with
 * it: a thread at a fork event is still inside fork(), one stopped inside
 * a blocking call has a restart pending that the kernel carries out only
 * on its way out of that very stop.  Borrowing such a thread as if it
 * sat in user code made the injected call fail with ENOSYS and ran the
 * fork again (a second child, two PostgreSQL backends on one socket).
 * doc/TRACER.md, "Injected system calls", has the rules; in short:
 *
 *   - at an interrupt stop, a trap of ours, a syscall-exit stop, or a
 *     signal-delivery stop whose signal we suppress anyway: inject; if
 *     the thread was inside a call with a restart code (-512..-516), or
 *     in a group-stop, end by trapping it into an interrupt stop with
 *     its own registers, so that the kernel makes the restart decision
 *     itself (re-trap);
 *   - at a fork, clone or exec event: the call returns first (run to its
 *     exit stop), then as above;
 *   - at a syscall-entry stop: our call replaces the thread's, whose
 *     `syscall` instruction is then run again up to its entry stop;
 *   - with a signal to deliver: deliver it first (its handler's frame is
 *     set up, then a trap before any of the handler runs);
 *   - never at a vfork event (the call waits for the child) or a dying
 *     thread.
 *
 * Every injected call is checked at its entry stop (our number, at our
 * `syscall`) and its exit stop before its result is believed.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <linux/audit.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tracer/tr-impl.h"

#define ERESTARTSYS		512
#define ERESTARTNOINTR		513
#define ERESTARTNOHAND		514
#define ERESTART_RESTARTBLOCK	516

/* How a parked thread can lend itself, best first. */
typedef enum ik {
	IK_READY,	/* inject (and re-trap if it is inside a call) */
	IK_EVENT,	/* clone/fork/exec/vfork-done event: exit stop first */
	IK_ENTRY,	/* syscall-entry stop: replace, then rewind */
	IK_GROUP,	/* group-stop: inject, re-trap into the stop */
	IK_SIGNAL,	/* a signal to deliver first */
	IK_NEVER,	/* vfork event, exiting, not ours to use */
} ik_t;

static bool
is_stopsig(int sig)
{
	return sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
	       sig == SIGTTOU;
}

static int
sc_op(pid_t tid, struct __ptrace_syscall_info *si)
{
	memset(si, 0, sizeof(*si));
	if (ptrace(PTRACE_GET_SYSCALL_INFO, tid, (void *)sizeof(*si), si) < 0)
		return -1;
	return si->op;
}

static bool
is_sc_stop(int status)
{
	return WIFSTOPPED(status) && WSTOPSIG(status) == (SIGTRAP | 0x80);
}

static bool
is_event_stop(int status)
{
	return WIFSTOPPED(status) &&
	       (unsigned)status >> 16 == PTRACE_EVENT_STOP;
}

/* A signal-delivery-stop: its signal goes in unless the restart drops it. */
static bool
is_delivery(int status)
{
	return WIFSTOPPED(status) && (unsigned)status >> 16 == 0 &&
	       !is_sc_stop(status);
}

static bool
restart_code(const struct user_regs_struct *r)
{
	long v = (long)r->rax;

	return (long)r->orig_rax >= 0 &&
	       (v == -ERESTARTSYS || v == -ERESTARTNOINTR ||
		v == -ERESTARTNOHAND || v == -ERESTART_RESTARTBLOCK);
}

/*
 * An entry stop whose call can be made again by running the two bytes
 * before its pc: a native `syscall` (not int 0x80, whose numbers are
 * i386's: our 64-bit number would name another call there).  Read from
 * the thread's memory as it is, so an int3 of ours there says no.
 */
static bool
entry_ok(const struct __ptrace_syscall_info *si, pid_t tid)
{
	uint8_t b[2];

	return si->arch == AUDIT_ARCH_X86_64 &&
	       tr_mem_read_pid(tid, si->instruction_pointer - 2, b, 2) == 0 &&
	       b[0] == 0x0f && b[1] == 0x05;
}

static ik_t
kind_of(tr_thread_t *th)
{
	struct __ptrace_syscall_info si;
	int st = th->th_status;

	if (!th->th_stopped || th->th_zombie || !th->th_seen ||
	    !WIFSTOPPED(st))
		return IK_NEVER;
	if (is_sc_stop(st)) {
		switch (sc_op(th->th_tid, &si)) {
		case PTRACE_SYSCALL_INFO_ENTRY:
			return entry_ok(&si, th->th_tid) ? IK_ENTRY : IK_NEVER;
		case PTRACE_SYSCALL_INFO_EXIT:
			return th->th_sig != 0 ? IK_SIGNAL : IK_READY;
		default:
			return IK_NEVER;
		}
	}
	switch ((unsigned)st >> 16) {
	case 0:
		/* A signal to deliver, or one suppressed (a trap of ours). */
		return th->th_sig != 0 ? IK_SIGNAL : IK_READY;
	case PTRACE_EVENT_STOP:
		if (is_stopsig(WSTOPSIG(st)))
			return th->th_sig != 0 ? IK_NEVER : IK_GROUP;
		return th->th_sig != 0 ? IK_SIGNAL : IK_READY;
	case PTRACE_EVENT_FORK:
	case PTRACE_EVENT_CLONE:
	case PTRACE_EVENT_EXEC:
	case PTRACE_EVENT_VFORK_DONE:
		return IK_EVENT;
	default:
		/*
		 * PTRACE_EVENT_VFORK: once resumed, the call waits (killable
		 * only) for the child to exec or exit, and only then runs
		 * ours (tr_fast_teardown's munmap hung so in
		 * t/endings/mix.sh's vfork mode, its child parked).  Exit:
		 * dying.
		 */
		return IK_NEVER;
	}
}

/*
 * The next stop of th.  Its death is recorded (the loop will not see
 * it): the leader's ends the session; another thread is never used again.
 */
static int
wait_th(tr_session_t *s, tr_thread_t *th, int *status)
{
	if (tr_waitpid(th->th_tid, status, __WALL) != th->th_tid)
		return -1;
	if (WIFEXITED(*status) || WIFSIGNALED(*status)) {
		th->th_zombie = true;
		if (th->th_tid == s->s_pid) {
			s->s_gone = true;
			s->s_exit_status = *status;
		}
		errno = ESRCH;
		return -1;
	}
	/* Any stop takes a pending interrupt (see dispatch in loop.c). */
	th->th_interrupted = false;
	return 0;
}

/*
 * A signal-delivery-stop (or a syscall stop of the thread's own call)
 * taken here rather than by the loop: counted, noted and told to the
 * syscall accounting as the loop would (dispatch), the host's report
 * held back to the thread's next stop (tr_sys_later).
 */
static void
took_stop(tr_session_t *s, tr_thread_t *th, int status)
{
	if (is_delivery(status)) {
		s->s_st.st_signals++;
		tr_fault_note(s, th, WSTOPSIG(status));
	}
	tr_sys_later(s, th, status);
}

/* The signal to deliver at th's next restart, where none can be given. */
static void
sig_later(tr_session_t *s, tr_thread_t *th)
{
	if (th->th_sig != 0)
		syscall(SYS_tgkill, s->s_pid, th->th_tid, th->th_sig);
	th->th_sig = 0;
	tr_requeue_signals(s, th);
}

/*
 * Stop th at an interrupt stop (or a group-stop) from where it is now,
 * with no user code run: PTRACE_INTERRUPT, then restart it with sig.  On
 * its way out the kernel finishes what it had left (a syscall restart, a
 * signal's frame), then traps at once.  Signals met meanwhile are
 * delivered: their frames are set up, their handlers do not run yet.
 */
static int
retrap(tr_session_t *s, tr_thread_t *th, int sig)
{
	int status, n;

	if (ptrace(PTRACE_INTERRUPT, th->th_tid, 0L, 0L) < 0 ||
	    ptrace(PTRACE_CONT, th->th_tid, 0L, (long)sig) < 0)
		return -1;
	for (n = 0; n < 256; n++) {
		if (wait_th(s, th, &status) < 0)
			return -1;
		if (is_event_stop(status)) {
			th->th_status = status;
			th->th_listen = is_stopsig(WSTOPSIG(status));
			return 0;
		}
		sig = is_delivery(status) ? WSTOPSIG(status) : 0;
		if (sig != 0)
			took_stop(s, th, status);
		if (ptrace(PTRACE_CONT, th->th_tid, 0L, (long)sig) < 0)
			return -1;
	}
	errno = EBUSY;
	return -1;
}

/*
 * A thread with a signal to deliver: deliver it now, exactly as its
 * restart would (a signal-delivery-stop takes it with its siginfo; a
 * syscall stop has the kernel send it; elsewhere it is sent again), and
 * trap before the handler runs.
 */
static int
ripen(tr_session_t *s, tr_thread_t *th)
{
	int sig = th->th_sig, st = th->th_status;

	th->th_sig = 0;
	if (!is_delivery(st) && !is_sc_stop(st)) {
		syscall(SYS_tgkill, s->s_pid, th->th_tid, sig);
		sig = 0;
	}
	tr_requeue_signals(s, th);
	return retrap(s, th, sig);
}

/* A thread at a clone, fork or exec event: let the call return. */
static int
to_exit(tr_session_t *s, tr_thread_t *th)
{
	struct __ptrace_syscall_info si;
	int status, n;

	if (ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0)
		return -1;
	for (n = 0; n < 16; n++) {
		if (wait_th(s, th, &status) < 0)
			return -1;
		th->th_status = status;
		if (is_sc_stop(status) &&
		    sc_op(th->th_tid, &si) == PTRACE_SYSCALL_INFO_EXIT) {
			took_stop(s, th, status);	/* the call returns */
			return 0;
		}
		if (is_delivery(status)) {
			/* Not before the exit stop; if ever, deliver it. */
			took_stop(s, th, status);
			th->th_sig = WSTOPSIG(status);
			return 0;
		}
		if (ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0)
			return -1;
	}
	errno = EBUSY;
	return -1;
}

static void
set_args(struct user_regs_struct *r, const long a[6])
{
	r->rdi = (uint64_t)a[0];
	r->rsi = (uint64_t)a[1];
	r->rdx = (uint64_t)a[2];
	r->r10 = (uint64_t)a[3];
	r->r8 = (uint64_t)a[4];
	r->r9 = (uint64_t)a[5];
}

static int
get_mask(pid_t tid, uint64_t *m)
{
	return ptrace(PTRACE_GETSIGMASK, tid, (void *)sizeof(*m), m) < 0 ?
	       -1 : 0;
}

/* What the kernel does to a call's registers when it restarts it. */
static void
restarted(struct user_regs_struct *r)
{
	if (!restart_code(r))
		return;
	r->rax = (long)r->rax == -ERESTART_RESTARTBLOCK ?
		 (uint64_t)SYS_restart_syscall : r->orig_rax;
	r->rip -= 2;
}

/*
 * An entry stop of a call other than ours at our pc.  Nothing else can
 * stop a thread there; should it happen, the call is skipped (orig_rax
 * -1) so that it does not run with registers of ours.
 */
static int
skip_call(tr_session_t *s, tr_thread_t *th)
{
	int status;

	if (ptrace(PTRACE_POKEUSER, th->th_tid,
		   (void *)offsetof(struct user_regs_struct, orig_rax),
		   (void *)-1L) < 0 ||
	    ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0 ||
	    wait_th(s, th, &status) < 0)
		return -1;
	th->th_status = status;
	return 0;
}

/*
 * IK_READY and IK_GROUP: our call from a `syscall` of the tracee.  0 and
 * *ret when it ran, 1 when th's state changed first (try again from the
 * new one), -1 on error.
 */
static int
inject_ready(tr_session_t *s, tr_thread_t *th, bool group, long nr,
	     const long a[6], long *ret)
{
	struct __ptrace_syscall_info si;
	struct user_regs_struct saved, r;
	uint64_t m0 = 0, m1 = 0;
	bool have_m0;
	int status, n, op;

	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &saved) < 0)
		return -1;
	have_m0 = get_mask(th->th_tid, &m0) == 0;
	r = saved;
	r.rax = (uint64_t)nr;
	r.orig_rax = (uint64_t)-1;	/* no restart of the thread's call */
	set_args(&r, a);
	r.rip = s->s_syscall_insn;
	if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0 ||
	    ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0)
		return -1;
	/* To the entry stop of our call. */
	for (n = 0;; n++) {
		if (wait_th(s, th, &status) < 0)
			return -1;
		if (n >= 64 && is_event_stop(status)) {
			/*
			 * Stopped again and again before our entry (a
			 * SIGSTOP/SIGCONT storm: a group-stop each time, the
			 * signal taken by another thread).  Its own registers
			 * back, where it is now, and try again from there:
			 * left with ours, the thread ran our call itself once
			 * let go, then on past libc's `syscall` into abort's
			 * hlt (t/faults/stopstorm.sh's target died of SIGSEGV).
			 * The kernel decides a restart from the registers it
			 * finds after this stop, so the thread's call is
			 * restarted as it would have been.
			 */
			if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &saved) < 0)
				return -1;
			th->th_status = status;
			th->th_listen = is_stopsig(WSTOPSIG(status));
			return 1;
		}
		if (is_event_stop(status)) {
			/* An interrupt of ours, or a group-stop begins. */
			if (is_stopsig(WSTOPSIG(status)))
				group = true;
			if (ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0)
				return -1;
			continue;
		}
		if (is_delivery(status)) {
			/*
			 * A signal on its way: it would be delivered with our
			 * registers.  Put the thread's back and deliver it
			 * first.  Where the kernel already gave back a mask a
			 * call had set (sigsuspend, ppoll...: it does so when
			 * it decides on a restart), the thread is past that
			 * decision: the registers are the restarted call's.
			 */
			if (have_m0 && get_mask(th->th_tid, &m1) == 0 &&
			    m1 != m0)
				restarted(&saved);
			if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &saved) < 0)
				return -1;
			took_stop(s, th, status);
			th->th_sig = WSTOPSIG(status);
			th->th_status = status;
			return 1;
		}
		if (!is_sc_stop(status)) {
			if (ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0)
				return -1;
			continue;
		}
		op = sc_op(th->th_tid, &si);
		if (op == PTRACE_SYSCALL_INFO_ENTRY &&
		    (long)si.entry.nr == nr &&
		    si.instruction_pointer == s->s_syscall_insn + 2)
			break;
		if (op == PTRACE_SYSCALL_INFO_EXIT) {
			/*
			 * The thread was still inside a call (its stop was
			 * not what it said): the call has returned now, its
			 * value in rax.  It is at that call's exit stop.
			 */
			if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
				return -1;
			saved.rax = r.rax;
			if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &saved) < 0)
				return -1;
			took_stop(s, th, status);
			th->th_status = status;
			return 1;
		}
		/* Not ours: never run it with our registers. */
		if (skip_call(s, th) < 0 ||
		    ptrace(PTRACE_SETREGS, th->th_tid, 0L, &saved) < 0)
			return -1;
		errno = EPROTO;
		return -1;
	}
	/* Our call runs; its exit stop. */
	if (ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0 ||
	    wait_th(s, th, &status) < 0)
		return -1;
	if (!is_sc_stop(status) ||
	    sc_op(th->th_tid, &si) != PTRACE_SYSCALL_INFO_EXIT ||
	    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0) {
		ptrace(PTRACE_SETREGS, th->th_tid, 0L, &saved);
		errno = EPROTO;
		return -1;
	}
	*ret = (long)r.rax;
	if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &saved) < 0)
		return -1;
	th->th_status = status;
	/*
	 * Inside a call with a restart pending, or in a group-stop: back
	 * to an interrupt stop (or the group-stop) with its own registers,
	 * where the kernel left it; the restart is the kernel's to make,
	 * after a signal that may come meanwhile has had its say.  Else
	 * the exit stop of our call is as good a place as any: the thread
	 * leaves it for where it was.
	 */
	if (group || restart_code(&saved))
		return retrap(s, th, 0) < 0 ? -1 : 0;
	return 0;
}

/*
 * IK_ENTRY: the thread is at the entry stop of its call N, not yet run.
 * Our call takes N's place (orig_rax is the number the kernel reads after
 * the stop); then the thread is put back before N's `syscall` with N in
 * rax and runs it again up to its entry stop: N runs once, after ours.
 */
static int
inject_entry(tr_session_t *s, tr_thread_t *th, long nr, const long a[6],
	     long *ret)
{
	struct __ptrace_syscall_info si;
	struct user_regs_struct saved, r;
	int status, n, op;
	long o;

	if (ptrace(PTRACE_GETREGS, th->th_tid, 0L, &saved) < 0)
		return -1;
	r = saved;
	r.orig_rax = (uint64_t)nr;
	set_args(&r, a);
	if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0 ||
	    ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0 ||
	    wait_th(s, th, &status) < 0)
		return -1;
	errno = 0;
	o = ptrace(PTRACE_PEEKUSER, th->th_tid,
		   (void *)offsetof(struct user_regs_struct, orig_rax), 0L);
	if (!is_sc_stop(status) || errno != 0 || o != nr ||
	    sc_op(th->th_tid, &si) != PTRACE_SYSCALL_INFO_EXIT ||
	    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0) {
		errno = EPROTO;
		return -1;
	}
	*ret = (long)r.rax;
	/* Before N's `syscall`, as if the thread had not reached it. */
	r = saved;
	r.rip -= 2;
	r.rax = saved.orig_rax;
	r.orig_rax = (uint64_t)-1;
	if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0 ||
	    ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0)
		return -1;
	for (n = 0; n < 64; n++) {
		if (wait_th(s, th, &status) < 0)
			return -1;
		th->th_status = status;
		if (is_sc_stop(status)) {
			op = sc_op(th->th_tid, &si);
			if (op == PTRACE_SYSCALL_INFO_ENTRY &&
			    si.entry.nr == saved.orig_rax &&
			    si.instruction_pointer == saved.rip)
				return 0;	/* where it was */
			errno = EPROTO;
			return -1;
		}
		if (is_event_stop(status) && is_stopsig(WSTOPSIG(status))) {
			/* A group-stop before it: N runs after it ends. */
			th->th_listen = true;
			sig_later(s, th);
			return 0;
		}
		if (is_delivery(status)) {
			/*
			 * A signal arrived: it is delivered before N runs, as
			 * if it had come just before the `syscall`.
			 */
			took_stop(s, th, status);
			th->th_sig = WSTOPSIG(status);
			if (ripen(s, th) < 0)
				return -1;
			sig_later(s, th);
			return 0;
		}
		if (ptrace(PTRACE_SYSCALL, th->th_tid, 0L, 0L) < 0)
			return -1;
	}
	errno = EBUSY;
	return -1;
}

/*
 * Any `0f 05` in executable memory: the vdso's or libc's first (they
 * surely have one), then any other code (a static program without vdso).
 * Not in a page of ours.
 */
static bool
is_xol_page(const tr_session_t *s, uint64_t addr)
{
	const tr_xolpage_t *xp;

	for (xp = s->s_xol; xp != NULL; xp = xp->xp_next)
		if (addr == xp->xp_addr)
			return true;
	return false;
}

static uint64_t
find_syscall_insn(tr_session_t *s)
{
	char path[64], line[512];
	uint64_t lo, hi, a;
	uint8_t buf[TR_PAGE];
	ssize_t n, i;
	int pass;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)s->s_memtid);
	for (pass = 0; pass < 2; pass++) {
		f = fopen(path, "re");
		if (f == NULL)
			return 0;
		while (fgets(line, sizeof(line), f) != NULL) {
			char perm[8] = "";
			bool known;

			if (sscanf(line, "%" SCNx64 "-%" SCNx64 " %7s", &lo,
				   &hi, perm) != 3 || perm[2] != 'x')
				continue;
			known = strstr(line, "[vdso]") != NULL ||
				strstr(line, "libc.so") != NULL;
			if (known != (pass == 0) || is_xol_page(s, lo) ||
			    strstr(line, "memfd:") != NULL)
				continue;
			for (a = lo; a < hi; a += sizeof(buf)) {
				n = tr_read(s, a, buf, sizeof(buf));
				for (i = 0; i + 1 < n; i++)
					if (buf[i] == 0x0f &&
					    buf[i + 1] == 0x05) {
						fclose(f);
						return a + (uint64_t)i;
					}
			}
		}
		fclose(f);
	}
	return 0;
}

/*
 * The thread to lend: the best kind (IK_READY first), the thread at hand
 * (s_cur) on a tie.  One that needs to move first is moved now, before
 * the caller reads its stack pointer (a delivered signal's frame lowers
 * it).  Fork children and vfork children are never picked.
 */
tr_thread_t *
tr_inject_thread(tr_session_t *s)
{
	tr_thread_t *th, *best;
	ik_t k, bk;
	int tries;

	for (tries = 0; tries < 8; tries++) {
		best = NULL;
		bk = IK_NEVER;
		th = s->s_cur;
		if (th != NULL && th->th_kind == TR_KIND_THREAD) {
			bk = kind_of(th);
			best = bk == IK_NEVER ? NULL : th;
		}
		for (th = s->s_all; th != NULL && bk != IK_READY;
		     th = th->th_all) {
			if (th->th_kind != TR_KIND_THREAD || th == best)
				continue;
			k = kind_of(th);
			if (k < bk) {
				best = th;
				bk = k;
			}
		}
		if (best == NULL || s->s_gone)
			return NULL;
		if (bk == IK_SIGNAL) {
			if (ripen(s, best) < 0 && s->s_gone)
				return NULL;
			continue;	/* its new stop, or another thread */
		}
		if (bk == IK_EVENT) {
			if (to_exit(s, best) < 0 && s->s_gone)
				return NULL;
			continue;
		}
		return best;
	}
	return NULL;
}

/*
 * For a munmap only: when no thread of the process can lend itself, a
 * vfork child stopped in its memory can (the same address space; not
 * for a call that takes or makes a file descriptor: its table is its
 * own).  A parent parked at its vfork event cannot resume without its
 * child's exec.
 */
tr_thread_t *
tr_inject_thread_mm(tr_session_t *s)
{
	tr_thread_t *th = tr_inject_thread(s);
	ik_t k;

	if (th != NULL || s->s_gone)
		return th;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (th->th_kind != TR_KIND_VMCHILD)
			continue;
		k = kind_of(th);
		if (k == IK_READY || k == IK_ENTRY)
			return th;
	}
	return NULL;
}

long
tr_inject_syscall(tr_session_t *s, long nr, long a1, long a2, long a3,
		  long a4, long a5, long a6)
{
	tr_thread_t *th;
	long r = -EAGAIN;
	int tries;

	/* A thread that dies under us: another one. */
	for (tries = 0; tries < 4; tries++) {
		th = tr_inject_thread(s);
		if (th == NULL)
			return -EAGAIN;
		r = tr_inject_syscall_th(s, th, nr, a1, a2, a3, a4, a5, a6);
		if (r != -ESRCH || s->s_gone)
			break;
	}
	return r;
}

/*
 * Run syscall nr in stopped thread th (a thread of s, or a fork child
 * before it ran) and return its result: -errno as the kernel returns it;
 * -EAGAIN when th cannot lend itself (a vfork event, dying), -EPROTO when
 * the call could not be seen to run.  th is left stopped where the
 * kernel would leave it (see the top of the file).
 */
long
tr_inject_syscall_th(tr_session_t *s, tr_thread_t *th, long nr, long a1,
		     long a2, long a3, long a4, long a5, long a6)
{
	const long a[6] = { a1, a2, a3, a4, a5, a6 };
	uint64_t ours;
	long ret = -EAGAIN;
	int tries, rc = 1;
	ik_t k;

	if (th == NULL)
		return -EAGAIN;
	/* what it maps or moves is not in tr_arm_hold's blocks */
	tr_rcache_drop(s, 0, UINT64_MAX);
	/*
	 * While syscall user dispatch is on, the process's threads make
	 * our calls from our `syscall` in its range (sud.c); a fork or
	 * vfork child has no dispatch, and may have our pages unmapped
	 * already: it makes them from the program's.
	 */
	if (s->s_sud && th->th_kind != TR_KIND_THREAD) {
		long r;

		ours = s->s_syscall_insn;
		s->s_syscall_insn = s->s_progsys;
		s->s_sud = false;
		r = tr_inject_syscall_th(s, th, nr, a1, a2, a3, a4, a5, a6);
		s->s_sud = true;
		s->s_progsys = s->s_syscall_insn;
		s->s_syscall_insn = ours;
		return r;
	}
	if (s->s_syscall_insn == 0)
		s->s_syscall_insn = find_syscall_insn(s);
	if (s->s_syscall_insn == 0)
		return -ENOEXEC;
	for (tries = 0; tries < 8 && rc == 1; tries++) {
		errno = 0;
		k = kind_of(th);
		switch (k) {
		case IK_NEVER:
			return -EAGAIN;
		case IK_SIGNAL:
			rc = ripen(s, th) < 0 ? -1 : 1;
			break;
		case IK_EVENT:
			rc = to_exit(s, th) < 0 ? -1 : 1;
			break;
		case IK_ENTRY:
			rc = inject_entry(s, th, nr, a, &ret);
			break;
		default:
			rc = inject_ready(s, th, k == IK_GROUP, nr, a, &ret);
			break;
		}
	}
	th->th_stopped = true;
	if (rc < 0)
		return -(errno != 0 ? errno : EIO);
	if (rc == 1)
		return -EAGAIN;
	return ret;
}
