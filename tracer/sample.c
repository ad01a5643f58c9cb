/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/sample.c: interrupt the threads that are on CPU, for the
 * profile provider.  The interrupt stop is handled by the loop
 * (on_sample in loop.c), which calls h_sample and restarts the thread.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <unistd.h>

#include "tracer/tr-impl.h"

/*
 * The time task tid has spent on CPU, in ns (/proc/PID/task/TID/schedstat,
 * first field), or -1 when unreadable.
 */
static long long
task_runtime(pid_t pid, pid_t tid)
{
	char buf[128];
	ssize_t n;
	int fd;

	snprintf(buf, sizeof(buf), "/proc/%d/task/%d/schedstat", (int)pid,
		 (int)tid);
	if ((fd = open(buf, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return strtoll(buf, NULL, 10);
}

long long
tr_thread_cputime(const tr_session_t *s, const tr_thread_t *th)
{
	return task_runtime(s->s_pid, th->th_tid);
}

size_t
tr_sample(tr_session_t *s, uint32_t cookie)
{
	tr_thread_t *th;
	size_t n = 0;

	if (s->s_stopping || s->s_gone)
		return 0;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		long long rt;

		if (th->th_stopped || !th->th_seen || th->th_zombie ||
		    th->th_kind != TR_KIND_THREAD || th->th_sample != 0)
			continue;
		/*
		 * On CPU since the last tick: its run time moved.  A thread
		 * that sat in the run queue the whole time (state R, not
		 * running: other tasks had the CPUs) would be sampled at the
		 * pc where it was preempted, once per tick it waited, which
		 * skews the profile on a busy machine; a thread blocked in
		 * the kernel has not moved either.
		 */
		rt = task_runtime(s->s_pid, th->th_tid);
		if (rt < 0 || rt == th->th_runtime)
			continue;
		th->th_runtime = rt;
		if (ptrace(PTRACE_INTERRUPT, th->th_tid, 0L, 0L) < 0)
			continue;	/* ESRCH: gone; its exit is an event */
		th->th_interrupted = true;
		th->th_sample = cookie + 1;
		n++;
	}
	return n;
}
