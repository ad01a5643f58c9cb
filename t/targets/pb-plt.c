/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pb-plt: calls two libc functions through its PLT a known number of
 * times, for the PLT stub tests (t/probes/plt-*.sh).  rand_r and getppid
 * are not GCC builtins, so each call in the source is one call through
 * rand_r@plt or getppid@plt (checked against objdump by the tests).
 *
 * usage: pb-plt [ROUNDS]   (default 100): prints "ready <pid>", waits
 * for a line (or EOF) on stdin, makes ROUNDS calls of rand_r and
 * 2 * ROUNDS of getppid, and prints the counts and a checksum.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 100;
	unsigned long nrand = 0, nppid = 0, sum = 0, i;
	unsigned int seed = 1;
	pid_t pp;
	char line[16];

	printf("ready %d\n", (int)getpid());
	fflush(stdout);
	if (fgets(line, sizeof(line), stdin) == NULL)
		line[0] = '\0';
	for (i = 0; i < rounds; i++) {
		sum = sum * 31 + (unsigned long)rand_r(&seed);
		nrand++;
		pp = getppid();
		if (getppid() != pp)
			sum++;
		nppid += 2;
	}
	printf("pb-plt: rand_r %lu, getppid %lu, sum %016lx\n", nrand, nppid,
	    sum);
	return 0;
}
