/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/syscall.c: syscall stops.  While tr_syscalls() is on, the loop
 * restarts the target's threads with PTRACE_SYSCALL instead of
 * PTRACE_CONT (resume() in loop.c), and each SIGTRAP|0x80 stop
 * (PTRACE_O_TRACESYSGOOD, set at seize) comes here: one
 * PTRACE_GET_SYSCALL_INFO says entry or exit, the number and arguments
 * or the return value, and the host's h_syscall is told.  A stop costs
 * three syscalls in the tracer: waitpid, GET_SYSCALL_INFO and the
 * restart.  With tr_syscalls() off nothing here runs, and a syscall
 * costs the target nothing.
 */
#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <linux/audit.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>

#include "tracer/tr-impl.h"

/* The codes a call interrupted by a signal exits with (-512..-516). */
static bool
restart_code(long long v)
{
	return v == -512 || v == -513 || v == -514 || v == -516;
}

static long orig_rax(pid_t tid);

/*
 * th was stopped (by our interrupt: attach) inside a call that the
 * kernel restarts as th resumes, with no signal to deliver: the entry
 * that follows is the same call going on, not a new one.  Its exit will
 * be reported without an entry, as for any thread attached inside a call.
 */
static void
restarts_at_resume(tr_thread_t *th)
{
	long nr = orig_rax(th->th_tid), rax;

	if (nr < 0)
		return;
	errno = 0;
	rax = ptrace(PTRACE_PEEKUSER, th->th_tid,
		     (void *)offsetof(struct user_regs_struct, rax), 0L);
	if (errno == 0 && restart_code(rax)) {
		th->th_rsnr = nr + 1;
		th->th_rsexit = false;
	}
}

int
tr_syscalls(tr_session_t *s, bool on)
{
	struct __ptrace_syscall_info si;
	tr_thread_t *th;

	if (on && !s->s_syscalls) {
		/* A stopped thread answers op NONE if the kernel has it. */
		for (th = s->s_all; th != NULL; th = th->th_all)
			if (th->th_stopped && th->th_kind == TR_KIND_THREAD &&
			    !th->th_zombie)
				break;
		if (th != NULL &&
		    ptrace(PTRACE_GET_SYSCALL_INFO, th->th_tid,
			   (void *)sizeof(si), &si) < 0 && errno == EIO) {
			errno = ENOSYS;
			return -1;
		}
	}
	if (on && !s->s_syscalls)
		for (th = s->s_all; th != NULL; th = th->th_all)
			if (th->th_stopped && th->th_kind == TR_KIND_THREAD &&
			    !th->th_zombie)
				restarts_at_resume(th);
	s->s_syscalls = on;
	return 0;
}

/* orig_rax: the number of the call a thread is in (PTRACE_PEEKUSER). */
static long
orig_rax(pid_t tid)
{
	long v;

	errno = 0;
	v = ptrace(PTRACE_PEEKUSER, tid,
		   (void *)offsetof(struct user_regs_struct, orig_rax), 0L);
	return errno != 0 ? -1 : v;
}

/*
 * An exec event: the thread that called execve now has the leader's tid
 * (th), and its syscall exit stop comes next, from th.  th's record may
 * say it was inside another call (a leader blocked in futex while a
 * thread exec'd): the exit is execve's (or execveat's), orig_rax says.
 */
void
tr_sys_exec(tr_session_t *s, tr_thread_t *th)
{
	th->th_rsnr = 0;
	th->th_rsexit = false;
	/* exec turned dispatch off: the new image starts on stops. */
	th->th_sudstep = false;
	s->s_sud = false;
	s->s_sudown = false;
	s->s_sudtried = false;
	s->s_sudquit = false;
	s->s_sudretry = 0;
	s->s_sudretried = false;
	s->s_sudlast = false;
	s->s_sudno[0] = '\0';
	if (!s->s_syscalls)
		return;
	th->th_scnr = orig_rax(th->th_tid);
	th->th_insys = th->th_scnr >= 0;
}

