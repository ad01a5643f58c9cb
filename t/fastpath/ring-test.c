/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/fastpath/ring-test.c: the ring's consumer (tracer/fast/ring.c) on a ring
 * in our own memory, producers played by hand, a clock we set: what a
 * drain delivers and what it frees while a slot is claimed and not
 * published.  t/faults/concurrency.sh lost records in CI once: a
 * producer preempted between its claim and its publish was taken for
 * dead after a timeout, and a stalled shard held back the records of a
 * thread that exited meanwhile, which then met its self-> storage gone.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracer/fast/fast.h"
#include "t/check.h"

#define NSLOTS	8u

/* -- what ring.c needs from the rest of the tracer ----------------------- */

tr_session_t *tr_sessions;
static uint64_t now_ns = 1;
static int stops, resumes;
static bool frames;		/* tr_fast_settle's answer */

void	tr_clock_refit(void) { }
uint64_t tr_clock_ns(uint64_t tsc) { return tsc; }
uint64_t tr_clock_mono(void) { return now_ns; }
uint64_t tr_clock_gen(void) { return 0; }
int	tr_stop_all(tr_session_t *s) { (void)s; stops++; return 0; }
int	tr_resume_all(tr_session_t *s) { (void)s; resumes++; return 0; }
bool	tr_fast_settle(tr_session_t *s, bool out)
{
	(void)s;
	CHECKF(!out, "a stall check leaves threads in the trampolines");
	return frames;
}

/* -- producers ------------------------------------------------------------ */

static struct tr_fast fa;
static tr_session_t sess;

static uint64_t *
head(unsigned sh)
{
	return (uint64_t *)(void *)(fa.fa_map + 64 + 64 * sh);
}

static tr_rec_t *
slot_at(unsigned sh, uint64_t pos)
{
	return (tr_rec_t *)(void *)(fa.fa_map + TR_RING_SLOTS +
		((size_t)sh * NSLOTS + (pos & (NSLOTS - 1))) * TR_SLOTSZ);
}

/* The sequence a slot keeps for pos: pos less its index (ring.c). */
static uint64_t
lap(uint64_t pos)
{
	return pos & ~(uint64_t)(NSLOTS - 1);
}

/* A trampoline's claim: the position, as the trampoline takes it. */
static uint64_t
claim(unsigned sh, pid_t tid, uint32_t site, uint64_t arg)
{
	uint64_t pos = (*head(sh))++;
	tr_rec_t *r = slot_at(sh, pos);

	CHECKF(r->r_seq == lap(pos), "slot %llu free",
	       (unsigned long long)pos);
	r->r_site = site;
	r->r_tid = (uint32_t)tid;
	r->r_tsc = pos;
	r->r_args[0] = arg;
	return pos;
}

/* Its publish: the cmpxchg of the sequence; whether it took. */
static bool
publish(unsigned sh, uint64_t pos)
{
	uint64_t want = lap(pos);

	return __atomic_compare_exchange_n(&slot_at(sh, pos)->r_seq, &want,
					   want + 1, false, __ATOMIC_ACQ_REL,
					   __ATOMIC_ACQUIRE);
}

static void
produce(unsigned sh, pid_t tid, uint32_t site, uint64_t arg)
{
	CHECK(publish(sh, claim(sh, tid, site, arg)));
}

/* -- the consumer's view -------------------------------------------------- */

static struct got {
	pid_t		tid;
	uint64_t	arg;
} got[64];
static size_t ngot;

static int
on_record(void *arg, tr_session_t *s, const tr_record_t *rc)
{
	(void)arg;
	(void)s;
	if (ngot < 64) {
		got[ngot].tid = rc->rc_tid;
		got[ngot].arg = rc->rc_args[0];
	}
	ngot++;
	return 0;
}

/* The records delivered since the last call were, in order, WANT. */
static void
expect(const char *what, const struct got *want, size_t n)
{
	size_t i;

	CHECKF(ngot == n, "%s: %zu records, want %zu", what, ngot, n);
	for (i = 0; i < n && i < ngot; i++)
		CHECKF(got[i].tid == want[i].tid && got[i].arg == want[i].arg,
		       "%s: record %zu is tid %d arg %llu, want tid %d "
		       "arg %llu", what, i, (int)got[i].tid,
		       (unsigned long long)got[i].arg, (int)want[i].tid,
		       (unsigned long long)want[i].arg);
	ngot = 0;
}

