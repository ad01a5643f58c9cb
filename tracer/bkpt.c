/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/bkpt.c: the table of patched sites, keyed by address, holding
 * the original bytes.  Every read of tracee text goes through
 * tr_bkpt_overlay(), so an int3 we placed never leaks into a decode, an
 * instruction copy or a copyin() of the host (libproc Pcontrol.c keeps
 * the same table: bkpt_by_addr).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tracer/tr-impl.h"

static const uint8_t int3 = 0xcc;

static size_t
bucket(const tr_session_t *s, uint64_t addr)
{
	return (size_t)((addr ^ (addr >> 10) ^ (addr >> 20)) *
			0x9e3779b97f4a7c15ull >> 32) & (s->s_nbucket - 1);
}

/*
 * Room for one more site: the table doubles when it holds twice as many
 * sites as chains (a probe on every function of node: 85,000 sites, and
 * every read of text looks up each 0xcc byte it holds).
 */
static int
grow(tr_session_t *s)
{
	size_t n = s->s_nbucket ? 2 * s->s_nbucket : TR_BKPT_BUCKETS, b, o;
	tr_bkpt_t **old = s->s_bkpt, **nb, *bp;

	if (s->s_nbucket != 0 && s->s_nbkpt < 2 * s->s_nbucket)
		return 0;
	nb = calloc(n, sizeof(*nb));
	if (nb == NULL)
		return s->s_nbucket != 0 ? 0 : -1;	/* longer chains */
	o = s->s_nbucket;
	s->s_bkpt = nb;
	s->s_nbucket = n;
	for (b = 0; b < o; b++)
		while ((bp = old[b]) != NULL) {
			old[b] = bp->bp_next;
			bp->bp_next = nb[bucket(s, bp->bp_addr)];
			nb[bucket(s, bp->bp_addr)] = bp;
		}
	free(old);
	return 0;
}

tr_bkpt_t *
tr_bkpt_find(const tr_session_t *s, uint64_t addr)
{
	tr_bkpt_t *bp;

	if (s->s_nbkpt == 0)
		return NULL;
	for (bp = s->s_bkpt[bucket(s, addr)]; bp != NULL;
	     bp = bp->bp_next)
		if (bp->bp_addr == addr)
			return bp;
	return NULL;
}

void
tr_bkpt_overlay(const tr_session_t *s, uint64_t addr, uint8_t *buf,
		size_t len)
{
	size_t i;
	tr_bkpt_t *bp;

	if (s->s_nbkpt == 0)
		return;
	for (i = 0; i < len; i++) {
		if (buf[i] != int3)
			continue;
		bp = tr_bkpt_find(s, addr + i);
		if (bp != NULL)
			buf[i] = bp->bp_insn.in_bytes[0];
	}
}

int
tr_bkpt_insert(tr_session_t *s, uint64_t addr, uint32_t cookie,
	       bool internal)
{
	uint8_t code[TR_INSN_MAX];
	tr_bkpt_t *bp;
	ssize_t n;
	size_t b;

	bp = tr_bkpt_find(s, addr);
	if (bp != NULL) {
		/*
		 * Two hooks at one address (a user's probe on the loader's
		 * _dl_debug_state, where the host stops to follow dlopen):
		 * one int3 serves both.  The second needs the stop, so a
		 * jump laid there for the first goes back to the int3.
		 */
		if (internal || bp->bp_internal || bp->bp_shared ||
		    bp->bp_cookie == cookie) {
			errno = EEXIST;
			return -1;
		}
		if (tr_bkpt_is_fast(s, addr) &&
		    (tr_fast_unpatch(s, addr, 0) < 0 ||
		     tr_mem_write(s, addr, &int3, 1) < 0))
			return -1;
		bp->bp_cookie2 = cookie;
		bp->bp_shared = true;
		return 0;
	}
	if (tr_fast_covers(s, addr)) {
		errno = EBUSY;	/* a fast site's jump covers it */
		return -1;
	}
	n = tr_read(s, addr, code, sizeof(code));
	if (n <= 0) {
		errno = EFAULT;
		return -1;
	}
	if (grow(s) < 0)
		return -1;
	bp = calloc(1, sizeof(*bp));
	if (bp == NULL)
		return -1;
	bp->bp_addr = addr;
	bp->bp_cookie = cookie;
	bp->bp_internal = internal;
	if (internal) {
		/* Entry-point stop: hit once, then removed; nothing to run. */
		bp->bp_insn.in_bytes[0] = code[0];
		bp->bp_insn.in_len = 1;
	} else {
		if (tr_insn_plan(s, addr, code, (size_t)n, &bp->bp_insn) < 0)
			goto fail;
		/*
		 * No thread to map the XOL page with (all in group-stop):
		 * the first thread to hit the site maps it (loop.c).  Under
		 * tr_arm_hold the slot waits for tr_arm_flush, which places
		 * one only for the sites that stayed int3: most of a probe
		 * on every function run through a jump.
		 */
		if (s->s_wb == NULL && bp->bp_insn.in_plan == TR_PLAN_XOL &&
		    tr_xol_place(s, bp) < 0 && errno != EAGAIN)
			goto fail;
	}
	if ((s->s_wb != NULL ? tr_wbatch_add(s, s->s_wb, addr, &int3, 1,
	    NULL, TR_WTAG_INT3) : tr_mem_write(s, addr, &int3, 1)) < 0)
		goto fail;
	b = bucket(s, addr);
	bp->bp_next = s->s_bkpt[b];
	s->s_bkpt[b] = bp;
	s->s_nbkpt++;
	return 0;
fail:
	free(bp);
	return -1;
}

