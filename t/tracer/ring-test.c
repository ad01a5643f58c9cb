/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/tracer/ring-test.c: the consumer of the fast path's record ring
 * (tracer/fast/ring.c) against producers simulated here, as the trampolines
 * claim, write and publish.  A drain hands over what was claimed when it
 * began and never chases the records published while it runs: threads
 * calling a probed function in a loop refill each slot as it is freed,
 * and a drain that followed them held every ptrace stop of the process
 * back (t/faults/sigattach.sh: a signal took 161 ms instead of 4).  A
 * drain takes at most max records a shard, and a thread's records come
 * in its order.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "t/check.h"
#include "tracer/fast/fast.h"

#define NSLOTS	64u

static struct tr_fast fa;
static unsigned long delivered, refill;
static uint64_t next_arg[TR_NSHARDS], last_arg[TR_NSHARDS];

/*
 * A trampoline's producer: claim the position, write, publish.  A slot
 * keeps its sequence less its index (ring.c's lap()).
 */
static int
produce(unsigned sh, uint32_t tid)
{
	uint64_t *ctrl = (uint64_t *)(void *)(fa.fa_map + 64 + 64 * sh);
	uint64_t pos = __atomic_load_n(ctrl, __ATOMIC_ACQUIRE);
	tr_rec_t *r = (tr_rec_t *)(void *)(fa.fa_map + TR_RING_SLOTS +
	    ((size_t)sh * NSLOTS + (pos & (NSLOTS - 1))) * TR_SLOTSZ);
	uint64_t lap = pos & ~(uint64_t)(NSLOTS - 1);

	if (__atomic_load_n(&r->r_seq, __ATOMIC_ACQUIRE) != lap)
		return 0;	/* full: a drop */
	__atomic_store_n(ctrl, pos + 1, __ATOMIC_RELEASE);
	r->r_site = 0;
	r->r_tid = tid;
	r->r_tsc = 0;
	r->r_args[0] = ++next_arg[sh];
	__atomic_store_n(&r->r_seq, lap + 1, __ATOMIC_RELEASE);
	return 1;
}

/* Each record handed over, its thread publishes another (a flood). */
static int
on_record(void *arg, tr_session_t *s, const tr_record_t *rc)
{
	pid_t tid = rc->rc_tid;
	const uint64_t *args = rc->rc_args;
	unsigned sh = (unsigned)tid & (TR_NSHARDS - 1);

	(void)arg;
	(void)s;
	CHECKF(args[0] == last_arg[sh] + 1, "tid %d: record %llu after %llu",
	       (int)tid, (unsigned long long)args[0],
	       (unsigned long long)last_arg[sh]);
	last_arg[sh] = args[0];
	delivered++;
	if (refill > 0) {
		refill--;
		produce(sh, (uint32_t)tid);
	}
	return 0;
}

int
main(void)
{
	static tr_handlers_t h;
	tr_session_t *s;
	size_t n, i;

	s = calloc(1, sizeof(*s));
	fa.fa_nslots = NSLOTS;
	fa.fa_mapsz = TR_RING_SLOTS + TR_NSHARDS * NSLOTS * TR_SLOTSZ;
	fa.fa_map = aligned_alloc(64, fa.fa_mapsz);
	fa.fa_ring = 0x10000;	/* the tracee's address: any but 0 */
	fa.fa_sites = calloc(1, sizeof(*fa.fa_sites));
	fa.fa_nsites = 1;
	fa.fa_fd = -1;
	if (s == NULL || fa.fa_map == NULL || fa.fa_sites == NULL)
		return 2;
	tr_ring_init(&fa);
	s->s_fast = &fa;
	h.h_record = on_record;
	s->s_h = &h;

	/* 10 records of thread 1, and a thread that keeps pace. */
	for (i = 0; i < 10; i++)
		produce(1, 1);
	refill = 1000;
	n = tr_ring_drain(s, false, 0);
	CHECKF(n == 10, "drained %zu records, 10 were there", n);
	/* Each drain takes the 10 published during the one before. */
	for (i = 0; i < 5; i++) {
		n = tr_ring_drain(s, false, 0);
		CHECKF(n == 10, "drain %zu: %zu records, want 10", i, n);
	}
	refill = 0;
	n = tr_ring_drain(s, false, 0);
	CHECKF(n == 10, "the last 10: %zu", n);
	CHECKF(tr_ring_drain(s, false, 0) == 0, "empty ring");
	CHECKF(delivered == 70, "%lu records in all, want 70", delivered);

	/* At most max a shard: 40 in shard 2, 5 in shard 3, by 16. */
	for (i = 0; i < 40; i++)
		produce(2, 2);
	for (i = 0; i < 5; i++)
		produce(3, 3);
	n = tr_ring_drain(s, false, 16);
	CHECKF(n == 16 + 5, "max 16: %zu records, want 21", n);
	n = tr_ring_drain(s, false, 16);
	CHECKF(n == 16, "max 16 again: %zu, want 16", n);
	n = tr_ring_drain(s, false, 16);
	CHECKF(n == 8, "the rest: %zu, want 8", n);
	CHECKF(tr_ring_drain(s, true, 0) == 0, "empty at the end");
	return failures != 0;
}
