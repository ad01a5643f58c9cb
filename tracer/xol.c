/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/xol.c: execution out of line.  A displaced instruction that is
 * not emulated is copied into a 32-byte slot of a scratch page mapped in
 * the tracee, followed by an absolute jump back to the next original
 * instruction:
 *
 *	slot+0		the instruction (rip-relative disp32 re-pointed)
 *	slot+len	ff 25 00 00 00 00	jmp *0(%rip)
 *	slot+len+6	the next original address, 8 bytes
 *
 * A firing sets rip to the slot; the thread runs the copy and comes back
 * without another stop.  Slots are never reused, so a thread still in a
 * slot when its site is removed finishes safely.  Pages are mapped by an
 * injected mmap (session.c) with MAP_FIXED_NOREPLACE in a gap of the
 * address space near the site, so a rip-relative disp32 can reach the
 * original target from the slot.  Every ending that leaves the process
 * alive unmaps them (tr_xol_unmap) once no thread can come back to them;
 * a fork child's copies go before it runs (tr_xol_clean_child).
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/user.h>

#include "tracer/tr-impl.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define NEAR	(1ull << 30)	/* aim within 1 GiB, disp32 reaches 2 */

static bool
reach(uint64_t from, uint64_t to)
{
	int64_t d = (int64_t)(to - from);

	return d >= INT32_MIN && d <= INT32_MAX;
}

static uint64_t
dist(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

/*
 * The room left free above the program break.  A page of ours at the
 * break's end would stop brk(2) from growing the heap, and glibc's malloc
 * would then fall back to mmap and trim less: the program's behaviour
 * changes.  glibc grows the heap by brk for every request under its mmap
 * threshold (128 KiB, raised up to 32 MiB as the program frees), so a
 * heap grows as far as the program allocates; no room is enough for all
 * programs, 1 GiB is far more than the heaps of the programs we trace
 * grow to while traced (python3.11, node, postgres back ends: tens to
 * hundreds of MB).  It is also the span over which Linux on x86-64
 * puts start_brk past the bss (measured on 6.18: 0 to 1 GiB), so a chunk
 * placed past the room of a heap that starts right after the bss lies
 * where a randomized heap could have started anyway.
 * Placements that need rel32 reach look up to 1.5 GiB away (TR_GAP_REACH),
 * so for a non-PIE program the room below start_brk plus the room past
 * the heap's is about 0.5 GiB minus the executable's and the heap's size
 * whatever the randomization: 430 MB for node.
 */
#define BRK_ROOM	(1ull << 30)

/*
 * start_brk, where the heap begins: field 47 of /proc/PID/stat (Linux 3.3
 * on; the current break is not there, field 48 is arg_start).  comm,
 * field 2, may hold spaces and parentheses: the fields are counted after
 * its last ')'.  0 when it cannot be read.
 */
static uint64_t
start_brk(pid_t pid)
{
	char path[64], buf[2048], *p;
	unsigned long long v;
	size_t n;
	FILE *f;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	if (p == NULL)
		return 0;
	p++;
	/* Field 3 (state) follows the ')'; skip fields 3 to 46. */
	for (i = 3; i < 47; i++) {
		p += strspn(p, " ");
		p += strcspn(p, " ");
	}
	if (sscanf(p, " %llu", &v) != 1)
		return 0;
	return v;
}

/*
 * The lowest address mmap may use (/proc/sys/vm/mmap_min_addr, 64 KB on
 * Debian): a gap below it is no gap, a mapping there fails with EPERM.
 */
static uint64_t
min_addr(void)
{
	unsigned long long v;
	FILE *f;

	f = fopen("/proc/sys/vm/mmap_min_addr", "re");
	if (f == NULL)
		return 0x10000;
	if (fscanf(f, "%llu", &v) != 1 || v < 0x1000)
		v = 0x10000;
	fclose(f);
	return (v + 0xfff) & ~0xfffull;
}

/* Takes c, a candidate start of size bytes, when nearer to addr. */
static void
consider(uint64_t *best, uint64_t c, uint64_t addr, uint64_t skip)
{
	if (c != skip && (*best == 0 || dist(c, addr) < dist(*best, addr)))
		*best = c;
}

/* Both ends of the free range [lo, hi), when size bytes fit in it. */
static void
ends(uint64_t *best, uint64_t lo, uint64_t hi, uint64_t size, uint64_t addr,
     uint64_t skip)
{
	if (hi <= lo || hi - lo < size)
		return;
	consider(best, hi - size, addr, skip);
	consider(best, lo, addr, skip);
}

/*
 * The room the main thread's stack may grow into, below its [stack]
 * mapping: the kernel lets it grow down to RLIMIT_STACK's soft limit,
 * and refuses to grow it within stack_guard_gap (256 pages by default) of
 * the mapping below.  A page of ours there would turn a deep recursion
 * the program survives untraced into a SIGSEGV.  The kernel keeps its
 * own mmap_base at least 128 MiB below the stack's top for the same
 * reason (mm/util.c, mmap_base()), so no less than that; an unlimited
 * stack (the kernel then lays mappings out bottom-up, far away) keeps a
 * terabyte.  The soft limit is the process's, from /proc/PID/limits;
 * 0 when it cannot be read, and then 128 MiB.
 */
#define STACK_GUARD	(256ull * 4096)
#define STACK_MIN_GAP	(128ull << 20)
#define STACK_UNLIMITED	(1ull << 40)

static uint64_t
stack_room(pid_t pid)
{
	char path[64], line[256], soft[64];
	unsigned long long v;
	uint64_t room = STACK_MIN_GAP;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/limits", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return room + STACK_GUARD;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "Max stack size", 14) != 0)
			continue;
		if (sscanf(line + 14, " %63s", soft) != 1)
			break;
		if (strcmp(soft, "unlimited") == 0)
			room = STACK_UNLIMITED;
		else if (sscanf(soft, "%llu", &v) == 1 && v > room)
			room = v < STACK_UNLIMITED ? v : STACK_UNLIMITED;
		break;
	}
	fclose(f);
	return room + STACK_GUARD;
}

