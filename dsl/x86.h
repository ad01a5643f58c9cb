/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86.h: a small x86-64 encoder for the clause code that runs in the
 * traced process (jit.c).  It knows nothing of D: it appends instructions
 * to a growing buffer, with labels for jumps and rip-relative addresses,
 * and resolves them at the end.
 *
 * Only what the clause code needs, in 32- and 64-bit operand sizes (and
 * the byte forms of setcc and movzx): ALU ops, mov, lea, shifts, the
 * one-operand group (neg, not, mul, div...), movzx/movsx, cmpxchg, xadd,
 * bsr, jcc/jmp, setcc, cqo and syscall.  No `call`: the clause code never
 * pushes a return address on the traced thread's stack (doc/INPROC.md).
 * The encodings follow the Intel SDM, vol. 2; t/inproc/x86-test checks
 * each form against capstone's decoder.
 *
 * Errors (out of memory, a bad operand, an unbound label) stick in
 * xb_err and are returned by dsl_x86_finish(): callers emit without checking.
 */
#ifndef DSL_X86_H
#define DSL_X86_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Registers by their hardware number; X86_RIP only as a memory base. */
enum {
	X86_RAX, X86_RCX, X86_RDX, X86_RBX, X86_RSP, X86_RBP, X86_RSI, X86_RDI,
	X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13, X86_R14, X86_R15,
	X86_RIP, X86_NOREG = -1
};

/* Condition codes, in their encoding order (jcc = 0x70 + cc). */
enum {
	X86_CC_O, X86_CC_NO, X86_CC_B, X86_CC_AE, X86_CC_E, X86_CC_NE,
	X86_CC_BE, X86_CC_A, X86_CC_S, X86_CC_NS, X86_CC_P, X86_CC_NP,
	X86_CC_L, X86_CC_GE, X86_CC_LE, X86_CC_G
};

/* An operand: a register, or memory at base + index * scale + disp. */
typedef struct dsl_x86_opnd {
	bool		xo_mem;
	int8_t		xo_base;	/* register, or the memory base */
	int8_t		xo_index;	/* X86_NOREG: none */
	uint8_t		xo_scale;	/* 1 2 4 8 */
	int32_t		xo_disp;
} dsl_x86_opnd_t;

static inline dsl_x86_opnd_t
dsl_x86_r(int r)
{
	dsl_x86_opnd_t o = { false, (int8_t)r, X86_NOREG, 1, 0 };

	return o;
}

static inline dsl_x86_opnd_t
dsl_x86_m(int base, int32_t disp)
{
	dsl_x86_opnd_t o = { true, (int8_t)base, X86_NOREG, 1, disp };

	return o;
}

static inline dsl_x86_opnd_t
dsl_x86_mx(int base, int index, int scale, int32_t disp)
{
	dsl_x86_opnd_t o = { true, (int8_t)base, (int8_t)index, (uint8_t)scale,
	    disp };

	return o;
}

typedef struct dsl_x86_fix {
	uint32_t	xf_at;		/* where the rel32 is */
	uint32_t	xf_label;
} dsl_x86_fix_t;

typedef struct dsl_x86_buf {
	uint8_t		*xb_code;
	size_t		xb_len, xb_cap;
	int64_t		*xb_labels;	/* bound offset, or -1 */
	uint32_t	xb_nlabels, xb_labcap;
	dsl_x86_fix_t	*xb_fix;
	uint32_t	xb_nfix, xb_fixcap;
	bool		xb_err;
} dsl_x86_buf_t;

void	dsl_x86_init(dsl_x86_buf_t *);
void	dsl_x86_fini(dsl_x86_buf_t *);
/* A new label, bound later with x86_bind (before x86_finish). */
uint32_t dsl_x86_label(dsl_x86_buf_t *);
void	dsl_x86_bind(dsl_x86_buf_t *, uint32_t label);
/* Resolve every jump and rip-relative address: 0, or -1 if anything
 * failed since x86_init. */
int	dsl_x86_finish(dsl_x86_buf_t *);

/*
 * Two-operand instructions, dst op= src.  size is 4 or 8 bytes; at most
 * one operand is memory.  X86_IMUL and X86_BSR want a register dst;
 * X86_CMPXCHG and X86_XADD a register src (the lock flag in size,
 * X86_LOCK | 8, adds the lock prefix).
 */
enum {
	X86_ADD, X86_OR, X86_ADC, X86_SBB, X86_AND, X86_SUB, X86_XOR,
	X86_CMP,	/* group 1: the order is their /digit */
	X86_MOV, X86_TEST, X86_IMUL, X86_CMPXCHG, X86_XADD, X86_BSR,
	X86_NOP2
};
#define X86_LOCK	0x100

void	dsl_x86_op2(dsl_x86_buf_t *, int op, int size, dsl_x86_opnd_t dst,
	    dsl_x86_opnd_t src);
/* dst op= imm: the ALU group, X86_MOV (a 64-bit register takes movabs
 * when imm is not a sign-extended 32-bit value), X86_TEST, X86_IMUL
 * (dst = dst * imm). */
void	dsl_x86_op2i(dsl_x86_buf_t *, int op, int size, dsl_x86_opnd_t dst,
	    int64_t imm);

/* One-operand instructions (group 3, inc/dec, jmp *). */
enum {
	X86_NOT, X86_NEG, X86_MUL, X86_IMUL1, X86_DIV, X86_IDIV, X86_INC,
	X86_DEC, X86_JMPI, X86_NOP1
};
void	dsl_x86_op1(dsl_x86_buf_t *, int op, int size, dsl_x86_opnd_t o);

/* Shifts by imm, or by %cl when imm < 0. */
enum { X86_SHL = 4, X86_SHR = 5, X86_SAR = 7 };
void	dsl_x86_shift(dsl_x86_buf_t *, int op, int size, dsl_x86_opnd_t o,
	    int imm);
/* shrd $imm, src, dst (64-bit) */
void	dsl_x86_shrd(dsl_x86_buf_t *, int dst, int src, int imm);

/* dst (64-bit register) = the from-byte value at src, zero- or
 * sign-extended: movzb/movzw/mov (32-bit, zero-extends)/movsb/movsw/
 * movslq, or a plain 64-bit mov when from is 8. */
void	dsl_x86_movx(dsl_x86_buf_t *, int dst, dsl_x86_opnd_t src, int from,
	    bool sign);
void	dsl_x86_lea(dsl_x86_buf_t *, int dst, dsl_x86_opnd_t mem);
/* dst = the address of label (lea label(%rip), dst). */
void	dsl_x86_lea_label(dsl_x86_buf_t *, int dst, uint32_t label);
/* The byte register r = condition cc (setcc), then movzbl r, r. */
void	dsl_x86_setcc(dsl_x86_buf_t *, int cc, int r);
void	dsl_x86_jcc(dsl_x86_buf_t *, int cc, uint32_t label);
void	dsl_x86_jmp(dsl_x86_buf_t *, uint32_t label);
void	dsl_x86_cqo(dsl_x86_buf_t *);
void	dsl_x86_syscall(dsl_x86_buf_t *);
/* len bytes of data (a table in the code) */
void	dsl_x86_bytes(dsl_x86_buf_t *, const void *p, size_t len);

#endif /* DSL_X86_H */