/*
 * tr_arm_flush: the XOL slots of the sites that stayed int3.  A site
 * without one is given up as tr_bkpt_insert would have refused it.
 */
void
tr_bkpt_place_slots(tr_session_t *s)
{
	uint64_t *lost = NULL;
	size_t b, n = 0, cap = 0, i;
	tr_bkpt_t *bp;

	for (b = 0; b < s->s_nbucket; b++)
		for (bp = s->s_bkpt[b]; bp != NULL; bp = bp->bp_next) {
			if (bp->bp_internal || bp->bp_slot != 0 ||
			    bp->bp_insn.in_plan != TR_PLAN_XOL ||
			    (!bp->bp_shared && tr_bkpt_is_fast(s, bp->bp_addr)))
				continue;
			if (tr_xol_place(s, bp) == 0 || errno == EAGAIN)
				continue;
			if (n == cap) {
				uint64_t *v;

				cap = cap ? 2 * cap : 16;
				v = realloc(lost, cap * sizeof(*v));
				if (v == NULL)
					continue;
				lost = v;
			}
			lost[n++] = bp->bp_addr;
		}
	for (i = 0; i < n; i++) {
		tr_notice(s, TR_NOTE_SITE_LOST, lost[i], "no room to run the "
			  "instruction at %#llx out of line: %s; site removed",
			  (unsigned long long)lost[i], strerror(ENOMEM));
		tr_bkpt_remove(s, lost[i]);
	}
	free(lost);
}

int
tr_bkpt_add(tr_session_t *s, uint64_t addr, uint32_t cookie)
{
	return tr_bkpt_insert(s, addr, cookie, false);
}

static int
unlink_bkpt(tr_session_t *s, uint64_t addr, bool write)
{
	tr_bkpt_t **pp, *bp;
	int rc = 0;

	if (s->s_nbkpt == 0) {
		errno = ENOENT;
		return -1;
	}
	for (pp = &s->s_bkpt[bucket(s, addr)]; (bp = *pp) != NULL;
	     pp = &bp->bp_next) {
		if (bp->bp_addr != addr)
			continue;
		if (write)
			rc = tr_fast_unpatch(s, addr, 0) < 0 ? -1 :
			     tr_mem_write(s, addr, bp->bp_insn.in_bytes, 1);
		*pp = bp->bp_next;
		s->s_nbkpt--;
		free(bp);
		return rc;
	}
	errno = ENOENT;
	return -1;
}

/*
 * A site removed while threads run may already have been hit by another
 * thread whose stop we have not reaped: its rip is addr+1 and its SIGTRAP
 * would look like the tracee's own.  Remember removed sites so that stop
 * is rewound to addr instead (the original byte is back there).
 */
static void
bury(tr_session_t *s, uint64_t addr)
{
	uint64_t *n;

	if (tr_bkpt_was_site(s, addr))
		return;
	if (s->s_ntomb == s->s_tombcap) {
		s->s_tombcap = s->s_tombcap ? 2 * s->s_tombcap : 64;
		n = realloc(s->s_tomb, s->s_tombcap * sizeof(*n));
		if (n == NULL)
			return;
		s->s_tomb = n;
	}
	s->s_tomb[s->s_ntomb++] = addr;
}

