/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/sigframe.c: pcs of ours saved in signal frames.  Before an
 * ending unmaps an out-of-line page or a trampoline chunk, no thread may
 * be able to come back to it.  Threads stopped inside one are moved out
 * (xol.c, tramp.c); what remains is a signal frame whose handler has not
 * returned yet: sigreturn would resume at the saved rip, in a page that
 * is gone.  That is not rare on the int3 path: a signal pending when
 * pidtrace resumes a thread at its slot is delivered on the way back to
 * user mode, so the frame saves the slot's address as the interrupted pc.
 *
 * Such a frame is the kernel's rt_sigframe (linux
 * arch/x86/include/asm/sigframe.h): pretcode (the SA_RESTORER address),
 * then the ucontext, whose uc_mcontext.gregs (r8 ... rip, eflags, then
 * cs, gs, fs and ss as four u16) put rip 176 bytes above pretcode.  A
 * frame is recognised by that shape: cs 0x33 (64-bit code), gs and fs 0,
 * ss 0x2b (0 before Linux 4.6) in the word after eflags; and it is
 * rewritten only when pretcode also points at `mov $15,%rax|%eax;
 * syscall`, the rt_sigreturn of glibc's, musl's and Go's restorers.
 *
 * Only such a frame can take a thread back into our pages: nothing of
 * ours pushes a return address (a call never runs out of line or in a
 * trampoline: it is emulated, or the site stays int3), so a word of a
 * stack that merely holds a value in our range, anywhere but in a frame's
 * rip, is not a way back; it is data (Go's goroutine stacks lie in its
 * heap, and a chunk placed low in the address space, near a non-PIE
 * binary, makes small integers look like pcs of ours: "a signal frame
 * still points into pidtrace's trampolines" on every attach to a cgo
 * program).  A frame-shaped word whose restorer we do not know keeps the
 * pages, said by the caller.
 *
 * Where frames are: above the thread's rsp, on the stack it runs on (the
 * handler's, maybe an alternate signal stack), and above the rsp each
 * frame saved (the stack the signal interrupted, which may be another
 * one: a handler on the normal stack interrupted by one on the
 * alternate stack).  Each is scanned up to the first unreadable page, 8
 * MB at most; 64 KB when only counting (a stall check of the fast
 * path's ring, with every thread stopped: a frame missed there costs a
 * record, counted as a drop, and 8 MB a thread took too long).  A frame
 * on the alternate stack its uc_stack names (the kernel saves the
 * thread's sigaltstack there) is live only if the scan started on that
 * stack; then the scan stops at the stack's top.  Others are returned
 * handlers' (t/fastpath/altstack.sh): Go's signal stacks lie in its
 * heap beside its threads' stacks.
 *
 * A frame found is moved by the caller's move(): its registers are made
 * the exactly equivalent original state (the pc of the instruction that
 * has not run yet, and whatever registers our code had pushed), as a
 * stopped thread would be moved; the value written is the state the
 * program would have saved had it not been traced.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>

#include "tracer/tr-impl.h"

#define SCAN_CHUNK	65536u
#define SCAN_MAX	(8u << 20)	/* bytes above a start, at most */
#define SCAN_LOOK	65536u		/* the same, when only counting */
#define RIP_OFF		176u		/* pretcode to uc_mcontext.rip */
#define MAX_STACKS	16		/* stacks followed through frames */
/* pretcode, uc_flags, uc_link, then uc_stack: ss_sp, ss_flags, ss_size */
#define UC_SS_SP	3
#define UC_SS_SIZE	5
#define UC_WORDS	6

/* What process_vm_readv could read of [addr, addr + len): stops at a gap. */
static size_t
read_some(pid_t tid, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len };
	struct iovec remote = { (void *)(uintptr_t)addr, len };
	ssize_t n;

	n = process_vm_readv(tid, &local, 1, &remote, 1, 0);
	return n < 0 ? 0 : (size_t)n;
}

