/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-drive.h: the loop of the fast-path targets that call a
 * table of functions (fp-asm, fp-jtab) N times each: after fp_ready(),
 * call every function of the table in turn N times, check each result
 * against want(), and print per function "NAME calls=N sum=S", S the
 * sum of its return values, which a test compares with pidtrace's
 * counts and sum(arg1) of the return probes.  At most ten wrong results
 * are told on stderr, as "PROG: NAME(X) = GOT, want W".
 */
#ifndef FP_DRIVE_H
#define FP_DRIVE_H

#include <stdint.h>
#include <stdio.h>

#include "fp-proto.h"

typedef uint64_t (*fp_fn_t)(uint64_t);

typedef struct fp_call {
	const char	*name;
	fp_fn_t		fn;
	unsigned	arg_mod;	/* the argument is i % arg_mod */
} fp_call_t;

/*
 * fp_drive: the loop; the number of wrong results.  arg0(i) gives the
 * argument of the i-th call of a function whose arg_mod is 0.
 */
static inline unsigned long
fp_drive(const char *prog, const fp_call_t *fns, unsigned nfn,
    unsigned long n, uint64_t (*want)(unsigned, uint64_t),
    uint64_t (*arg0)(uint64_t))
{
	uint64_t sums[nfn];
	unsigned long bad = 0;

	for (unsigned k = 0; k < nfn; k++)
		sums[k] = 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	fp_ready();
	for (unsigned long i = 0; i < n; i++) {
		for (unsigned k = 0; k < nfn; k++) {
			uint64_t x = fns[k].arg_mod ? i % fns[k].arg_mod :
			    arg0(i);
			uint64_t got = fns[k].fn(x);

			sums[k] += got;
			if (got != want(k, x) && bad++ < 10)
				fprintf(stderr, "%s: %s(%llu) = %llu, "
				    "want %llu\n", prog, fns[k].name,
				    (unsigned long long)x,
				    (unsigned long long)got,
				    (unsigned long long)want(k, x));
		}
	}
	for (unsigned k = 0; k < nfn; k++)
		printf("%s calls=%lu sum=%llu\n", fns[k].name, n,
		    (unsigned long long)sums[k]);
	return bad;
}

#endif
