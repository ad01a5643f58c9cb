/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * retsite: where a function returns, found by decoding its bytes.
 *
 * Input is a function's bytes as read from the ELF file (never from the
 * tracee, whose text may hold our own int3s), its link-time start address
 * and its symbol size.  Every instruction is decoded linearly from the
 * start with capstone (x86-64).  The result is
 *
 *   - the offset of every instruction (so an offset probe such as
 *     pid123:a.out:main:1a can be refused when 0x1a is not a boundary),
 *   - the return sites, in the sense of illumos' dt_pid_create_return_probe
 *     (lib/libdtrace/i386/dt_isadep.c): ret, rep ret, bnd ret, ret imm16,
 *     a direct jmp whose target lies outside [start, start + size) (a tail
 *     call), a conditional jump out of the function (fasttrap counts it
 *     too, and fires only when it is taken), jmp *disp(%rip), the
 *     PLT-like tail call through a GOT slot, and any other indirect jmp
 *     (a tail call through a pointer, or a jump table that stays
 *     inside: it too fires only when its target lies outside),
 *   - or a refusal: a reason why the function cannot be analysed safely,
 *     in which case it gets no return probe and no offset probes.
 *
 * Indirect jumps.  illumos' dt_pid_has_jump_table was to refuse any
 * register-dependent jmp (0xff /4), for fear of a jump table inside the
 * text, but that check is compiled out ("#ifdef notyet"): fasttrap puts
 * return probes on the rets of such functions and misses their returns
 * through an indirect tail call.  Oracle's Linux DTrace sees every
 * return (uretprobes: it rewrites the return address, which we never
 * do).  GCC and clang put x86-64 jump tables in .rodata, so the decode
 * holds; every indirect jmp is a return site that fires only when it
 * leaves the function (ExecutorRun's call of its hook, jmp *%rax), and
 * the caller drops those where the function's frame is still on the
 * stack, which cannot leave (python's computed gotos).
 *
 * Refusals: undecodable bytes, an instruction that runs past the
 * symbol's end, privileged (hlt excepted: glibc's _exit ends with one)
 * or far-return instructions and the pair 00 00 (add %al,(%rax)): a
 * compiler never emits them in user code, so seeing them means we are
 * decoding data (a table that hand-written assembly keeps in .text).  A
 * size of 0 is refused too (nothing to decode: assembler symbols
 * without .size).
 *
 * Padding: nops and int3s (fill after the last ret, up to the symbol size
 * when an assembler function's .size covers its alignment) decode as
 * ordinary instructions; they are boundaries but never return sites.
 * endbr64 is an ordinary instruction at offset 0.
 */
#ifndef PB_RETSITE_H
#define PB_RETSITE_H

#include <stddef.h>
#include <stdint.h>

typedef enum pb_rskind {
	PB_RS_RET = 1,		/* ret, rep ret, bnd ret, ret imm16 */
	PB_RS_TAIL,		/* jmp rel8/rel32 out of the function */
	PB_RS_TAIL_GOT,		/* jmp *disp(%rip): tail call through a slot */
	PB_RS_JCC_OUT,		/* jcc out of the function: a return only
				 * when taken; the glue must check that the
				 * next pc lies outside the function, as
				 * fasttrap_return_common does */
	PB_RS_TAIL_IND,		/* any other indirect jmp: a return only when
				 * its target lies outside the function and
				 * its .cold part (checked the same way) */
} pb_rskind_t;

typedef struct pb_retsite {
	uint64_t rs_off;	/* offset of the instruction in the function */
	uint8_t rs_len;		/* its length in bytes */
	uint8_t rs_kind;	/* pb_rskind_t */
} pb_retsite_t;

typedef struct pb_fnscan {
	uint32_t *fs_insn;	/* instruction offsets, ascending; owned */
	size_t fs_ninsn;
	pb_retsite_t *fs_ret;	/* return sites, ascending offsets; owned */
	size_t fs_nret;
	int fs_unsafe;		/* 1: refused; fs_ret empty, fs_insn partial */
	char fs_why[96];	/* reason when fs_unsafe, e.g. "undecodable
				 * bytes at offset 0x1a"; else "" */
} pb_fnscan_t;

/* An address range [ri_start, ri_end), link-time. */
typedef struct pb_range {
	uint64_t ri_start;
	uint64_t ri_end;
} pb_range_t;

/*
 * Decode size bytes at code, which live at link-time address start.
 * inside (ninside entries, may be NULL) lists other ranges that belong to
 * the same function: GCC moves unlikely paths to a separate symbol
 * "foo.cold" (-freorder-blocks-and-partition, on at -O2) and jumps there;
 * such a jump is not a return.  When scanning foo.cold itself, pass foo's
 * range, so its jumps back into foo are not returns either.
 * Fills *out (which the caller frees with pb_fnscan_free, also after an
 * error).  Returns 0 when the scan ran, whether or not the function was
 * refused (see fs_unsafe); -1 with errno set (ENOMEM, or EIO when capstone
 * cannot be opened).  Not for the probe-firing path: it allocates.
 */
int
pb_retsite_scan(const uint8_t *code, size_t size, uint64_t start,
    const pb_range_t *inside, size_t ninside, pb_fnscan_t *out);

/* Release what pb_retsite_scan allocated; *fs is left empty. */
void
pb_fnscan_free(pb_fnscan_t *fs);

/*
 * 1 if off is the offset of an instruction that the scan decoded, 0 if
 * not (including every offset of a refused function past the point where
 * decoding stopped).  Binary search: cheap.
 */
int
pb_fnscan_is_boundary(const pb_fnscan_t *fs, uint64_t off);

/*
 * Go's stack check: a Go function (ABIInternal, r14 = g) starts with
 *
 *	[lea r12, [rsp - N]]  cmp rsp|r12, [r14 + 0x10]  jbe L
 *
 * and L, inside the function, calls runtime.morestack* and jumps back to
 * the first byte: a call whose stack is short, or that the scheduler asks
 * to yield (it sets the guard), runs the check twice.  Returns the offset
 * just past the jbe when code (size bytes at link-time address start)
 * holds exactly that, the block at L included (one call, then a jmp to
 * start); 0 otherwise.  An entry probe placed there fires once a call,
 * with every register and the stack as at the first byte (the check
 * writes only the flags, and r12, which Go treats as scratch).
 */
uint64_t
pb_stackcheck_end(const uint8_t *code, size_t size, uint64_t start);

#endif /* PB_RETSITE_H */
