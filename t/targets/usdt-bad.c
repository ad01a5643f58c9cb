/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/usdt-bad.c: stapsdt notes written by hand, as a broken or
 * hostile file could carry them, for the error tests: provider bad,
 *	good	a correct probe (8@%rdi), fired once per line of stdin
 *	args	an argument "x@%rdi" (no size)
 *	sem	a semaphore far outside every mapping of the file
 *	semcode	a semaphore on its own site: code, not data
 * It prints "ready pid=N", then "fired K" per line; EOF ends.
 */
#include <stdio.h>
#include <sys/sdt.h>
#include <unistd.h>

/* One note, as sys/sdt.h lays it out, with the strings given. */
#define BAD_NOTE(name, args, sem) __asm__ __volatile__( \
	"990:	nop\n" \
	"	.pushsection .note.stapsdt,\"?\",\"note\"\n" \
	"	.balign 4\n" \
	"	.4byte 992f-991f, 994f-993f, 3\n" \
	"991:	.asciz \"stapsdt\"\n" \
	"992:	.balign 4\n" \
	"993:	.8byte 990b\n" \
	"	.8byte _.stapsdt.base\n" \
	"	.8byte " sem "\n" \
	"	.asciz \"bad\"\n" \
	"	.asciz \"" name "\"\n" \
	"	.asciz \"" args "\"\n" \
	"994:	.balign 4\n" \
	"	.popsection\n")

int
main(void)
{
	char line[64];
	unsigned long k = 0;

	printf("ready pid=%d\n", (int)getpid());
	fflush(stdout);
	while (fgets(line, sizeof(line), stdin) != NULL) {
		k++;
		STAP_PROBE1(bad, good, k);	/* also gives .stapsdt.base */
		BAD_NOTE("args", "x@%rdi", "0");
		BAD_NOTE("sem", "8@%rdi", "0x70000000");
		BAD_NOTE("semcode", "8@%rdi", "990b");
		printf("fired %lu\n", k);
		fflush(stdout);
	}
	return 0;
}
