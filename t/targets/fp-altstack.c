/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-altstack: a returned handler's signal frame, left on an alternate
 * signal stack just above a thread's own stack, that holds a pc of a
 * trampoline, as Go's threads leave them (their signal stacks lie in its
 * heap next to other threads' stacks, and its preemption signal often
 * interrupts a trampoline).  Nothing will return through such a frame:
 * at the ending it must not be counted as a drop, nor rewritten, nor
 * keep pidtrace's pages mapped.
 *
 * One mapping of 64 KB: a thread's stack in its lower half, its
 * alternate signal stack in the upper half.  The thread takes one
 * SIGUSR1 there (SA_ONSTACK) and its handler returns: the frame stays
 * in the memory, at a known place.  After the handshake the thread calls
 * fa_work() N times; if its entry is now a jmp to a trampoline, the
 * frame's saved rip is made that trampoline's pc, as if the signal had
 * come there: the start of the trampoline, or 6 bytes in (after `lea
 * -128(%rsp),%rsp; pushfq`: a record block's first push) when the
 * trampoline starts with the record block.  It prints "stale" and waits
 * on its own stack, 30-odd KB below the frame.  A line "check" makes it
 * say whether the frame still holds what it wrote.
 *
 * usage: fp-altstack N
 * Prints "ready pid=P", then "calls=N", "stale" (or "no trampoline"),
 * then at "check" "frame kept" or "frame rewritten", then "done".
 */
#define _GNU_SOURCE	/* REG_RIP */
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "fp-proto.h"

#define HALF	32768

int	fa_work(int i);

static volatile greg_t *slot;	/* the frame's saved rip */
static greg_t wrote;
static int go[2];
static unsigned long n;
static char *region;

__attribute__((noinline)) int
fa_work(int i)
{
	__asm__ volatile("" ::: "memory");
	return i + 1;
}

static void
on_usr1(int sig, siginfo_t *si, void *ucv)
{
	ucontext_t *uc = ucv;

	(void)sig;
	(void)si;
	slot = &uc->uc_mcontext.gregs[REG_RIP];
}

static void *
thread(void *arg)
{
	static const uint8_t rec[] = { 0x48, 0x8d, 0x64, 0x24, 0x80, 0x9c,
				       0x50 };
	struct sigaction sa;
	unsigned long i, sum = 0;
	uint8_t *p = (uint8_t *)(uintptr_t)fa_work;
	int32_t rel;
	stack_t ss;
	char c;

	(void)arg;
	ss.ss_sp = region + HALF;
	ss.ss_size = HALF;
	ss.ss_flags = 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_usr1;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	if (sigaltstack(&ss, NULL) != 0 || sigaction(SIGUSR1, &sa, NULL) != 0 ||
	    pthread_kill(pthread_self(), SIGUSR1) != 0 || slot == NULL ||
	    (char *)slot < region + HALF || (char *)slot >= region + 2 * HALF) {
		printf("no frame on the alternate stack\n");
		exit(2);
	}
	/* The handshake done: pidtrace is attached (or not: untraced). */
	if (read(go[0], &c, 1) != 1)
		exit(2);
	for (i = 0; i < n; i++)
		sum += (unsigned long)fa_work((int)i);
	printf("calls=%lu sum=%lu\n", n, sum);
	if (p[0] != 0xe9) {
		printf("no trampoline\n");
	} else {
		memcpy(&rel, p + 1, sizeof(rel));
		p += 5 + rel;
		wrote = (greg_t)(uintptr_t)p;
		if (memcmp(p, rec, sizeof(rec)) == 0)
			wrote += 6;
		*slot = wrote;
		printf("stale\n");
	}
	/* Wait here, on this stack, below the frame. */
	if (read(go[0], &c, 1) != 1)
		exit(2);
	if (wrote != 0)
		printf("frame %s\n", *slot == wrote ? "kept" : "rewritten");
	return NULL;
}

int
main(int argc, char **argv)
{
	pthread_attr_t at;
	pthread_t t;
	char line[64];

	n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	setvbuf(stdout, NULL, _IOLBF, 0);
	region = mmap(NULL, 2 * HALF, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (region == MAP_FAILED || pipe(go) != 0 ||
	    pthread_attr_init(&at) != 0 ||
	    pthread_attr_setstack(&at, region, HALF) != 0 ||
	    pthread_create(&t, &at, thread, NULL) != 0)
		return 2;
	fp_ready();
	if (write(go[1], "g", 1) != 1)
		return 2;
	/* "check" (or EOF, untraced): the thread looks at its frame. */
	if (fgets(line, sizeof(line), stdin) == NULL)
		clearerr(stdin);
	if (write(go[1], "c", 1) != 1)
		return 2;
	pthread_join(t, NULL);
	fp_done();
	return 0;
}