int
main(void)
{
	static const tr_handlers_t h = { .h_record = on_record };
	tr_fsite_t site = { .fs_cookie = 7 };
	uint64_t b, c;

	fa.fa_nslots = NSLOTS;
	fa.fa_mapsz = TR_RING_SLOTS + TR_NSHARDS * NSLOTS * TR_SLOTSZ;
	fa.fa_map = calloc(1, fa.fa_mapsz);
	fa.fa_ring = 1;
	fa.fa_sites = &site;
	fa.fa_nsites = 1;
	if (fa.fa_map == NULL)
		return 99;
	tr_ring_init(&fa);
	sess.s_fast = &fa;
	sess.s_h = &h;

	/*
	 * Thread 20 claims and is preempted; thread 10, on the same shard,
	 * records an entry and a return, then exits.
	 */
	produce(1, 10, 0, 1);
	b = claim(1, 20, 0, 100);
	produce(1, 10, 0, 2);
	produce(1, 10, 0, 3);
	tr_ring_drain(&sess, false, 0);
	expect("up to the stall", (struct got[]){ { 10, 1 } }, 1);

	/* However long it stays off-CPU: waited for, never skipped. */
	now_ns += 60ull * 1000000000;
	tr_ring_drain(&sess, false, 0);
	expect("a minute later", NULL, 0);
	CHECK(fa.fa_drops == 0);
	CHECKF(fa.fa_check, "a stall check is asked for");

	/* Thread 10's exit: its records fire now, in its order. */
	tr_ring_drain_tid(&sess, 10);
	expect("thread 10's, past the stall",
	       (struct got[]){ { 10, 2 }, { 10, 3 } }, 2);
	tr_ring_drain_tid(&sess, 10);
	expect("thread 10's, once", NULL, 0);

	/* The stall check finds thread 20 alive (stepped, it publishes). */
	CHECK(publish(1, b));
	CHECK(tr_ring_stall_check(&sess) == 0);
	CHECK(stops == 1 && resumes == 1);
	CHECKF(!fa.fa_check, "the check is done");
	expect("the preempted one's", (struct got[]){ { 20, 100 } }, 1);
	CHECK(fa.fa_drops == 0);
	CHECK(fa.fa_deq[1] == 4);

	/*
	 * A slot abandoned (siglongjmp out of a handler) while a handler's
	 * signal frame points into a trampoline: kept; once no frame does,
	 * freed and counted, and the late publish fails.
	 */
	c = claim(2, 30, 0, 5);
	produce(2, 31, 0, 6);
	tr_ring_drain(&sess, false, 0);
	now_ns += 1000000000;
	tr_ring_drain(&sess, false, 0);
	CHECK(fa.fa_check);
	frames = true;
	CHECK(tr_ring_stall_check(&sess) == 0);
	expect("a frame points in: kept", NULL, 0);
	CHECK(fa.fa_drops == 0);
	tr_ring_drain(&sess, false, 0);
	now_ns += 1000000000;
	tr_ring_drain(&sess, false, 0);
	CHECK(fa.fa_check);
	frames = false;
	CHECK(tr_ring_stall_check(&sess) == 0);
	expect("abandoned: freed", (struct got[]){ { 31, 6 } }, 1);
	CHECK(fa.fa_drops == 1);
	CHECKF(!publish(2, c), "the late publish fails");

	/* The shard goes on, a lap and more, nothing lost. */
	for (c = 0; c < 2 * NSLOTS; c++) {
		produce(2, 31, 0, 10 + c);
		tr_ring_drain(&sess, false, 0);
	}
	CHECK(ngot == 2 * NSLOTS);
	ngot = 0;

	/* The end: every thread stopped and stepped; force frees. */
	claim(3, 40, 0, 9);
	produce(3, 41, 0, 8);
	tr_ring_drain(&sess, true, 0);
	expect("forced", (struct got[]){ { 41, 8 } }, 1);
	CHECK(fa.fa_drops == 2);

	free(fa.fa_map);
	printf("%s: %d failures\n", __FILE__, failures);
	return failures != 0;
}
