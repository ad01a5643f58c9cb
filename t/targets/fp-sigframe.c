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
 * usage: fp-sigframe N: N rounds of raise + fs_suspend; in the last one
 * the handler prints "in handler" and waits for a line on stdin (EOF in
 * an untraced run) before it returns.  Prints "rounds=N handled=N" and
 * exits 1 if a round went wrong.
 */
#include <errno.h>
#include <signal.h>
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

static void
on_usr1(int sig)
{
	static const char msg[] = "in handler\n";
	char c;

	(void)sig;
	handled++;
	if (!last)
		return;
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	while (read(0, &c, 1) == 1 && c != '\n')
		;
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
