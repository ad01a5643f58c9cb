/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fast/guard.c: plain loads in clause code, and what keeps them
 * from faulting the process.
 *
 * Clause code reads the process's memory with plain loads while a word
 * of the shared area says so (tr_fast_loads); every such load is listed
 * with a landing in the code's fixup table (tr_fast_code).  A load that
 * faults raises a synchronous SIGSEGV or SIGBUS, and every thread of the
 * process is ours: the kernel stops the thread in signal-delivery-stop
 * before anything of the signal happens (get_signal runs ptrace_signal
 * for every signal but SIGKILL and those forced fatal; a fault is forced
 * with the handler as it is).  tr_fast_load_fault then moves the thread to the
 * landing and resumes it without the signal: the process never sees it.
 *
 * With pidtrace gone nobody would: a fault would kill the process.  A
 * watchdog clears the word when pidtrace dies, however it dies, and the
 * code goes back to process_vm_readv.  It is a task made by clone with
 * CLONE_VM (pidtrace's memory, so its view of the area, without a copy
 * of any page), in a thread group of its own (a SIGKILL of pidtrace does
 * not take it), and not pidtrace's child (made by a child that exits at
 * once, it is never reaped by the stop loop's waitpid(-1)).  It blocks
 * every signal it can, closes every descriptor but the read end of a
 * pipe whose write end only pidtrace holds, and waits for that pipe's
 * end of file: the kernel closes pidtrace's descriptors when it exits.
 * It then clears every word registered and exits.  Its name (comm) is
 * "ptwd" and pidtrace's pid, for a test to wait for its end.  Code running no
 * library: raw system calls (errno is the calling thread's).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tracer/tr-impl.h"
#include "tracer/fast/fast.h"

#ifndef SYS_close_range
#define SYS_close_range	436
#endif

#define GUARD_NWORD	16
#define GUARD_STACK	16384

/* Pidtrace's views of the words to clear, NULL for none (shared with the
 * watchdog: the same memory). */
static uint64_t *guard_word[GUARD_NWORD];
static int guard_wfd = -1;
static bool guard_failed;
static char guard_name[16];	/* its comm: "ptwd" and pidtrace's pid */
static uint8_t guard_stack[2][GUARD_STACK] __attribute__((aligned(64)));

static inline __attribute__((always_inline)) long
raw3(long nr, long a, long b, long c)
{
	long r;

	__asm__ volatile("syscall" : "=a"(r)
			 : "0"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return r;
}

static inline __attribute__((always_inline)) long
raw4(long nr, long a, long b, long c, long d)
{
	register long r10 __asm__("r10") = d;
	long r;

	__asm__ volatile("syscall" : "=a"(r)
			 : "0"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
	return r;
}

__attribute__((no_sanitize_address, noinline)) static int
watchdog(void *arg)
{
	uint64_t all = ~(uint64_t)0;
	char c;
	long r;
	int i, fd = (int)(intptr_t)arg;

	raw4(SYS_rt_sigprocmask, SIG_SETMASK, (long)&all, 0, 8);
	raw3(SYS_prctl, PR_SET_NAME, (long)guard_name, 0);
	/* nothing of pidtrace's held open but the pipe */
	if (raw3(SYS_close_range, 0, fd - 1, 0) < 0 && fd > 0)
		for (i = 0; i < fd; i++)
			raw3(SYS_close, i, 0, 0);
	if (raw3(SYS_close_range, fd + 1, ~0U, 0) < 0)
		for (i = fd + 1; i < 4096; i++)
			raw3(SYS_close, i, 0, 0);
	do
		r = raw3(SYS_read, fd, (long)&c, 1);
	while (r == -EINTR || r > 0);
	for (i = 0; i < GUARD_NWORD; i++) {
		uint64_t *w = __atomic_load_n(&guard_word[i], __ATOMIC_ACQUIRE);

		if (w != NULL)
			__atomic_store_n(w, 0, __ATOMIC_RELEASE);
	}
	raw3(SYS_exit, 0, 0, 0);
	return 0;
}

/* The watchdog's parent for an instant: it makes it and exits. */
__attribute__((no_sanitize_address, noinline)) static int
midwife(void *arg)
{
	clone(watchdog, guard_stack[1] + GUARD_STACK, CLONE_VM | SIGCHLD,
	    arg);
	return 0;
}

static int
guard_start(void)
{
	int fds[2], st;
	pid_t mid;

	if (guard_wfd >= 0)
		return 0;
	if (guard_failed) {
		errno = EAGAIN;
		return -1;
	}
	if (pipe2(fds, O_CLOEXEC) < 0)
		return -1;
	snprintf(guard_name, sizeof(guard_name), "ptwd%d", (int)getpid());
	mid = clone(midwife, guard_stack[0] + GUARD_STACK, CLONE_VM,
	    (void *)(intptr_t)fds[0]);
	if (mid < 0 || tr_waitpid(mid, &st, __WALL) != mid ||
	    !WIFEXITED(st)) {
		close(fds[0]);
		close(fds[1]);
		guard_failed = true;
		errno = EAGAIN;
		return -1;
	}
	close(fds[0]);
	guard_wfd = fds[1];
	return 0;
}

/* The word's slot, or a free one. */
static uint64_t **
guard_slot(uint64_t *w)
{
	int i;

	for (i = 0; i < GUARD_NWORD; i++)
		if (guard_word[i] == w)
			return &guard_word[i];
	return NULL;
}

int
tr_fast_loads(tr_session_t *s, size_t off)
{
	struct tr_fast *fa = s->s_fast;
	uint64_t *w, **slot;

	if (fa == NULL || fa->fa_map == NULL || fa->fa_areasz == 0 ||
	    off > fa->fa_areasz - 8 || off % 8 != 0) {
		errno = ENOENT;
		return -1;
	}
	w = (uint64_t *)(void *)(fa->fa_map + fa->fa_ringsz -
	    fa->fa_areasz + off);
	if (fa->fa_loads == w)
		return 0;
	if (guard_start() < 0)
		return -1;
	if ((slot = guard_slot(w)) == NULL &&
	    (slot = guard_slot(NULL)) == NULL) {
		errno = ENOSPC;
		return -1;
	}
	__atomic_store_n(slot, w, __ATOMIC_RELEASE);
	fa->fa_loads = w;
	__atomic_store_n(w, 1, __ATOMIC_RELEASE);
	return 0;
}

void
tr_fast_loads_off(struct tr_fast *fa)
{
	uint64_t **slot;

	if (fa->fa_loads == NULL)
		return;
	__atomic_store_n(fa->fa_loads, 0, __ATOMIC_RELEASE);
	if ((slot = guard_slot(fa->fa_loads)) != NULL)
		__atomic_store_n(slot, NULL, __ATOMIC_RELEASE);
	fa->fa_loads = NULL;
}

bool
tr_fast_loads_on(const tr_session_t *s)
{
	return s->s_fast != NULL && s->s_fast->fa_loads != NULL;
}

static int
fix_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int
tr_fast_fix_add(struct tr_fast *fa, uint64_t at, const uint32_t *fix,
    size_t nfix)
{
	uint64_t *nf;
	size_t i;

	if (nfix == 0)
		return 0;
	nf = realloc(fa->fa_fix, (fa->fa_nfix + nfix) * 2 * sizeof(*nf));
	if (nf == NULL)
		return -1;
	fa->fa_fix = nf;
	for (i = 0; i < nfix; i++) {
		nf[2 * (fa->fa_nfix + i)] = at + fix[2 * i];
		nf[2 * (fa->fa_nfix + i) + 1] = at + fix[2 * i + 1];
	}
	fa->fa_nfix += nfix;
	fa->fa_fixsorted = false;
	return 0;
}

/* The landing of a load of ours at pc, or 0. */
static uint64_t
landing(struct tr_fast *fa, uint64_t pc)
{
	size_t lo = 0, hi = fa->fa_nfix, mid;

	if (!fa->fa_fixsorted) {
		qsort(fa->fa_fix, fa->fa_nfix, 2 * sizeof(uint64_t), fix_cmp);
		fa->fa_fixsorted = true;
	}
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (fa->fa_fix[2 * mid] == pc)
			return fa->fa_fix[2 * mid + 1];
		if (fa->fa_fix[2 * mid] < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

bool
tr_fast_load_fault(tr_session_t *s, tr_thread_t *th, int sig)
{
	struct tr_fast *fa = s->s_fast;
	struct user_regs_struct r;
	siginfo_t si;
	uint64_t to;

	if ((sig != SIGSEGV && sig != SIGBUS) || fa == NULL ||
	    fa->fa_nfix == 0)
		return false;
	/* the kernel's, for this thread's own instruction: never kill()'s */
	if (ptrace(PTRACE_GETSIGINFO, th->th_tid, 0L, &si) < 0 ||
	    si.si_code <= 0 || si.si_signo != sig ||
	    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0 ||
	    (to = landing(fa, r.rip)) == 0)
		return false;
	r.rip = to;
	if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0)
		return false;
	s->s_st.st_fixups++;
	return true;
}
