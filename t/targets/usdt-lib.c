/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/usdt-lib.c: a library with USDT probes, dlopen'd by
 * usdt-args -d, for the tests of probes in objects loaded later.
 * Provider utlib: round (arg0 the round, arg1 a string).
 */
#include <stdio.h>
#include <sys/sdt.h>

void lib_round(unsigned long i, FILE *out);

void
lib_round(unsigned long i, FILE *out)
{
	static const char word[] = "library";

	STAP_PROBE2(utlib, round, i, word);
	fprintf(out, "lib-round %lu %s\n", i, word);
}