static bool
is_restorer(pid_t tid, uint64_t pc)
{
	static const uint8_t q[] = { 0x48, 0xc7, 0xc0, 0x0f, 0x00, 0x00, 0x00,
				     0x0f, 0x05 };
	static const uint8_t l[] = { 0xb8, 0x0f, 0x00, 0x00, 0x00, 0x0f,
				     0x05 };
	uint8_t b[sizeof(q)];

	if (pc == 0 || read_some(tid, pc, b, sizeof(b)) != sizeof(b))
		return false;
	return memcmp(b, q, sizeof(q)) == 0 || memcmp(b, l, sizeof(l)) == 0;
}

/* cs, gs, fs, ss of a 64-bit frame, as the word after eflags holds them. */
static bool
is_segs(uint64_t w)
{
	return w == 0x33 || w == 0x002b000000000033ull;
}

/*
 * The frame whose rip is at a: its gregs, whether its restorer is known,
 * and the alternate signal stack it was delivered with ([*ss_lo,
 * *ss_hi), empty without one: the kernel's uc_stack, saved as it was
 * then).  Only a frame whose restorer is known says where a stack is:
 * the rip, flags and segments of a dead frame outlive its head, which a
 * later frame laid a few words lower overwrites with its registers, so
 * a word shaped like a frame may hold anything as its uc_stack.  In
 * t/faults/sigattach.sh under -x fastpath=record such a word said [1,
 * an address just above it), which held the scan's start: the scan
 * stopped there, below the frame of a handler that had interrupted a
 * trampoline, the chunk was unmapped, and the process died of SIGSEGV
 * when the handler returned (t/fastpath/sigframe.sh's decoy).
 */
static bool
read_frame(pid_t tid, uint64_t a, uint64_t g[TR_NGREG], bool *known,
	   uint64_t *ss_lo, uint64_t *ss_hi)
{
	uint64_t head[UC_WORDS];

	if (a < RIP_OFF ||
	    read_some(tid, a - TR_G_RIP * 8, g, TR_NGREG * 8) !=
	    TR_NGREG * 8 || !is_segs(g[TR_G_RIP + 2]) ||
	    read_some(tid, a - RIP_OFF, head, sizeof(head)) != sizeof(head))
		return false;
	*known = is_restorer(tid, head[0]);
	*ss_lo = *ss_hi = 0;
	if (*known) {
		*ss_lo = head[UC_SS_SP];
		*ss_hi = head[UC_SS_SP] + head[UC_SS_SIZE];
	}
	if (*ss_hi < *ss_lo)
		*ss_hi = *ss_lo;
	return true;
}

typedef struct scan {
	uint64_t	lo[MAX_STACKS], hi[MAX_STACKS];	/* scanned */
	uint64_t	todo[MAX_STACKS];
	int		nscanned, ntodo;
} scan_t;

static void
add_start(scan_t *sc, uint64_t a)
{
	int i;

	a &= ~7ull;
	for (i = 0; i < sc->nscanned; i++)
		if (a >= sc->lo[i] && a < sc->hi[i])
			return;
	for (i = 0; i < sc->ntodo; i++)
		if (sc->todo[i] == a)
			return;
	if (sc->ntodo + sc->nscanned < MAX_STACKS)
		sc->todo[sc->ntodo++] = a;
}

/*
 * The pc and stack pointer of a task blocked in a system call without a
 * ptrace stop (a thread waiting in vfork): /proc/TID/syscall says them.
 */
static int
blocked_regs(pid_t tid, struct user_regs_struct *r)
{
	char path[64], line[512], *p;
	unsigned long long sp, pc;
	int i, rc = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/syscall", (int)tid);
	f = fopen(path, "re");
	if (f == NULL)
		return -1;
	if (fgets(line, sizeof(line), f) != NULL) {
		/* "nr a1 ... a6 sp pc" */
		for (p = line, i = 0; i < 7 && p != NULL; i++) {
			p = strchr(p, ' ');
			if (p != NULL)
				p++;
		}
		if (p != NULL && sscanf(p, "%llx %llx", &sp, &pc) == 2) {
			memset(r, 0, sizeof(*r));
			r->rsp = sp;
			r->rip = pc;
			rc = 0;
		}
	}
	fclose(f);
	return rc;
}

