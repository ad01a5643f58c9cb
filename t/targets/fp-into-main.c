/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-into: calls each function of fp-into.S N times (with the handshake
 * of fp-proto.h), fi_c2 through a function pointer, checks every result,
 * and prints "NAME calls=N" per function and "wrong=W".
 *
 * usage: fp-into N; exits 1 at a wrong result.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fp-proto.h"

typedef uint64_t (*fn_t)(uint64_t, uint64_t);
uint64_t fi_a(uint64_t, uint64_t), fi_b(uint64_t, uint64_t);
uint64_t fi_c(uint64_t, uint64_t), fi_c2(uint64_t, uint64_t);
uint64_t fi_d(uint64_t, uint64_t), fi_e(uint64_t, uint64_t);
uint64_t fi_f(uint64_t, uint64_t), fi_g(uint64_t, uint64_t);

static const struct {
	const char *name;
	fn_t fn;
	uint64_t mul, add;	/* want: mul * x + y + add */
} fns[] = {
	{ "fi_a", fi_a, 2, 0 },
	{ "fi_b", fi_b, 1, 0 },
	{ "fi_c", fi_c, 1, 0 },
	{ "fi_c2", fi_c2, 1, 0 },
	{ "fi_d", fi_d, 1, 5 },
	{ "fi_e", fi_e, 1, 5 },
	{ "fi_f", fi_f, 1, 0 },
	{ "fi_g", fi_g, 1, 0 },
};
#define NFN (sizeof(fns) / sizeof(fns[0]))

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000, i;
	unsigned long wrong = 0;
	unsigned k;

	fp_ready();
	for (i = 0; i < n; i++)
		for (k = 0; k < NFN; k++) {
			/* Through a volatile pointer: an indirect call. */
			fn_t volatile fn = fns[k].fn;
			uint64_t x = i, y = 3 * i + k;

			if (fn(x, y) != fns[k].mul * x + y + fns[k].add)
				wrong++;
		}
	for (k = 0; k < NFN; k++)
		printf("%s calls=%lu\n", fns[k].name, n);
	printf("wrong=%lu\n", wrong);
	fp_done();
	return wrong != 0;
}
