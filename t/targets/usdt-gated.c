/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/usdt-gated.c: the semaphore-gated probe of usdt-args, in a
 * file of its own because _SDT_HAS_SEMAPHORES gives every probe of a
 * file a semaphore.  The check counts itself: usdt-args prints how many
 * times the semaphore was seen set, and the largest value seen (two
 * functions hold a gated probe, sharing the one semaphore: a tracer
 * enabling both raises it twice).
 */
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <sys/sdt.h>

unsigned short ut_gated_semaphore __attribute__((section(".probes")));
unsigned short gated_max;

unsigned long gated(unsigned long i, FILE *out);

__attribute__((noinline)) static void
gated_again(unsigned long i)
{
	STAP_PROBE1(ut, gated, i + 1000);
}

unsigned long
gated(unsigned long i, FILE *out)
{
	if (ut_gated_semaphore > gated_max)
		gated_max = ut_gated_semaphore;
	if (!ut_gated_semaphore)
		return 0;
	STAP_PROBE1(ut, gated, i);
	gated_again(i);
	fprintf(out, "gated %lu\n", i);
	return 1;
}