bool
tr_bkpt_was_site(const tr_session_t *s, uint64_t addr)
{
	size_t i;

	for (i = 0; i < s->s_ntomb; i++)
		if (s->s_tomb[i] == addr)
			return true;
	return false;
}

int
tr_bkpt_remove(tr_session_t *s, uint64_t addr)
{
	/*
	 * A thread may sit in this site's XOL slot: the slot stays (slots
	 * are never reused), so it finishes there and jumps back.
	 */
	if (unlink_bkpt(s, addr, true) < 0)
		return -1;
	bury(s, addr);
	return 0;
}

bool
tr_bkpt_intact(tr_session_t *s, uint64_t addr)
{
	uint8_t b;

	if (tr_bkpt_find(s, addr) == NULL)
		return false;
	if (tr_bkpt_is_fast(s, addr))
		return tr_fast_intact(s, addr);
	return tr_mem_read_raw(s, addr, &b, 1) == 1 && b == int3;
}

int
tr_bkpt_forget(tr_session_t *s, uint64_t addr)
{
	tr_fast_unpatch(s, addr, -1);
	if (unlink_bkpt(s, addr, false) < 0)
		return -1;
	bury(s, addr);
	return 0;
}

size_t
tr_bkpt_count(const tr_session_t *s)
{
	return s->s_nbkpt;
}

/* After an exec the old image is gone: forget, write nothing. */
void
tr_bkpt_forget_all(tr_session_t *s)
{
	size_t b;
	tr_bkpt_t *bp;

	for (b = 0; b < s->s_nbucket; b++)
		while ((bp = s->s_bkpt[b]) != NULL) {
			s->s_bkpt[b] = bp->bp_next;
			free(bp);
		}
	s->s_nbkpt = 0;
	free(s->s_bkpt);
	s->s_bkpt = NULL;
	s->s_nbucket = 0;
	free(s->s_tomb);
	s->s_tomb = NULL;
	s->s_ntomb = s->s_tombcap = 0;
}

/*
 * At the end, every thread stopped: the original bytes in one batch
 * (tr_bkpt_disarm_all), and the breakpoints gone.
 */
int
tr_bkpt_restore_all(tr_session_t *s)
{
	int rc = tr_bkpt_disarm_all(s);
	size_t b;
	tr_bkpt_t *bp;

	for (b = 0; b < s->s_nbucket; b++)
		while ((bp = s->s_bkpt[b]) != NULL) {
			s->s_bkpt[b] = bp->bp_next;
			free(bp);
		}
	s->s_nbkpt = 0;
	return rc;
}

/*
 * Every thread stopped, near the end: the original bytes back, the
 * breakpoints kept (a fork child not yet let go still has our int3s in
 * its copy: tr_release writes its originals from them).
 */
int
tr_bkpt_disarm_all(tr_session_t *s)
{
	tr_wbatch_t wb = TR_WBATCH_INIT;
	size_t b;
	tr_bkpt_t *bp;
	int rc = 0;

	for (b = 0; b < s->s_nbucket; b++)
		for (bp = s->s_bkpt[b]; bp != NULL; bp = bp->bp_next)
			if (tr_wbatch_add(s, &wb, bp->bp_addr,
					  bp->bp_insn.in_bytes, 1, NULL, 0) < 0)
				rc = -1;
	if (tr_wbatch_flush(s, &wb, NULL, NULL) != 0)
		rc = -1;
	return rc;
}

/* A fork child inherited our int3s: write the originals into its copy. */
int
tr_bkpt_restore_in(tr_session_t *s, pid_t pid)
{
	size_t b;
	tr_bkpt_t *bp;
	int rc = 0;

	for (b = 0; b < s->s_nbucket; b++)
		for (bp = s->s_bkpt[b]; bp != NULL; bp = bp->bp_next)
			if (tr_fast_unpatch(s, bp->bp_addr, pid) < 0 ||
			    tr_mem_write_pid(pid, bp->bp_addr,
					     bp->bp_insn.in_bytes, 1) < 0)
				rc = -1;
	return rc;
}
