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

#include "lib/text.h"
#include "tracer/tr-impl.h"

/*
 * The time task tid has spent on CPU, in ns (/proc/PID/task/TID/schedstat,
 * first field), or -1 when unreadable.
 */
static long long
task_runtime(pid_t pid, pid_t tid)
{
	char path[64], buf[128];

	snprintf(path, sizeof(path), "/proc/%d/task/%d/schedstat", (int)pid,
		 (int)tid);
	if (read_text(path, buf, sizeof(buf)) < 0)
		return -1;
	return strtoll(buf, NULL, 10);
}

/*
 * Whether task tid is running or runnable now (state R in
 * /proc/PID/task/TID/stat); false when unreadable.
 */
static bool
task_running(pid_t pid, pid_t tid)
{
	char buf[256], *p;
	ssize_t n;
	int fd;

	snprintf(buf, sizeof(buf), "/proc/%d/task/%d/stat", (int)pid,
		 (int)tid);
	if ((fd = open(buf, O_RDONLY | O_CLOEXEC)) < 0)
		return false;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p != NULL && p[1] == ' ' && p[2] == 'R';
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
		 * Running now (state R): a thread blocked in a call is not
		 * on CPU, and an interrupt would break its call (the
		 * kernel restarts it, but epoll_wait returns EINTR to the
		 * program, and a syscall probe would see the call end and
		 * begin again).  Its run time moved since its last sample
		 * because the interrupt and the restart ran it: idle
		 * threads were interrupted at every tick, for ever.
		 *
		 * And on CPU since the last tick: its run time moved.  A
		 * thread that sat in the run queue the whole time (state R,
		 * not running: other tasks had the CPUs) would be sampled at
		 * the pc where it was preempted, once per tick it waited,
		 * which skews the profile on a busy machine.
		 */
		if (!task_running(s->s_pid, th->th_tid))
			continue;
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
