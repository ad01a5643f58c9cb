/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/fast/ring.c: the consumer side of the shared record ring.  Producers
 * are the tracee's threads running trampolines (tramp.c writes their
 * code); pidtrace is the one consumer.  Each of TR_NSHARDS shards is
 * Vyukov's bounded queue: a producer position in the header, fixed-size
 * slots each with a sequence number.  A producer whose slot's sequence
 * equals its position claims the position with lock cmpxchg, writes the
 * record and publishes it by moving the sequence to position + 1 (again
 * with cmpxchg: see below); a slot still a lap behind means the shard is
 * full, and the producer counts a drop in the header and goes on.  The
 * trampoline retries a lost race 64 times at most: it never waits.
 *
 * A slot keeps its sequence less its own index (lap() below: the first
 * position of the position's lap), so that a slot of zeroes is free for
 * the ring's first lap: the memfd's pages are left as the kernel gives
 * them, and only those the producers reach are ever allocated.  Writing
 * every slot's index at set-up cost 16 MB of shared memory faulted in,
 * cleared and written before the process ran, and freed at the end:
 * 14 ms of the 40 that `pidtrace -c true` with a syscall probe cost.
 *
 * The consumer takes a slot whose sequence is its position + 1, hands the
 * record over and frees the slot by moving the sequence a lap on.  A
 * slot claimed but not published yet stalls its shard: its producer is
 * between the claim and the publish, maybe preempted (off-CPU for over
 * 100 ms under load: make -j2 check), maybe stopped by ptrace there, and
 * the consumer waits for it; no clock ever decides that a producer is
 * dead.  Two things do:
 *
 *  - the end (tr_release): every thread stopped and stepped out of the
 *    record blocks, so a slot still unpublished never will be (force);
 *  - a stall check, asked for when a shard has stalled on the same slot
 *    for TR_STALL_NS (tr_ring_stall_check, run by the loop): every
 *    thread is stopped and stepped out of the record blocks, which
 *    publishes any slot a live thread claimed; a slot still unpublished
 *    then was claimed by a thread that is gone, or that left the
 *    trampoline through a handler that interrupted it (siglongjmp).
 *    Unless a signal frame still points into a trampoline (a handler
 *    that will return there and publish): then the shard waits on.
 *
 * An abandoned slot is freed with cmpxchg from the unpublished value and
 * counted as a drop; a late publish then fails and its record is lost,
 * never half-read.
 *
 * A shard stalled on another thread's slot must not hold back the
 * records of a thread that stops: its records fire before its stop
 * (h_record's promise; its exit frees its self-> storage).
 * tr_ring_drain_tid delivers that thread's published records past the
 * stall and marks their slots taken; the consumer frees them when its
 * position reaches them.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "tracer/fast/fast.h"

/*
 * How long a shard waits on one claimed slot before a stall check.  Not
 * a verdict: the check stops every thread and looks (a producer
 * preempted for longer only costs a check, never its record).
 */
#define TR_STALL_NS	200000000ull	/* 200 ms */

/* r_site of a slot delivered ahead of its turn (tr_ring_drain_tid). */
#define TAKEN		UINT32_MAX

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

/* The sequence a slot keeps for pos, as it keeps it: pos less its index. */
static inline uint64_t
lap(const struct tr_fast *fa, uint64_t pos)
{
	return pos & ~(uint64_t)(fa->fa_nslots - 1);
}

/*
 * A fresh memfd's slots are zeroes, free for the first lap: the shared
 * ring is left untouched (the process's records fault its pages in, and
 * pidtrace's view of a shard comes in page by page as it reads them).
 * Memory of another kind (the tests') is cleared.
 */
static void
ring_init(struct tr_fast *fa, bool shared)
{
	unsigned sh;

	memset(fa->fa_map, 0, TR_RING_SLOTS);
	for (sh = 0; sh < TR_NSHARDS; sh++) {
		fa->fa_deq[sh] = 0;
		fa->fa_stuck[sh] = 0;
		if (!shared)
			memset(slot(fa, sh, 0), 0, (size_t)fa->fa_nslots *
			       TR_SLOTSZ);
	}
}

void
tr_ring_init(struct tr_fast *fa)
{
	ring_init(fa, false);
}

void
tr_ring_init_shared(struct tr_fast *fa)
{
	ring_init(fa, true);
}

/*
 * vfork child child of parent runs in parent's memory until the vfork
 * ends (the parent's stop after it, or the child's exec or exit if seen
 * first): its firings are dropped, as the int3 path fires nothing for
 * it, and the host told (clause code must do nothing for that key
 * meanwhile).  The key is the one its trampolines take: the parent's
 * tid where it is read from the TCB or the Go M the child borrows
 * (find_tidoff, find_gokey), its own where the kernel gives it
 * (gettid).
 */
void
tr_ring_mute(tr_session_t *s, pid_t parent, pid_t child, bool on)
{
	struct tr_fast *fa = s->s_fast;
	const tr_handlers_t *h = s->s_h;
	pid_t *n, tid;
	size_t i;

	if (fa == NULL || fa->fa_map == NULL)
		return;
	tid = fa->fa_gettid && fa->fa_gokey == 0 ? child : parent;
	for (i = 0; i < fa->fa_nmute && fa->fa_mute[i] != tid; i++)
		;
	/*
	 * Records published before the change are judged by the key's
	 * state when they were written: the parent's before a vfork fire,
	 * the child's before its end are dropped, even those past a shard
	 * stalled on another thread's slot (tr_ring_drain_tid).  Both
	 * threads are out of the trampolines here (the parent in or just
	 * out of vfork, the child gone from our memory).
	 */
	if (on != (i < fa->fa_nmute)) {
		tr_ring_drain(s, false, 0);
		tr_ring_drain_tid(s, tid);
	}
	if (h != NULL && h->h_fast != NULL)
		h->h_fast(h->h_arg, s, on ? TR_FE_MUTE : TR_FE_UNMUTE, tid,
			  (uint32_t)tid);
	if (i < fa->fa_nmute) {
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
 * A syscall site's record (tramp.c, "syscall sites"), to h_syscall as
 * a stop would tell it, with no thread: the entry's arguments and
 * number, or the exit's value.
 */
static bool
fire_sys(tr_session_t *s, const tr_rec_t *r)
{
	struct tr_fast *fa = s->s_fast;
	const tr_handlers_t *h = s->s_h;
	const tr_fsite_t *fs = &fa->fa_sites[r->r_site & ~TR_REC_EXIT];
	tr_syscall_t sc;

	if (muted(fa, (pid_t)r->r_tid))
		return false;
	if (h == NULL || h->h_syscall == NULL) {
		if (!(r->r_site & TR_REC_EXIT))
			s->s_st.st_systramp++;
		return true;
	}
	memset(&sc, 0, sizeof(sc));
	sc.sc_entry = !(r->r_site & TR_REC_EXIT);
	sc.sc_nr = (long)r->r_flags;
	if (r->r_flags & TR_RF_CTX) {
		/* a context block's: the code's status and events */
		sc.sc_nr = (long)(r->r_nev >> TR_REC_NRSHIFT);
		sc.sc_code = true;
		sc.sc_status = r->r_flags & ~TR_RF_CTX;
		sc.sc_nev = r->r_nev & 0xffff;
		if (sc.sc_nev > TR_REC_NEV)
			sc.sc_nev = TR_REC_NEV;
		sc.sc_ev = r->r_ev;
	}
	/*
	 * A call recorded: by its entry's record, or by its exit's when the
	 * entry left none (not probed, or its clauses ran in the process).
	 */
	if (sc.sc_entry || sc.sc_nr < 0 || sc.sc_nr >= TR_SYSP_MAX ||
	    !(s->s_sysp[sc.sc_nr] & TR_SYSP_ENTRY) ||
	    __atomic_load_n((uint64_t *)(void *)(fa->fa_map + TR_SYSCODE) +
			    sc.sc_nr, __ATOMIC_RELAXED) != 0)
		s->s_st.st_systramp++;
	if (sc.sc_entry) {
		memcpy(sc.sc_args, r->r_args, sizeof(sc.sc_args));
	} else {
		sc.sc_rval = (int64_t)r->r_args[3];
		sc.sc_error = r->r_args[3] >= (uint64_t)-4095;
	}
	sc.sc_pc = fs->fs_sc + 2;
	sc.sc_tid = (pid_t)r->r_tid;
	sc.sc_ns = tr_clock_ns(r->r_tsc);
	if (h->h_syscall(h->h_arg, s, NULL, &sc) != 0)
		s->s_stop_req = 1;
	return true;
}

/*
 * Hand one published record (a copy, r) to h_record; whether it was one
 * to hand.  A context block's record of a return site holds the
 * context's arguments (the ret's offset, rax): the host gets rax where a
 * plain record has it.
 */
static bool
fire(tr_session_t *s, const tr_rec_t *r)
{
	struct tr_fast *fa = s->s_fast;
	const tr_handlers_t *h = s->s_h;
	tr_record_t rc;
	pid_t tid = (pid_t)r->r_tid;

	if ((r->r_site & ~TR_REC_EXIT) < fa->fa_nsites &&
	    fa->fa_sites[r->r_site & ~TR_REC_EXIT].fs_kind ==
	    TR_FAST_SYSCALL)
		return fire_sys(s, r);
	if (r->r_site >= fa->fa_nsites || muted(fa, tid))
		return false;
	s->s_st.st_records++;
	if (h == NULL || h->h_record == NULL)
		return true;
	memset(&rc, 0, sizeof(rc));
	rc.rc_tid = tid;
	rc.rc_cookie = fa->fa_sites[r->r_site].fs_cookie;
	rc.rc_tsc = r->r_tsc;
	rc.rc_ns = tr_clock_ns(r->r_tsc);
	memcpy(rc.rc_args, r->r_args, sizeof(rc.rc_args));
	if (r->r_flags & TR_RF_CTX) {
		rc.rc_code = true;
		rc.rc_status = r->r_flags & ~TR_RF_CTX;
		rc.rc_nev = r->r_nev < TR_REC_NEV ? r->r_nev : TR_REC_NEV;
		rc.rc_ev = r->r_ev;
		/*
		 * A return's context holds arg0 (the offset) first: the
		 * record's words are the ones after it (rax; Go's rax rbx
		 * rcx rdi rsi, its r8 lost, a word no clause of a fast
		 * site reads: arg6).
		 */
		if (fa->fa_sites[r->r_site].fs_kind == TR_FAST_RETURN) {
			memmove(rc.rc_args, r->r_args + 1,
				5 * sizeof(rc.rc_args[0]));
			rc.rc_args[5] = 0;
		}
	}
	if (h->h_record(h->h_arg, s, &rc) != 0)
		s->s_stop_req = 1;
	return true;
}

/* Shard sh's next slot is claimed and not published yet. */
static bool
stalled(const struct tr_fast *fa, unsigned sh)
{
	uint64_t pos = fa->fa_deq[sh];

	return __atomic_load_n(&slot(fa, sh, pos)->r_seq,
			       __ATOMIC_ACQUIRE) == lap(fa, pos) &&
	       __atomic_load_n(ctrl(fa, sh), __ATOMIC_ACQUIRE) > pos;
}

/*
 * Hand the records published before the call to h_record, shard by
 * shard, at most max of each shard (0: no limit), each up to its first
 * slot claimed and not published yet.  force: every thread is stopped
 * outside the record blocks, so such a slot never will be: it is freed
 * and counted as a drop.  Returns the number of records delivered.
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
	uint64_t pos, seq, want, enq, now, end;
	size_t n = 0;
	unsigned sh;
	tr_rec_t *r, copy;

	if (fa == NULL || fa->fa_map == NULL || fa->fa_ring == 0)
		return 0;
	tr_clock_refit();
	if (fa->fa_clkgen != tr_clock_gen()) {
		fa->fa_clkgen = tr_clock_gen();
		if (h != NULL && h->h_fast != NULL)
			h->h_fast(h->h_arg, s, TR_FE_CLOCK, 0, 0);
	}
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
			if (seq != lap(fa, pos) + 1) {
				enq = __atomic_load_n(ctrl(fa, sh),
						      __ATOMIC_ACQUIRE);
				if (seq != lap(fa, pos) || enq <= pos) {
					fa->fa_stuck[sh] = 0;
					break;	/* empty */
				}
				/* Claimed, not published yet. */
				if (!force) {
					now = tr_clock_mono();
					if (fa->fa_stuck[sh] == 0)
						fa->fa_stuck[sh] = now;
					else if (now - fa->fa_stuck[sh] >=
						 TR_STALL_NS)
						fa->fa_check = true;
					break;	/* wait for it */
				}
				want = lap(fa, pos);
				if (__atomic_compare_exchange_n(&r->r_seq,
				    &want, want + fa->fa_nslots, false,
				    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
					fa->fa_drops++;
					fa->fa_deq[sh] = pos + 1;
					fa->fa_stuck[sh] = 0;
				}
				continue;	/* or published meanwhile */
			}
			fa->fa_stuck[sh] = 0;
			memcpy(&copy, r, sizeof(copy));
			__atomic_store_n(&r->r_seq, lap(fa, pos) +
					 fa->fa_nslots, __ATOMIC_RELEASE);
			fa->fa_deq[sh] = pos + 1;
			if (copy.r_site != TAKEN && fire(s, &copy))
				n++;
		}
	}
	if (n != 0 && h != NULL && h->h_drained != NULL)
		h->h_drained(h->h_arg, s);
	return n;
}

