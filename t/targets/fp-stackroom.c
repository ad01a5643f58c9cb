/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-stackroom.c: a program whose nearest free addresses to
 * libc lie in its main stack's room to grow, for
 * t/fastpath/stack-room.sh.  Run under `setarch -R`, libc's text lies
 * some 128 MiB below the stack (the kernel's least gap for it).  Before
 * fp_ready() it maps every free range between 2 GiB below libc and 6 MiB
 * below the [stack] mapping PROT_NONE (reserved, never touched; the
 * kernel keeps no guard gap from an inaccessible mapping), but a window
 * of 64 MiB from 900 MiB below libc.  Within rel32 reach of libc only
 * the window and the 6 MiB under the stack are then free, and the
 * stack's are the nearer.  After fp_ready() it calls getppid() NCALL
 * times, then recurses DEPTH frames of 64 KiB each (5 MiB of stack: it
 * fits in the 6 MiB, not with a mapping of ours and the kernel's 1 MiB
 * guard gap in them), and prints "calls=N deep=D", then fp_done().  It
 * prints "reserved" when it reserved every range, or why not (the test
 * then fails: the layout is not the one it needs).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fp-proto.h"
#include "fp-reserve.h"

#define NCALL	1000
#define DEPTH	80
#define FRAME	65536
#define MiB	(1ull << 20)

static int
layout(void)
{
	uint64_t a, b, libc = 0, stack = 0;
	char line[512];
	FILE *f;

	f = fopen("/proc/self/maps", "re");
	if (f == NULL)
		return printf("no maps\n"), -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (sscanf(line, "%" SCNx64 "-%" SCNx64, &a, &b) != 2)
			continue;
		if (libc == 0 && strstr(line, "/libc.so.6") != NULL)
			libc = a;
		if (strstr(line, " [stack]") != NULL)
			stack = a;
	}
	fclose(f);
	if (libc == 0 || stack == 0 || stack < libc || stack - libc > 1024 * MiB)
		return printf("layout: libc %" PRIx64 " stack %" PRIx64 "\n",
			      libc, stack), -1;
	if (fp_reserve(libc - 2048 * MiB, libc - 900 * MiB) < 0 ||
	    fp_reserve(libc - 836 * MiB, stack - 6 * MiB) < 0)
		return -1;
	printf("reserved\n");
	return 0;
}

/* DEPTH frames of FRAME bytes, each written: the stack grows 5 MiB. */
__attribute__((noinline)) static int
deep(int d)
{
	volatile char frame[FRAME];

	memset((char *)frame, d, sizeof(frame));
	if (d == 1)
		return frame[FRAME - 1] == 1;
	return deep(d - 1) + (frame[0] == (char)d);
}

int
main(void)
{
	long sum = 0;
	int i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (layout() < 0)
		return 1;
	fp_ready();
	for (i = 0; i < NCALL; i++)
		sum += getppid() > 0;
	printf("calls=%ld deep=%d\n", sum, deep(DEPTH));
	fp_done();
	return 0;
}
