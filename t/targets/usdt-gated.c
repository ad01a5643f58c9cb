/*
 * t/targets/usdt-gated.c: the semaphore-gated probe of usdt-args, in a
 * file of its own because _SDT_HAS_SEMAPHORES gives every probe of a
 * file a semaphore.  The check counts itself: usdt-args prints how many
 * times the semaphore was seen set.
 */
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <sys/sdt.h>

unsigned short ut_gated_semaphore __attribute__((section(".probes")));

unsigned long gated(unsigned long i, FILE *out);

unsigned long
gated(unsigned long i, FILE *out)
{
	if (!ut_gated_semaphore)
		return 0;
	STAP_PROBE1(ut, gated, i);
	fprintf(out, "gated %lu\n", i);
	return 1;
}