/*
 * Thread tid stopped: what it published past a shard's stall fires now
 * (after tr_ring_drain), in its order; each slot is marked taken, left
 * for tr_ring_drain to free in turn.  Other threads' records wait for
 * the stall: their order is kept too.
 */
size_t
tr_ring_drain_tid(tr_session_t *s, pid_t tid)
{
	struct tr_fast *fa = s->s_fast;
	const tr_handlers_t *h = s->s_h;
	uint64_t pos, enq;
	size_t n = 0;
	unsigned sh;
	tr_rec_t *r, copy;

	if (fa == NULL || fa->fa_map == NULL || fa->fa_ring == 0 || tid <= 0)
		return 0;
	for (sh = 0; sh < TR_NSHARDS; sh++) {
		if (!stalled(fa, sh))
			continue;
		enq = __atomic_load_n(ctrl(fa, sh), __ATOMIC_ACQUIRE);
		for (pos = fa->fa_deq[sh] + 1; pos < enq; pos++) {
			r = slot(fa, sh, pos);
			if (__atomic_load_n(&r->r_seq, __ATOMIC_ACQUIRE) !=
			    lap(fa, pos) + 1 || r->r_tid != (uint32_t)tid ||
			    r->r_site == TAKEN)
				continue;
			memcpy(&copy, r, sizeof(copy));
			if (fire(s, &copy))
				n++;
			r->r_site = TAKEN;
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

bool
tr_ring_check_due(const tr_session_t *s)
{
	return s->s_fast != NULL && s->s_fast->fa_check;
}

/*
 * A shard has waited on one slot for TR_STALL_NS (the loop asks, with no
 * session stopping): stop every thread, step each one out of the record
 * blocks (a slot a live thread claimed is published on the way), and
 * free what is still unpublished, unless a signal frame points into a
 * trampoline (its handler may return there and publish).  The timer only
 * says when to look: a producer preempted for longer is stepped, never
 * skipped.
 */
int
tr_ring_stall_check(tr_session_t *s)
{
	struct tr_fast *fa = s->s_fast;
	tr_thread_t *th;
	bool frames;
	unsigned sh;

	if (fa == NULL || !fa->fa_check)
		return 0;
	fa->fa_check = false;
	if (fa->fa_ring == 0 || s->s_gone)
		return 0;
	/*
	 * A thread in a group-stop (SIGSTOP, SIGTSTP...) keeps the slot it
	 * claimed until SIGCONT: alive, so waiting is right, and stepping it
	 * would run a stopped process (t/faults/signals.sh saw its CPU time
	 * grow under SIGTTOU).  Look again in a new period.
	 */
	for (th = s->s_all; th != NULL; th = th->th_all)
		if (th->th_listen) {
			for (sh = 0; sh < TR_NSHARDS; sh++)
				fa->fa_stuck[sh] = 0;
			return 0;
		}
	if (tr_stop_all(s) < 0)
		return -1;
	if (fa->fa_ring != 0) {
		frames = tr_fast_settle(s, false);
		tr_ring_drain(s, !frames, 0);
		for (sh = 0; sh < TR_NSHARDS; sh++)
			fa->fa_stuck[sh] = 0;	/* a new period */
	}
	return tr_resume_all(s);
}