/* Tell the host (not once the session ends: tr_release). */
static int
report(tr_session_t *s, tr_thread_t *th, const tr_syscall_t *sc)
{
	if (s->s_ending || s->s_h == NULL || s->s_h->h_syscall == NULL ||
	    sc->sc_nr < 0)
		return 0;
	s->s_st.st_syscalls++;
	if (s->s_h->h_syscall(s->s_h->h_arg, s, th, sc) != 0)
		s->s_stop_req = 1;
	return 0;
}

/* The exit held back for a restart that did not come: say it now. */
static int
flush(tr_session_t *s, tr_thread_t *th)
{
	bool held = th->th_rsexit;

	th->th_rsnr = 0;
	th->th_rsexit = false;
	return held ? report(s, th, &th->th_rssc) : 0;
}

/*
 * A signal-delivery-stop of th: a call held back with its restart code
 * is not simply restarted now (the handler decides between EINTR and a
 * restart, which is a new entry): its exit is reported, as any call a
 * signal interrupts.
 */
int
tr_sys_signal(tr_session_t *s, tr_thread_t *th)
{
	if ((th->th_rsnr == 0 && !th->th_rsexit) || !tr_sys_traced(s, th))
		return 0;
	return flush(s, th);
}

/*
 * A syscall stop of th: report it (unless the session is ending: a
 * thread parked at a syscall stop is detached there and its call goes on
 * untraced, neither lost nor run twice).  While the session stops all
 * its threads for a while (arming sites, the ring's checks) stops are
 * reported as ever: the thread is not stopped there again.  The caller
 * restarts th.
 *
 * An exit stop with a restart code (-512..-516) is held back, whoever
 * broke the call.  A signal to deliver makes a signal-delivery-stop
 * come next, and the exit is reported there (tr_sys_signal), before the
 * handler decides between EINTR and a restart.  Without one the kernel
 * enters the call again at once (restart_syscall for a sleep): for the
 * program it is one call, and so it is for the host; that entry is not
 * reported.  Our interrupts (tr_stop_all, tr_sample) break calls so,
 * and which stop takes one cannot be told here: an interrupt that lands
 * as the thread enters its call is taken by the entry stop, yet the
 * pending wake-up it left breaks the call that follows, whose exit stop
 * then comes with no interrupt outstanding (t/syscall/quiet.sh: a read
 * counted twice under load, its thread caught by a sample while it
 * restarted the read an earlier interrupt broke).
 */