int
tr_stack_room(pid_t pid, uint64_t *lo, uint64_t *hi)
{
	char path[64], line[512];
	uint64_t a, b, room;
	FILE *f;

	*lo = *hi = 0;
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strstr(line, " [stack]") != NULL &&
		    sscanf(line, "%" SCNx64 "-%" SCNx64, &a, &b) == 2)
			*hi = a;
	fclose(f);
	if (*hi == 0) {
		errno = ENOENT;
		return -1;
	}
	room = stack_room(pid);
	*lo = *hi > room ? (*hi - room) & ~(uint64_t)(TR_PAGE - 1) : 0;
	return 0;
}

/*
 * The end of the address space mmap gives a process on x86-64 without an
 * address hint above it (47 bits less a page, TASK_SIZE_MAX): the gap
 * between [stack] and [vsyscall] is no gap, a mapping there is ENOMEM.
 */
#define USER_TOP	0x7ffffffff000ull

/* A range no page of ours may take: [lo, hi), whole pages. */
struct room {
	uint64_t lo, hi;
};

/*
 * The candidates of the free range [lo, hi) less the rooms (sorted by
 * lo, not overlapping): the ends of each piece left.
 */
static void
gap_ends(uint64_t *best, uint64_t lo, uint64_t hi, const struct room *r,
	 int nr, uint64_t size, uint64_t addr, uint64_t skip)
{
	int i;

	for (i = 0; i < nr && lo < hi; i++) {
		if (r[i].hi <= lo || r[i].lo >= hi)
			continue;
		if (r[i].lo > lo)
			ends(best, lo, r[i].lo, size, addr, skip);
		lo = r[i].hi;
	}
	if (lo < hi)
		ends(best, lo, hi, size, addr, skip);
}

/*
 * A free range of size bytes in /proc/PID/maps at most maxd from addr, or
 * 0: an end of a gap between mappings, the one nearest to addr (so that
 * successive ones pack side by side).  Never one in the rooms the
 * process's memory grows into: [start_brk, max(brk, start_brk) +
 * BRK_ROOM), the heap and its room, and stack_room() below the [stack]
 * mapping.  A gap that holds a room is cut, and the room's own ends are
 * candidates too.  The break is the end of the maps' [heap] (none before
 * the program first moved it).
 */
