/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/fp-unwind.cc: frames left without their return instruction
 * while probed at entry and return (t/fastpath/unwind.sh): a C++
 * exception thrown by fp_thrower() through fp_middle() to the caller's
 * catch, and longjmp out of fp_jumper() and out of fp_jmiddle() (which
 * called it).  Two threads run the same loop.  An unwinder that finds a
 * tracer's address in a frame, or a return address rewritten, breaks
 * the catch or the jump.
 *
 *	fp-unwind N	per thread, N calls of fp_middle() (every third
 *			fp_thrower() throws) and N of fp_jmiddle() (every
 *			second fp_jumper() longjmps out)
 *
 * Prints, per function, the calls and the normal returns it counted (the
 * caller sees the call come back), a checksum, then "done" (fp-proto.h).
 */
#include <pthread.h>
#include <setjmp.h>
#include <atomic>
#include <stdio.h>
#include <stdlib.h>

#include "fp-proto.h"

#define NOINLINE __attribute__((noinline))

typedef std::atomic<unsigned long> counter_t;
static counter_t thrower_calls, thrower_rets, middle_calls, middle_rets;
static counter_t jumper_calls, jumper_rets, jmiddle_calls, jmiddle_rets;
static counter_t sum;
static __thread jmp_buf env;

#define INC(v) (v).fetch_add(1, std::memory_order_relaxed)

extern "C" {
NOINLINE unsigned long
fp_thrower(unsigned long i)
{
	INC(thrower_calls);
	if (i % 3 == 0)
		throw i;
	return i * 7;
}

NOINLINE unsigned long
fp_middle(unsigned long i)
{
	unsigned long r;

	INC(middle_calls);
	r = fp_thrower(i) + 1;
	INC(thrower_rets);
	return r;
}

NOINLINE unsigned long
fp_jumper(unsigned long i)
{
	INC(jumper_calls);
	if (i % 2 == 0)
		longjmp(env, (int)(i % 100) + 1);
	return i * 5;
}

NOINLINE unsigned long
fp_jmiddle(unsigned long i)
{
	unsigned long r;

	INC(jmiddle_calls);
	r = fp_jumper(i) + 2;
	INC(jumper_rets);
	return r;
}
}

static void *
run(void *arg)
{
	unsigned long n = (unsigned long)arg;
	volatile unsigned long s = 0;

	for (unsigned long i = 0; i < n; i++) {
		try {
			s += fp_middle(i);
			INC(middle_rets);
		} catch (unsigned long v) {
			s += v;
		}
	}
	for (unsigned long i = 0; i < n; i++) {
		volatile unsigned long vi = i;
		int r = setjmp(env);

		if (r == 0) {
			s += fp_jmiddle(vi);
			INC(jmiddle_rets);
		} else {
			s += (unsigned long)r;
		}
	}
	sum.fetch_add(s);
	return NULL;
}

int
main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000;
	pthread_t th;

	setvbuf(stdout, NULL, _IOLBF, 0);
	fp_ready();
	if (pthread_create(&th, NULL, run, (void *)n) != 0)
		return 3;
	run((void *)n);
	pthread_join(th, NULL);
	printf("fp_thrower calls=%lu returns=%lu\n",
	       (unsigned long)thrower_calls, (unsigned long)thrower_rets);
	printf("fp_middle calls=%lu returns=%lu\n", (unsigned long)middle_calls,
	       (unsigned long)middle_rets);
	printf("fp_jumper calls=%lu returns=%lu\n", (unsigned long)jumper_calls,
	       (unsigned long)jumper_rets);
	printf("fp_jmiddle calls=%lu returns=%lu\n",
	       (unsigned long)jmiddle_calls, (unsigned long)jmiddle_rets);
	printf("sum=%lu\n", (unsigned long)sum);
	fp_done();
	return 0;
}
