/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-sigframe: a signal handler whose frame holds a pc of pidtrace's, at
 * the moment pidtrace detaches.  fs_suspend() is rt_sigsuspend in
 * assembly: `mov $130,%eax; mov $8,%esi; syscall; ret`.  A probe at its
 * `syscall` (offset 10) runs that instruction out of line on the int3
 * path: with SIGUSR1 pending (raised while blocked), the call returns at
 * once and the signal is delivered on the way out of it, so the handler's
 * frame saves the out-of-line slot's address as the interrupted pc.
 *
 * usage: fp-sigframe N [decoy]: N rounds of raise + fs_suspend; in the
 * last one the handler prints "in handler" and waits for a line on stdin
 * (EOF in an untraced run) before it returns.  Prints "rounds=N
 * handled=N" and exits 1 if a round went wrong.
 *
 * decoy: while it waits, the handler's own stack, between the thread's
 * stack pointer and the live frame, holds words shaped like a signal
 * frame (rip, flags, the 64-bit segments) whose head is not one: its
 * restorer is 0 and its uc_stack spans the stack from below the thread's
 * stack pointer to just above the decoy.  Dead frames leave such words
 * behind, partly overwritten by later ones at other offsets; a scan that
 * took that uc_stack for an alternate signal stack stopped there and
 * never saw the live frame above it.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fp-proto.h"

long	fs_suspend(const sigset_t *mask);

__asm__(".text\n"
	".globl fs_suspend\n"
	".type fs_suspend, @function\n"
	"fs_suspend:\n"
	"	mov $130, %eax\n"	/* SYS_rt_sigsuspend */
	"	mov $8, %esi\n"		/* sizeof the kernel's sigset */
	"	syscall\n"		/* offset 10 */
	"	ret\n"
	".size fs_suspend, .-fs_suspend\n");

static volatile sig_atomic_t handled, last;
static int decoy;

/*
 * The decoy's layout, as sigframe.c reads a frame whose rip is at word
 * DK: the restorer 22 words below it, uc_stack's ss_sp 19 below and
 * ss_size 17 below, the registers from 16 below, flags and segments
 * above (linux arch/x86/include/asm/sigframe.h, struct rt_sigframe).
 */
#define DK	24
#define DN	32

static void
on_usr1(int sig)
{
	static const char msg[] = "in handler\n";
	volatile uint64_t d[DN];
	uint64_t lo, hi;
	char c;
	int i;

	(void)sig;
	handled++;
	if (!last)
		return;
	if (decoy) {
		for (i = 0; i < DN; i++)
			d[i] = 0;
		lo = (uint64_t)(uintptr_t)d - 65536;
		hi = (uint64_t)(uintptr_t)&d[DN];
		d[DK - 19] = lo;		/* ss_sp */
		d[DK - 17] = hi - lo;		/* ss_size */
		d[DK] = 0x200;			/* rip: none of pidtrace's */
		d[DK + 1] = 0x246;		/* eflags */
		d[DK + 2] = 0x002b000000000033ull; /* cs 0x33, ss 0x2b */
	}
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	while (read(0, &c, 1) == 1 && c != '\n')
		;
	if (decoy && d[DK + 2] != 0x002b000000000033ull)
		_exit(4);
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 100, i;
	struct sigaction sa;
	sigset_t usr1, none;
	unsigned long bad = 0;
	long r;

	setvbuf(stdout, NULL, _IOLBF, 0);
	decoy = argc > 2 && strcmp(argv[2], "decoy") == 0;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;	/* no SA_RESTART: EINTR */
	sigaction(SIGUSR1, &sa, NULL);
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&none);
	sigprocmask(SIG_BLOCK, &usr1, NULL);
	fp_ready();
	for (i = 0; i < n; i++) {
		last = i + 1 == n;
		raise(SIGUSR1);		/* pending: blocked */
		r = fs_suspend(&none);
		if (r != -EINTR || handled != (sig_atomic_t)(i + 1)) {
			if (bad++ < 5)
				fprintf(stderr, "fp-sigframe: round %lu: "
					"fs_suspend = %ld, handled %d\n", i, r,
					(int)handled);
		}
	}
	printf("rounds=%lu handled=%d\n", n, (int)handled);
	fp_done();
	return bad != 0;
}