uint64_t
tr_find_gap_within(pid_t pid, uint64_t addr, uint64_t size, uint64_t skip,
		   uint64_t maxd)
{
	char path[64], line[512];
	uint64_t prev_end = min_addr(), lo, hi, best = 0;
	uint64_t blo, bhi, slo = 0;
	struct room r[2], t;
	int nr = 0;
	FILE *f;

	blo = bhi = start_brk(pid);
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "re");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (sscanf(line, "%" SCNx64 "-%" SCNx64, &lo, &hi) != 2)
			continue;
		if (blo != 0 && strstr(line, " [heap]") != NULL && hi > bhi)
			bhi = hi;
		if (strstr(line, " [stack]") != NULL)
			slo = lo;
	}
	/* Whole pages: start_brk need not be aligned, our mappings must. */
	blo &= ~(uint64_t)(TR_PAGE - 1);
	if (blo != 0) {
		r[nr].lo = blo;
		r[nr].hi = bhi + BRK_ROOM + TR_PAGE < bhi ? UINT64_MAX :
		    (bhi + BRK_ROOM + TR_PAGE - 1) & ~(uint64_t)(TR_PAGE - 1);
		nr++;
	}
	if (slo != 0) {
		hi = stack_room(pid);
		r[nr].lo = slo > hi ? (slo - hi) & ~(uint64_t)(TR_PAGE - 1) : 0;
		r[nr].hi = slo;
		nr++;
	}
	if (nr == 2 && r[1].lo < r[0].lo) {
		t = r[0];
		r[0] = r[1];
		r[1] = t;
	}
	rewind(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (sscanf(line, "%" SCNx64 "-%" SCNx64, &lo, &hi) != 2)
			continue;
		if (lo > USER_TOP)
			lo = USER_TOP;
		if (lo > prev_end)
			gap_ends(&best, prev_end, lo, r, nr, size, addr, skip);
		if (hi > prev_end)
			prev_end = hi;
	}
	fclose(f);
	if (best != 0 && dist(best, addr) > maxd)
		return 0;
	return best;
}

/* A free range of size bytes within NEAR of addr, or 0. */
uint64_t
tr_find_gap(pid_t pid, uint64_t addr, uint64_t size, uint64_t skip)
{
	return tr_find_gap_within(pid, addr, size, skip, NEAR);
}

static tr_xolpage_t *
map_page(tr_session_t *s, uint64_t near)
{
	tr_xolpage_t *xp;
	uint64_t hint, skip = 0;
	long r;
	int tries;

	for (tries = 0; tries < 4; tries++) {
		hint = tr_find_gap(s->s_memtid, near, TR_PAGE, skip);
		if (hint == 0)
			break;
		r = tr_inject_syscall(s, SYS_mmap, (long)hint, TR_PAGE,
				      PROT_READ | PROT_EXEC,
				      MAP_PRIVATE | MAP_ANONYMOUS |
				      MAP_FIXED_NOREPLACE, -1, 0);
		if (r == (long)hint)
			goto got;
		if (r == -EAGAIN) {
			errno = EAGAIN;
			return NULL;
		}
		if (r < 0 && r > -4096 && r != -EEXIST) {
			errno = (int)-r;
			return NULL;
		}
		if (r > 0 && (uint64_t)r < (uint64_t)-4096) {
			/* An old kernel took the flag as a hint. */
			if (dist((uint64_t)r, near) <= NEAR) {
				hint = (uint64_t)r;
				goto got;
			}
			tr_inject_syscall(s, SYS_munmap, r, TR_PAGE, 0, 0, 0,
					  0);
		}
		skip = hint;
	}
	errno = ENOMEM;
	return NULL;
got:
	xp = calloc(1, sizeof(*xp));
	if (xp == NULL)
		return NULL;
	xp->xp_addr = hint;
	xp->xp_next = s->s_xol;
	s->s_xol = xp;
	return xp;
}

