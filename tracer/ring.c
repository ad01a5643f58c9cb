/*
 * tracer/ring.c: the consumer side of the shared record ring.  Producers
 * are the tracee's threads running trampolines (tramp.c writes their
 * code); pidtrace is the one consumer.  Each of TR_NSHARDS shards is
 * Vyukov's bounded queue: a producer position in the header, fixed-size
 * slots each with a sequence number.  A producer whose slot's sequence
 * equals its position claims the position with lock cmpxchg, writes the
 * record and publishes it by moving the sequence to position + 1 (again
 * with cmpxchg: see below); a slot still a lap behind means the shard is
 * full, and the producer counts a drop in the header and goes on.  The
 * trampoline retries a lost race 16 times at most: it never waits.
 *
 * The consumer takes a slot whose sequence is its position + 1, hands the
 * record over and frees the slot by moving the sequence a lap on.  A
 * slot claimed but never published (its thread was killed or longjmp'd
 * out of a signal handler that interrupted the trampoline) would stall
 * the shard: after TR_STALL_NS, or at the end with every thread stopped,
 * the consumer frees it with cmpxchg from the unpublished value and
 * counts a drop; the late producer's publishing cmpxchg then fails and
 * its record is lost, never half-read.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tracer/fast.h"

/*
 * Long enough that a producer preempted between its claim and its
 * publish is never taken for a dead one: with two 8-thread tests on 2
 * CPUs (make -j2 check) a runnable thread waited over 100 ms, and
 * t/faults/concurrency.sh lost 10 of 100,000 returns as drops.
 */
#define TR_STALL_NS	2000000000ull	/* 2 s */

static inline uint64_t *
ctrl(const struct tr_fast *fa, unsigned shard)
{
	return (uint64_t *)(void *)(fa->fa_map + 64 + 64 * shard);
}

static inline tr_rec_t *
slot(const struct tr_fast *fa, unsigned shard, uint64_t pos)
{
	return (tr_rec_t *)(void *)(fa->fa_map + TR_RING_SLOTS +
		((size_t)shard * fa->fa_nslots +
		 (size_t)(pos & (fa->fa_nslots - 1))) * TR_SLOTSZ);
}

void
tr_ring_init(struct tr_fast *fa)
{
	unsigned sh;
	uint32_t i;

	memset(fa->fa_map, 0, TR_RING_SLOTS);
	for (sh = 0; sh < TR_NSHARDS; sh++) {
		fa->fa_deq[sh] = 0;
		fa->fa_stuck[sh] = 0;
		for (i = 0; i < fa->fa_nslots; i++)
			slot(fa, sh, i)->r_seq = i;
	}
}

void
tr_ring_mute(tr_session_t *s, pid_t tid, bool on)
{
	struct tr_fast *fa = s->s_fast;
	pid_t *n;
	size_t i;

	if (fa == NULL || fa->fa_map == NULL)
		return;
	for (i = 0; i < fa->fa_nmute; i++)
		if (fa->fa_mute[i] == tid) {
			if (!on)
				fa->fa_mute[i] = fa->fa_mute[--fa->fa_nmute];
			return;
		}
	if (!on)
		return;
	n = realloc(fa->fa_mute, (fa->fa_nmute + 1) * sizeof(*n));
	if (n == NULL)
		return;
	fa->fa_mute = n;
	fa->fa_mute[fa->fa_nmute++] = tid;
}

static bool
muted(const struct tr_fast *fa, pid_t tid)
{
	size_t i;

	for (i = 0; i < fa->fa_nmute; i++)
		if (fa->fa_mute[i] == tid)
			return true;
	return false;
}

/*
 * Hand the records published before the call to h_record, shard by
 * shard, at most max of each shard (0: no limit).  force: every thread
 * is stopped, so a claimed slot not yet published never will be.
 * Returns the number of records delivered.
 *
 * Never more than the producers had claimed when we came: threads that
 * call a probed function in a loop refill a slot as soon as it is freed,
 * and a consumer that followed them drained for as long as they kept up
 * (1.1 s and 377,000 records in one call, three threads in ft-stress on
 * a loaded machine), every stop of the process waiting meanwhile: each
 * signal the target received took 220 ms instead of 4
 * (t/faults/sigattach.sh timed out).
 */
size_t
tr_ring_drain(tr_session_t *s, bool force, size_t max)
{
	struct tr_fast *fa = s->s_fast;
	const tr_handlers_t *h = s->s_h;
	uint64_t pos, seq, want, args[6], enq, end;
	size_t n = 0;
	unsigned sh;
	tr_rec_t *r;
	uint32_t site;
	pid_t tid;
	int rc;

	if (fa == NULL || fa->fa_map == NULL || fa->fa_ring == 0)
		return 0;
	tr_clock_refit();
	for (sh = 0; sh < TR_NSHARDS; sh++) {
		end = __atomic_load_n(ctrl(fa, sh), __ATOMIC_ACQUIRE);
		if (max != 0 && end - fa->fa_deq[sh] > max)
			end = fa->fa_deq[sh] + max;
		for (;;) {
			pos = fa->fa_deq[sh];
			if (pos >= end)
				break;
			r = slot(fa, sh, pos);
			seq = __atomic_load_n(&r->r_seq, __ATOMIC_ACQUIRE);
			if (seq != pos + 1) {
				enq = __atomic_load_n(ctrl(fa, sh),
						      __ATOMIC_ACQUIRE);
				if (seq != pos || enq <= pos) {
					fa->fa_stuck[sh] = 0;
					break;	/* empty */
				}
				/* Claimed, not published yet. */
				if (!force) {
					uint64_t now = tr_clock_mono();

					if (fa->fa_stuck[sh] == 0)
						fa->fa_stuck[sh] = now;
					if (now - fa->fa_stuck[sh] <
					    TR_STALL_NS)
						break;
				}
				want = pos;
				if (__atomic_compare_exchange_n(&r->r_seq,
				    &want, pos + fa->fa_nslots, false,
				    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
					fa->fa_drops++;
					fa->fa_deq[sh] = pos + 1;
					fa->fa_stuck[sh] = 0;
				}
				continue;	/* or published meanwhile */
			}
			fa->fa_stuck[sh] = 0;
			site = r->r_site;
			tid = (pid_t)r->r_tid;
			memcpy(args, r->r_args, sizeof(args));
			seq = r->r_tsc;
			__atomic_store_n(&r->r_seq, pos + fa->fa_nslots,
					 __ATOMIC_RELEASE);
			fa->fa_deq[sh] = pos + 1;
			if (site >= fa->fa_nsites || muted(fa, tid))
				continue;
			n++;
			s->s_st.st_records++;
			if (h == NULL || h->h_record == NULL)
				continue;
			rc = h->h_record(h->h_arg, s, tid,
					 fa->fa_sites[site].fs_cookie,
					 tr_clock_ns(seq), args);
			if (rc != 0)
				s->s_stop_req = 1;
		}
	}
	if (n != 0 && h != NULL && h->h_drained != NULL)
		h->h_drained(h->h_arg, s);
	return n;
}

size_t
tr_ring_drain_all(bool force, size_t max)
{
	tr_session_t *o;
	size_t n = 0;

	for (o = tr_sessions; o != NULL; o = o->s_nextsess)
		if (o->s_fast != NULL && o->s_fast->fa_ring != 0)
			n += tr_ring_drain(o, force, max);
	return n;
}
