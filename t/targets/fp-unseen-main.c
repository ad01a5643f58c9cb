/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-unseen: calls fu_land, then fu_jump, N times each (fp-unseen.S),
 * with the handshake of fp-proto.h; prints "calls=N wrong=W".
 * usage: fp-unseen N; exits 1 at a wrong result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fp-proto.h"

uint64_t fu_land(uint64_t, uint64_t), fu_jump(uint64_t, uint64_t);

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000, i;
	unsigned long wrong = 0;

	fp_ready();
	for (i = 0; i < n; i++)
		wrong += fu_land(i, 2 * i) != 3 * i;
	for (i = 0; i < n; i++)
		wrong += fu_jump(i, 2 * i) != 3 * i;
	printf("calls=%lu wrong=%lu\n", n, wrong);
	fp_done();
	return wrong != 0;
}