static bool
fits(const tr_xolpage_t *xp, const tr_bkpt_t *bp)
{
	const tr_insn_t *in = &bp->bp_insn;
	uint64_t slot, target;

	if (xp->xp_used >= TR_PAGE / TR_SLOT)
		return false;
	if (!in->in_riprel)
		return true;
	slot = xp->xp_addr + (uint64_t)xp->xp_used * TR_SLOT;
	target = bp->bp_addr + in->in_len + (uint64_t)in->in_disp;
	return reach(slot + in->in_len, target);
}

int
tr_xol_place(tr_session_t *s, tr_bkpt_t *bp)
{
	const tr_insn_t *in = &bp->bp_insn;
	uint8_t code[TR_SLOT];
	tr_xolpage_t *xp;
	uint64_t slot, next, target;
	int32_t disp;
	unsigned idx;

	for (xp = s->s_xol; xp != NULL; xp = xp->xp_next)
		if (fits(xp, bp))
			break;
	if (xp == NULL) {
		xp = map_page(s, bp->bp_addr);
		if (xp == NULL)
			return -1;
		if (!fits(xp, bp)) {
			errno = ENOMEM;
			return -1;
		}
	}
	idx = xp->xp_used;
	slot = xp->xp_addr + (uint64_t)idx * TR_SLOT;
	next = bp->bp_addr + in->in_len;

	memset(code, 0xcc, sizeof(code));
	memcpy(code, in->in_bytes, in->in_len);
	if (in->in_riprel) {
		target = next + (uint64_t)in->in_disp;
		disp = (int32_t)(target - (slot + in->in_len));
		memcpy(code + in->in_disp_off, &disp, 4);
	}
	code[in->in_len + 0] = 0xff;
	code[in->in_len + 1] = 0x25;
	memset(code + in->in_len + 2, 0, 4);
	memcpy(code + in->in_len + 6, &next, 8);
	if (tr_mem_write(s, slot, code, sizeof(code)) < 0)
		return -1;
	xp->xp_site[idx] = bp->bp_addr;
	xp->xp_len[idx] = in->in_len;
	xp->xp_used++;
	bp->bp_slot = slot;
	return 0;
}

/*
 * A thread stopped inside a slot goes back to the equivalent original
 * address: at the copy, to the site (the instruction has not run); at the
 * jump back (the copy has run, or a syscall in it was interrupted), to the
 * next original instruction.  Returns whether rip was changed.
 */
bool
tr_xol_fixup_rip(tr_session_t *s, uint64_t *rip)
{
	tr_xolpage_t *xp;
	uint64_t off;
	unsigned idx;

	for (xp = s->s_xol; xp != NULL; xp = xp->xp_next) {
		if (*rip < xp->xp_addr || *rip >= xp->xp_addr + TR_PAGE)
			continue;
		idx = (unsigned)((*rip - xp->xp_addr) / TR_SLOT);
		off = (*rip - xp->xp_addr) % TR_SLOT;
		if (idx >= xp->xp_used)
			return false;
		if (off == 0)
			*rip = xp->xp_site[idx];
		else
			*rip = xp->xp_site[idx] + xp->xp_len[idx];
		return true;
	}
	return false;
}

static bool
in_xol(const tr_session_t *s, uint64_t pc)
{
	const tr_xolpage_t *xp;

	for (xp = s->s_xol; xp != NULL; xp = xp->xp_next)
		if (pc >= xp->xp_addr && pc < xp->xp_addr + TR_PAGE)
			return true;
	return false;
}

/*
 * A pc saved in a signal frame: only the two instruction boundaries of a
 * slot have an exact original, the copy (not run yet: the site, whose
 * original bytes are back) and the jump back (the copy ran: the next
 * original instruction).  The slot's code touches no other register.
 */