static int
sys_stop(tr_session_t *s, tr_thread_t *th, bool later)
{
	struct __ptrace_syscall_info si;
	tr_syscall_t sc;
	long was;

	if (!tr_sys_traced(s, th))
		return 0;
	memset(&si, 0, sizeof(si));
	if (ptrace(PTRACE_GET_SYSCALL_INFO, th->th_tid, (void *)sizeof(si),
		   &si) < 0)
		return errno == ESRCH ? 0 : -1;
	memset(&sc, 0, sizeof(sc));
	sc.sc_pc = si.instruction_pointer;
	sc.sc_sp = si.stack_pointer;
	sc.sc_compat = si.arch != AUDIT_ARCH_X86_64;
	if (later && si.op != PTRACE_SYSCALL_INFO_EXIT)
		return 0;	/* an entry inside an injection is ours */
	/*
	 * A call made by our code in the process (a trampoline's gettid,
	 * clause code's memory read) is not the program's: neither its
	 * entry nor its exit is told, nor does it touch th's own call.
	 * But the program's rt_sigreturn, its entry seen, returns to the
	 * pc its signal interrupted, ours when that was a trampoline's or
	 * a gate's call (Go's preemption signals, at a gettid): its exit
	 * is the program's, which ends a call on the stop path (left
	 * untold, the thread stayed on syscall stops for good).
	 */
	if (tr_fast_ours(s, si.instruction_pointer) &&
	    !(si.op == PTRACE_SYSCALL_INFO_EXIT && th->th_insys &&
	      th->th_scnr == SYS_rt_sigreturn))
		return 0;
	switch (si.op) {
	case PTRACE_SYSCALL_INFO_ENTRY:
		th->th_hidexit = false;
		sc.sc_entry = true;
		sc.sc_nr = (long)si.entry.nr;
		memcpy(sc.sc_args, si.entry.args, sizeof(sc.sc_args));
		if (th->th_rsnr != 0 || th->th_rsexit) {
			was = th->th_rsnr - 1;
			if (th->th_rsnr != 0 && (sc.sc_nr == was ||
			    sc.sc_nr == SYS_restart_syscall)) {
				/* The same call goes on. */
				th->th_rsnr = 0;
				th->th_rsexit = false;
				th->th_insys = true;
				th->th_scnr = was;
				return 0;
			}
			if (flush(s, th) < 0)
				return -1;
		}
		th->th_insys = true;
		th->th_scnr = sc.sc_nr;
		break;
	case PTRACE_SYSCALL_INFO_EXIT:
		/*
		 * The exit stop does not say which call: the entry did.
		 * Without one (attached or cloned inside a call), orig_rax
		 * still holds the number.
		 */
		sc.sc_nr = th->th_insys ? th->th_scnr : orig_rax(th->th_tid);
		th->th_insys = false;
		if (th->th_hidexit) {
			/*
			 * A launched image's execve: its entry was made by
			 * pidtrace's child, and dtrace -c and strace -c
			 * hand the image over from its return.
			 */
			th->th_hidexit = false;
			return 0;
		}
		sc.sc_rval = si.exit.rval;
		sc.sc_error = si.exit.is_error != 0;
		if ((th->th_rsnr != 0 || th->th_rsexit) && flush(s, th) < 0)
			return -1;
		if (sc.sc_nr >= 0 && restart_code(sc.sc_rval)) {
			th->th_rsnr = sc.sc_nr + 1;
			th->th_rsexit = true;
			th->th_rssc = sc;
			return 0;
		}
		if (later) {
			th->th_rsexit = true;
			th->th_rssc = sc;
			return 0;
		}
		break;
	default:
		return 0;	/* not a syscall stop after all */
	}
	return report(s, th, &sc);
}

/*
 * A new thread at its first stop, before it runs an instruction: its
 * clone or clone3 returned 0 in it, on its new stack.  No syscall stop
 * shows that return (the kernel turns syscall tracing off in a child,
 * copy_process), but the kernel's sys_exit tracepoint, which Oracle's
 * Linux DTrace fires its syscall provider from, sees it in the child as
 * in the parent: told here as that exit, on both paths.  The child's
 * registers say which call (orig_rax, copied from the parent's).
 */
int
tr_sys_newthread(tr_session_t *s, tr_thread_t *th)
{
	struct user_regs_struct r;
	tr_syscall_t sc;

	if (!tr_sys_traced(s, th) ||
	    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0 || r.rax != 0 ||
	    (r.orig_rax != SYS_clone && r.orig_rax != SYS_clone3))
		return 0;
	memset(&sc, 0, sizeof(sc));
	sc.sc_nr = (long)r.orig_rax;
	sc.sc_pc = r.rip;
	sc.sc_sp = r.rsp;
	sc.sc_tid = th->th_tid;
	return report(s, th, &sc);
}

int
tr_sys_stop(tr_session_t *s, tr_thread_t *th)
{
	return sys_stop(s, th, false);
}

/*
 * A stop of th that an injected call (inject.c) took on its way, which
 * the loop never sees: the exit stop of a fork, clone or exec event run
 * to its end, a signal delivered first.  The host is not called from
 * inside an injection, and what it would have been told is not lost: an
 * exit is held back as above (no entry hidden) and reported at th's
 * next syscall or signal-delivery stop, before anything that stop
 * reports; a signal ends the hiding of a restart (as tr_sys_signal
 * does), the exit held for it told at that next stop too.  Nothing is
 * held already when an exit comes here: the entry of the call, seen by
 * the loop, told what was.
 */
void
tr_sys_later(tr_session_t *s, tr_thread_t *th, int status)
{
	if (!tr_sys_traced(s, th) || !WIFSTOPPED(status))
		return;
	if (WSTOPSIG(status) == (SIGTRAP | 0x80)) {
		(void)sys_stop(s, th, true);
		return;
	}
	if ((unsigned)status >> 16 == 0)
		th->th_rsnr = 0;
}
