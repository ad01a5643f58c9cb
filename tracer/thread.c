/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/thread.c: one record per traced task, found by tid through a
 * small hash and a one-entry cache (a firing thread usually fires again),
 * and the one restart helper.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "tracer/tr-impl.h"

static unsigned
bucket(pid_t tid)
{
	return (unsigned)tid % TR_THREAD_BUCKETS;
}

tr_thread_t *
tr_thread_find(tr_session_t *s, pid_t tid)
{
	tr_thread_t *th;

	if (s->s_cache != NULL && s->s_cache->th_tid == tid)
		return s->s_cache;
	for (th = s->s_thr[bucket(tid)]; th != NULL; th = th->th_next)
		if (th->th_tid == tid) {
			s->s_cache = th;
			return th;
		}
	return NULL;
}

tr_thread_t *
tr_thread_new(tr_session_t *s, pid_t tid, tr_kind_t kind)
{
	tr_thread_t *th;
	unsigned b = bucket(tid);

	th = calloc(1, sizeof(*th));
	if (th == NULL)
		return NULL;
	th->th_tid = tid;
	th->th_kind = kind;
	th->th_next = s->s_thr[b];
	s->s_thr[b] = th;
	th->th_all = s->s_all;
	s->s_all = th;
	s->s_st.st_threads++;
	return th;
}

void
tr_thread_del(tr_session_t *s, tr_thread_t *th)
{
	tr_thread_t **pp;

	for (pp = &s->s_thr[bucket(th->th_tid)]; *pp != NULL;
	     pp = &(*pp)->th_next)
		if (*pp == th) {
			*pp = th->th_next;
			break;
		}
	for (pp = &s->s_all; *pp != NULL; pp = &(*pp)->th_all)
		if (*pp == th) {
			*pp = th->th_all;
			break;
		}
	if (s->s_cache == th)
		s->s_cache = NULL;
	if (s->s_cur == th)
		s->s_cur = NULL;
	free(th);
}

/*
 * Restart th with ptrace request req (PTRACE_CONT, PTRACE_LISTEN,
 * PTRACE_DETACH, PTRACE_SYSCALL) delivering sig.  ESRCH means the thread
 * is gone (killed, or exit_group by another thread): not an error, its
 * exit status will come through waitpid (strace's ptrace_restart).
 */
int
tr_restart(tr_session_t *s, tr_thread_t *th, int req, int sig)
{
	(void)s;
	th->th_stopped = false;
	if (ptrace((enum __ptrace_request)req, th->th_tid, 0L,
		   (long)sig) == 0)
		return 0;
	if (errno == ESRCH)
		return 0;
	return -1;
}

pid_t
tr_thread_tid(const tr_thread_t *th)
{
	return th->th_tid;
}

bool
tr_thread_vfchild(const tr_thread_t *th)
{
	return th->th_kind == TR_KIND_VMCHILD && th->th_vforker != 0;
}

void **
tr_thread_user(tr_thread_t *th)
{
	return &th->th_user;
}

int
tr_thread_regs(const tr_thread_t *th, struct user_regs_struct *regs)
{
	return ptrace(PTRACE_GETREGS, th->th_tid, 0L, regs) < 0 ? -1 : 0;
}

/*
 * A signal a stop took from the thread while we ran something of ours in
 * it (an injected syscall, a single-step): the first is delivered at its
 * restart (th_sig), the others are sent again once we are done, so that
 * none is lost (ordinary signals are not queued twice anyway).
 */
void
tr_keep_signal(tr_thread_t *th, int sig)
{
	if (th->th_sig == 0 || th->th_sig == sig)
		th->th_sig = sig;
	else if (sig > 0 && sig < 64)
		th->th_sigmore |= 1ull << sig;
}

void
tr_requeue_signals(tr_session_t *s, tr_thread_t *th)
{
	int sig;

	for (sig = 1; sig < 64 && th->th_sigmore != 0; sig++)
		if (th->th_sigmore & (1ull << sig)) {
			th->th_sigmore &= ~(1ull << sig);
			syscall(SYS_tgkill, s->s_pid, th->th_tid, sig);
		}
}
