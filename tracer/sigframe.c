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
 * then the ucontext, whose uc_mcontext.rip lies 176 bytes above pretcode
 * and is followed by eflags and cs (0x33 for 64-bit code).  A word of the
 * stack that holds a pc of ours is rewritten only when it is such a rip
 * (pretcode points at `mov $15,%rax|%eax; syscall`, the rt_sigreturn of
 * glibc's, musl's and Go's restorers, and cs is 0x33) or the rcx saved
 * beside it holding the same value (a `syscall` run out of line left its
 * return address there); and only to the original pc that is exactly
 * equivalent (the caller's equiv: the instruction that has not run yet,
 * or the one after it).  Any other frame that points at us counts as a
 * reference, and the mapping stays, said once by the caller.
 *
 * This is not a return address: no unwinder or stack copier reads it as
 * one, and the value written is the pc the program would have saved had
 * it not been traced.
 */
#include "config.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>

#include "tracer/tr-impl.h"

#define SCAN_CHUNK	65536u
#define SCAN_MAX	(8u << 20)	/* bytes above rsp, at most */
#define RIP_OFF		176u		/* pretcode to uc_mcontext.rip */

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

/* Whether the stack word at a is uc_mcontext.rip of a signal frame. */
static bool
is_frame_rip(pid_t tid, uint64_t a)
{
	uint64_t pretcode;
	uint16_t cs;

	if (a < RIP_OFF ||
	    read_some(tid, a - RIP_OFF, &pretcode, 8) != 8 ||
	    read_some(tid, a + 16, &cs, 2) != 2)
		return false;
	return cs == 0x33 && is_restorer(tid, pretcode);
}

/*
 * Whether the word at a is uc_mcontext.rcx (16 bytes below rip) holding
 * the rip: the signal interrupted the instruction after a `syscall`, which
 * left its return address in rcx.  The program's code may not rely on it,
 * but it gets the original value all the same.
 */
static bool
is_syscall_rcx(pid_t tid, uint64_t a, uint64_t v)
{
	uint64_t rip;

	return read_some(tid, a + 16, &rip, 8) == 8 && rip == v &&
	       is_frame_rip(tid, a + 16);
}

/*
 * Whether the word at a sits where a signal frame keeps the interrupted
 * rip: cs 0x33 two words above, eflags with its always-set bit 1 and no
 * bit past 21 between.  Only such a word can send a thread back to our
 * pages (no code of ours calls, so no return address points at us); a
 * frame with an unknown restorer still counts.  Any other word is data
 * that happens to fall in our range: a program's integers do, when our
 * pages lie low (an ET_EXEC's node keeps them below 0x400000, where the
 * stacks of an idle node held such numbers and every session left its
 * mappings behind).
 */
static bool
frame_shaped(pid_t tid, uint64_t a)
{
	uint64_t w[2];

	if (read_some(tid, a + 8, w, sizeof(w)) != sizeof(w))
		return true;
	return (w[1] & 0xffff) == 0x33 && (w[0] & 2) != 0 &&
	    (w[0] >> 22) == 0;
}

int
tr_frames_unref(tr_session_t *s, pid_t tid, tr_pc_ours_t *ours,
		tr_pc_equiv_t *equiv)
{
	struct user_regs_struct r;
	uint64_t *buf, a, pc;
	size_t n, i, done;
	int left = 0;

	if (ptrace(PTRACE_GETREGS, tid, 0L, &r) < 0)
		return -1;
	if (ours(s, r.rip))
		left++;
	buf = malloc(SCAN_CHUNK);
	if (buf == NULL)
		return -1;
	a = r.rsp & ~7ull;
	for (done = 0; done < SCAN_MAX; done += n) {
		n = read_some(tid, a + done, buf, SCAN_CHUNK) & ~(size_t)7;
		for (i = 0; i < n / 8; i++) {
			uint64_t at = a + done + i * 8;

			if (!ours(s, buf[i]))
				continue;
			pc = buf[i];
			if ((is_frame_rip(tid, at) || is_syscall_rcx(tid, at, pc)) &&
			    equiv(s, &pc) &&
			    tr_mem_write_pid(tid, at, &pc, 8) == 0)
				continue;
			if (frame_shaped(tid, at))
				left++;
		}
		if (n < SCAN_CHUNK)
			break;
	}
	free(buf);
	return left;
}