static bool
xol_move(tr_session_t *s, pid_t tid, uint64_t *g)
{
	const tr_xolpage_t *xp;
	uint64_t off, pc = g[TR_G_RIP];
	unsigned idx;

	(void)tid;
	for (xp = s->s_xol; xp != NULL; xp = xp->xp_next) {
		if (pc < xp->xp_addr || pc >= xp->xp_addr + TR_PAGE)
			continue;
		idx = (unsigned)((pc - xp->xp_addr) / TR_SLOT);
		off = (pc - xp->xp_addr) % TR_SLOT;
		if (idx >= xp->xp_used)
			return false;
		if (off == 0)
			g[TR_G_RIP] = xp->xp_site[idx];
		else if (off == xp->xp_len[idx])
			g[TR_G_RIP] = xp->xp_site[idx] + xp->xp_len[idx];
		else
			return false;
		return true;
	}
	return false;
}

/* munmap every page in th (a thread of s, or a fork child); 0 if all went. */
static int
unmap_pages(tr_session_t *s, tr_thread_t *th)
{
	tr_xolpage_t *xp;
	long r;
	int bad = 0;

	for (xp = s->s_xol; xp != NULL; xp = xp->xp_next) {
		r = tr_inject_syscall_th(s, th, SYS_munmap, (long)xp->xp_addr,
					 TR_PAGE, 0, 0, 0, 0);
		if (r != 0)
			bad = (int)-r;
	}
	return bad;
}

/*
 * tr_release, the process living on: every thread stopped, moved out of
 * the slots (tr_xol_fixup_rip) and every site restored, so nothing enters
 * a slot any more.  A signal frame may still hold a slot's address
 * (sigframe.c): it is moved to the original, or the pages stay, said
 * once.  Then the pages go by injected munmap.
 */
void
tr_xol_unmap(tr_session_t *s)
{
	tr_thread_t *th;
	int left = 0, n, e;

	if (s->s_xol == NULL)
		return;
	for (th = s->s_all; th != NULL; th = th->th_all) {
		/* A vfork child runs on in our memory; a fork child not. */
		if (th->th_kind == TR_KIND_FORK ||
		    th->th_kind == TR_KIND_UNKNOWN || th->th_zombie)
			continue;
		n = th->th_stopped || tr_in_vfork(th) ?
		    tr_frames_unref(s, th->th_tid, in_xol, xol_move) : -1;
		if (n != 0)
			left++;
	}
	th = tr_inject_thread_mm(s);
	if (left != 0 || th == NULL) {
		tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "%s: pidtrace's "
			  "out-of-line pages are left mapped", left != 0 ?
			  "a thread may still return into them" :
			  "no thread can run munmap");
	} else if ((e = unmap_pages(s, th)) != 0) {
		tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "munmap of an out-of-line "
			  "page: %s", strerror(e));
	}
	tr_xol_forget(s);
}

/*
 * A fork child stopped before it ran (its text already restored): its
 * copies of the pages go, after its rip and signal frames leave them (it
 * forked from a `syscall` run out of line, or from a handler).
 */
void
tr_xol_clean_child(tr_session_t *s, tr_thread_t *th)
{
	struct user_regs_struct r;
	uint64_t rip;
	int e;

	if (s->s_xol == NULL || th == NULL || !th->th_stopped ||
	    ptrace(PTRACE_GETREGS, th->th_tid, 0L, &r) < 0)
		return;
	rip = r.rip;
	if (tr_xol_fixup_rip(s, &rip)) {
		r.rip = rip;
		if (ptrace(PTRACE_SETREGS, th->th_tid, 0L, &r) < 0)
			return;
	}
	if (tr_frames_unref(s, th->th_tid, in_xol, xol_move) != 0)
		tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "fork child %d: a thread "
			  "may still return into pidtrace's out-of-line pages: "
			  "left mapped in it", (int)th->th_tid);
	else if ((e = unmap_pages(s, th)) != 0)
		tr_notice(s, TR_NOTE_LEFT_MAPPED, 0, "fork child %d: munmap "
			  "of an out-of-line page: %s", (int)th->th_tid,
			  strerror(e));
}

void
tr_xol_forget(tr_session_t *s)
{
	tr_xolpage_t *xp;

	while ((xp = s->s_xol) != NULL) {
		s->s_xol = xp->xp_next;
		free(xp);
	}
}
