/*
 * tracer/thread.c: one record per traced task, found by tid through a
 * small hash and a one-entry cache (a firing thread usually fires again),
 * and the one restart helper.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/ptrace.h>

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
	th->th_scstop = false;
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

void **
tr_thread_user(tr_thread_t *th)
{
	return &th->th_user;
}
