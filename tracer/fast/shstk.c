/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fast/shstk.c: whether a process runs with a user shadow stack
 * (x86 CET).  An entry trampoline runs a call it displaced as `push RET;
 * jmp target` (tramp.c, relocate_call): the push writes no shadow stack
 * entry, so the callee's `ret` would find the shadow stack disagree and
 * the thread would die of a control-protection fault.  Where any thread
 * has the shadow stack on, such sites keep their int3.
 *
 * Linux 6.6 and later (CONFIG_X86_USER_SHADOW_STACK) list a thread's
 * enabled features in /proc/PID/task/TID/status:
 *
 *	x86_Thread_features:	shstk wrss
 *	x86_Thread_features_locked:	shstk
 *
 * features separated by spaces; an older kernel has no such line, and
 * no thread of it can have a shadow stack.
 */
#include "config.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/text.h"
#include "tracer/fast/fast.h"

static const char feat[] = "x86_Thread_features:";

bool
tr_status_shstk(const char *status)
{
	const char *p = status, *e;
	size_t n;

	while (p != NULL && *p != '\0') {
		e = strchr(p, '\n');
		n = e != NULL ? (size_t)(e - p) : strlen(p);
		if (n >= sizeof(feat) - 1 &&
		    memcmp(p, feat, sizeof(feat) - 1) == 0) {
			const char *w = p + sizeof(feat) - 1, *end = p + n;

			/* each word, as the kernel separates them */
			while (w < end) {
				size_t k;

				while (w < end && (*w == ' ' || *w == '\t'))
					w++;
				k = 0;
				while (w + k < end && w[k] != ' ' &&
				       w[k] != '\t')
					k++;
				if (k == 5 && memcmp(w, "shstk", 5) == 0)
					return true;
				w += k;
			}
		}
		p = e != NULL ? e + 1 : NULL;
	}
	return false;
}

/*
 * One thread's status file says shstk: 1; not: 0; unreadable: -1.
 * PIDTRACE_TEST_SHSTK=FILE reads FILE in the place of every thread's, so
 * that a test sees the sites a shadow stack keeps on int3 where the
 * kernel or the CPU has none.
 */
static int
task_shstk(pid_t pid, const char *tid)
{
	const char *test = getenv("PIDTRACE_TEST_SHSTK");
	char path[96], buf[8192];

	snprintf(path, sizeof(path), "/proc/%d/task/%s/status", (int)pid,
		 tid);
	if (read_text(test != NULL ? test : path, buf, sizeof(buf)) < 0)
		return -1;
	return tr_status_shstk(buf) ? 1 : 0;
}

bool
tr_proc_shstk(pid_t pid)
{
	struct dirent *de;
	char path[64];
	bool on = false;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (d == NULL)
		return false;
	while (!on && (de = readdir(d)) != NULL)
		if (de->d_name[0] != '.' && task_shstk(pid, de->d_name) == 1)
			on = true;
	closedir(d);
	return on;
}
