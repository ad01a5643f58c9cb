/*
 * tracer/sample.c: interrupt the threads that are on CPU, for the
 * profile provider.  The interrupt stop is handled by the loop
 * (on_sample in loop.c), which calls h_sample and restarts the thread.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <unistd.h>

#include "tracer/tr-impl.h"

/*
 * The state letter of /proc/PID/task/TID/stat: R is running or runnable
 * (on CPU or waiting for one), S and D are blocked in the kernel, t is
 * already in a ptrace-stop.  '?' when unreadable.
 */
static char
task_state(pid_t pid, pid_t tid)
{
	char buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(buf, sizeof(buf), "/proc/%d/task/%d/stat", (int)pid,
		 (int)tid);
	if ((fd = open(buf, O_RDONLY | O_CLOEXEC)) < 0)
		return '?';
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return '?';
	buf[n] = '\0';
	p = strrchr(buf, ')');	/* comm may hold spaces and parens */
	return p != NULL && p[1] == ' ' ? p[2] : '?';
}

size_t
tr_sample(tr_session_t *s, uint32_t cookie)
{
	tr_thread_t *th;
	size_t n = 0;

	if (s->s_stopping || s->s_gone)
		return 0;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		if (th->th_stopped || !th->th_seen || th->th_zombie ||
		    th->th_kind != TR_KIND_THREAD || th->th_sample != 0 ||
		    task_state(s->s_pid, th->th_tid) != 'R')
			continue;
		if (ptrace(PTRACE_INTERRUPT, th->th_tid, 0L, 0L) < 0)
			continue;	/* ESRCH: gone; its exit is an event */
		th->th_interrupted = true;
		th->th_sample = cookie + 1;
		n++;
	}
	return n;
}
