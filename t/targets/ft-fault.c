/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/ft-fault.c: SIGSEGV handled by the program itself, raised by
 * the first instruction of ft_load (ft-fault-load.S), which a probe displaces
 * out of line.  Round 1: the handler siglongjmps out (ft_load never
 * returns); round 2: it skips the 3-byte load and makes it return 0, as
 * a handler that emulates or skips a faulting instruction does (it moves
 * the interrupted rip, which is in the tracer's slot when traced).
 *
 *	ft-fault N	N calls per round, every second one faults
 *
 * Prints "ready", then its counts and a checksum.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

long	ft_load(long *p);

static sigjmp_buf env;
static unsigned long faults, skips, rets, sum;
static int round_;

static void
on_segv(int sig, siginfo_t *si, void *arg)
{
	ucontext_t *uc = arg;

	(void)sig;
	faults++;
	if (si->si_addr != NULL)
		abort();	/* not ours */
	if (round_ == 0)
		siglongjmp(env, 1);
	uc->uc_mcontext.gregs[REG_RIP] += 3;	/* mov (%rdi), %rax */
	uc->uc_mcontext.gregs[REG_RAX] = 0;
	skips++;
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	volatile unsigned long i;
	struct sigaction sa;
	long x = 5;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	printf("ready\n");
	fflush(stdout);
	for (round_ = 0; round_ < 2; round_++) {
		for (i = 0; i < n; i++) {
			if (round_ == 0 && sigsetjmp(env, 1) != 0) {
				sum = sum * 3 + 1;
				continue;
			}
			sum = sum * 3 + (unsigned long)ft_load(i % 2 ? &x : NULL);
			rets++;
		}
	}
	printf("calls=%lu returns=%lu faults=%lu skips=%lu sum=%lu\n", 2 * n,
	    rets, faults, skips, sum);
	return 0;
}