int
tr_frames_unref(tr_session_t *s, pid_t tid, tr_pc_ours_t *ours,
		tr_frame_move_t *move)
{
	struct user_regs_struct r;
	uint64_t *buf, a, at, g[TR_NGREG], old[TR_NGREG], ss_lo, ss_hi, lim;
	size_t n, i, done;
	size_t max = move != NULL ? SCAN_MAX : SCAN_LOOK;
	scan_t sc;
	bool known;
	int left = 0;

	if (ptrace(PTRACE_GETREGS, tid, 0L, &r) < 0 &&
	    blocked_regs(tid, &r) < 0)
		return -1;
	if (ours(s, r.rip))
		left++;
	buf = malloc(SCAN_CHUNK + 16);
	if (buf == NULL)
		return -1;
	memset(&sc, 0, sizeof(sc));
	add_start(&sc, r.rsp);
	while (sc.ntodo > 0) {
		a = sc.todo[--sc.ntodo];
		sc.lo[sc.nscanned] = a;
		sc.hi[sc.nscanned++] = a;
		lim = a + max < a ? UINT64_MAX : a + max;
		for (done = 0; a + done < lim; done += n) {
			/* Two words more: the segments after a rip. */
			n = read_some(tid, a + done, buf, SCAN_CHUNK + 16) &
			    ~(size_t)7;
			sc.hi[sc.nscanned - 1] = a + done + n;
			if (n < 24)
				break;
			n -= 16;
			for (i = 0; i < n / 8 && a + done + i * 8 < lim;
			     i++) {
				if (!is_segs(buf[i + 2]))
					continue;
				at = a + done + i * 8;
				if (!read_frame(tid, at, g, &known, &ss_lo,
						&ss_hi))
					continue;
				if (at >= ss_lo && at < ss_hi) {
					/*
					 * On the alternate stack it was
					 * delivered on: live only while the
					 * scan's start (the thread, or what
					 * a live frame interrupted) runs on
					 * that stack, below it; nested
					 * handlers stay there.  Else it is
					 * a returned handler's, or another
					 * thread's (its own scan sees it):
					 * left as it is, not counted.  Go's
					 * signal stacks lie in its heap next
					 * to its threads' stacks.
					 */
					if (a < ss_lo || a >= ss_hi)
						continue;
					/* Nothing above is on this stack. */
					if (ss_hi < lim)
						lim = ss_hi;
				}
				/* The stack it interrupted may hold more. */
				if (known)
					add_start(&sc, g[TR_G_RSP]);
				if (!ours(s, g[TR_G_RIP]))
					continue;
				memcpy(old, g, sizeof(old));
				/*
				 * A handler running now has its frame near
				 * where it runs; one further up is a dead
				 * one's (tr_fast_wait_frames waits for the
				 * near ones only).
				 */
				s->s_frame_far = done + i * 8 >= SCAN_LOOK;
				if (known && move != NULL &&
				    move(s, tid, g) && !ours(s, g[TR_G_RIP])) {
					/*
					 * A `syscall` run out of line left
					 * its return address in rcx too.
					 */
					if (old[TR_G_RCX] == old[TR_G_RIP])
						g[TR_G_RCX] = g[TR_G_RIP];
					if (tr_mem_write_pid(tid,
					    at - TR_G_RIP * 8, g,
					    TR_G_RIP * 8 + 16) == 0)
						continue;
				}
				/*
				 * A dead handler's frame that cannot be
				 * moved (Go's heap past a goroutine's stack
				 * holds old stacks' words): nothing returns
				 * there.
				 */
				if (s->s_frame_far && move != NULL)
					continue;
				left++;
			}
			if (n + 16 < SCAN_CHUNK + 16)
				break;
		}
		if (sc.hi[sc.nscanned - 1] > lim)
			sc.hi[sc.nscanned - 1] = lim;
	}
	free(buf);
	return left;
}
