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
#include <stddef.h>
#include <string.h>
#include <linux/audit.h>
#include <sys/ptrace.h>
#include <sys/user.h>

#include "tracer/tr-impl.h"

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
	if (!s->s_syscalls)
		return;
	th->th_scnr = orig_rax(th->th_tid);
	th->th_insys = th->th_scnr >= 0;
}

/*
 * A syscall stop of th: report it (unless the session is stopping: a
 * thread parked at a syscall stop is detached there and its call goes on
 * untraced, neither lost nor run twice).  The caller restarts th.
 */
int
tr_sys_stop(tr_session_t *s, tr_thread_t *th)
{
	struct __ptrace_syscall_info si;
	tr_syscall_t sc;

	if (!s->s_syscalls || th->th_kind != TR_KIND_THREAD)
		return 0;
	memset(&si, 0, sizeof(si));
	if (ptrace(PTRACE_GET_SYSCALL_INFO, th->th_tid, (void *)sizeof(si),
		   &si) < 0)
		return errno == ESRCH ? 0 : -1;
	memset(&sc, 0, sizeof(sc));
	sc.sc_pc = si.instruction_pointer;
	sc.sc_sp = si.stack_pointer;
	sc.sc_compat = si.arch != AUDIT_ARCH_X86_64;
	switch (si.op) {
	case PTRACE_SYSCALL_INFO_ENTRY:
		sc.sc_entry = true;
		sc.sc_nr = (long)si.entry.nr;
		memcpy(sc.sc_args, si.entry.args, sizeof(sc.sc_args));
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
		sc.sc_rval = si.exit.rval;
		sc.sc_error = si.exit.is_error != 0;
		break;
	default:
		return 0;	/* not a syscall stop after all */
	}
	if (s->s_stopping || s->s_h == NULL || s->s_h->h_syscall == NULL ||
	    sc.sc_nr < 0)
		return 0;
	s->s_st.st_syscalls++;
	if (s->s_h->h_syscall(s->s_h->h_arg, s, th, &sc) != 0)
		s->s_stop_req = 1;
	return 0;
}
