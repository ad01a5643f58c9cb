/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86.c: the x86-64 encoder of x86.h.  One routine, modrm(), lays out
 * every instruction that takes a ModRM byte (prefixes, REX, opcode,
 * ModRM, SIB, displacement); the instructions are rows of tables giving
 * their opcode bytes and /digit.  Intel SDM vol. 2, chapter 2 has the
 * rules this follows: REX.W for 64-bit operands, REX.R/X/B for r8-r15,
 * a SIB byte for an index or an rsp/r12 base, a zero disp8 for an
 * rbp/r13 base, rip-relative as mod 00 rm 101.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dsl/x86.h"

#define REX_W	0x08
#define REX_R	0x04
#define REX_X	0x02
#define REX_B	0x01

/* modrm() flags */
#define F_W	0x01		/* REX.W: 64-bit operand */
#define F_LOCK	0x02		/* lock prefix */
#define F_BYTE	0x04		/* a byte register: spl..dil need a REX */

void
dsl_x86_init(dsl_x86_buf_t *b)
{
	memset(b, 0, sizeof(*b));
}

void
dsl_x86_fini(dsl_x86_buf_t *b)
{
	free(b->xb_code);
	free(b->xb_labels);
	free(b->xb_fix);
	memset(b, 0, sizeof(*b));
}

static bool
grow(void **p, uint32_t *cap, size_t need, size_t elem)
{
	size_t n = *cap ? *cap : 16;
	void *q;

	if (need <= *cap)
		return true;
	while (n < need)
		n *= 2;
	if (n > UINT32_MAX || (q = realloc(*p, n * elem)) == NULL)
		return false;
	*p = q;
	*cap = (uint32_t)n;
	return true;
}

static void
put(dsl_x86_buf_t *b, const void *p, size_t len)
{
	size_t n;
	uint8_t *q;

	if (b->xb_err)
		return;
	if (b->xb_len + len > b->xb_cap) {
		n = b->xb_cap ? b->xb_cap * 2 : 256;
		while (n < b->xb_len + len)
			n *= 2;
		if ((q = realloc(b->xb_code, n)) == NULL) {
			b->xb_err = true;
			return;
		}
		b->xb_code = q;
		b->xb_cap = n;
	}
	memcpy(b->xb_code + b->xb_len, p, len);
	b->xb_len += len;
}

static void
put1(dsl_x86_buf_t *b, unsigned v)
{
	uint8_t c = (uint8_t)v;

	put(b, &c, 1);
}

static void
put4(dsl_x86_buf_t *b, int32_t v)
{
	put(b, &v, 4);		/* little-endian, as the target */
}

void
dsl_x86_bytes(dsl_x86_buf_t *b, const void *p, size_t len)
{
	put(b, p, len);
}

uint32_t
dsl_x86_label(dsl_x86_buf_t *b)
{
	if (!grow((void **)&b->xb_labels, &b->xb_labcap, b->xb_nlabels + 1,
	    sizeof(*b->xb_labels))) {
		b->xb_err = true;
		return 0;
	}
	b->xb_labels[b->xb_nlabels] = -1;
	return b->xb_nlabels++;
}

void
dsl_x86_bind(dsl_x86_buf_t *b, uint32_t l)
{
	if (l >= b->xb_nlabels || b->xb_labels[l] >= 0)
		b->xb_err = true;
	else
		b->xb_labels[l] = (int64_t)b->xb_len;
}

/* A rel32 to label l, ending the instruction: resolved by x86_finish. */
static void
rel32(dsl_x86_buf_t *b, uint32_t l)
{
	if (!grow((void **)&b->xb_fix, &b->xb_fixcap, b->xb_nfix + 1,
	    sizeof(*b->xb_fix))) {
		b->xb_err = true;
		return;
	}
	b->xb_fix[b->xb_nfix].xf_at = (uint32_t)b->xb_len;
	b->xb_fix[b->xb_nfix].xf_label = l;
	b->xb_nfix++;
	put4(b, 0);
}

int
dsl_x86_finish(dsl_x86_buf_t *b)
{
	uint32_t i;

	for (i = 0; i < b->xb_nfix && !b->xb_err; i++) {
		const dsl_x86_fix_t *f = &b->xb_fix[i];
		int64_t to, d;
		int32_t v;

		if (f->xf_label >= b->xb_nlabels ||
		    (to = b->xb_labels[f->xf_label]) < 0) {
			b->xb_err = true;
			break;
		}
		d = to - ((int64_t)f->xf_at + 4);
		v = (int32_t)d;
		memcpy(b->xb_code + f->xf_at, &v, 4);
	}
	return b->xb_err ? -1 : 0;
}

static bool
valid(const dsl_x86_opnd_t *o)
{
	if (o->xo_base < X86_RAX || o->xo_base > X86_RIP)
		return false;
	if (!o->xo_mem)
		return o->xo_base != X86_RIP;
	if (o->xo_index == X86_NOREG)
		return true;
	/* rsp cannot be an index; rip-relative takes none */
	return o->xo_index >= X86_RAX && o->xo_index <= X86_R15 &&
	    o->xo_index != X86_RSP && o->xo_base != X86_RIP &&
	    (o->xo_scale == 1 || o->xo_scale == 2 || o->xo_scale == 4 ||
	    o->xo_scale == 8);
}

/*
 * One instruction with a ModRM byte: [lock] [66] [REX] opcode ModRM
 * [SIB] [disp].  reg is the ModRM.reg field: a register, or the
 * opcode's /digit.  Immediates, if any, follow (the caller's).  A
 * rip-relative rm (base X86_RIP) is not supported here: x86_lea_label
 * lays out its own.
 */
static void
modrm(dsl_x86_buf_t *b, unsigned flags, const uint8_t *op, int nop, int reg,
    dsl_x86_opnd_t rm)
{
	unsigned rex = 0, mod, base, sib = 0;
	bool usesib = false;

	if (!valid(&rm) || rm.xo_base == X86_RIP || reg < 0 || reg > 15) {
		b->xb_err = true;
		return;
	}
	if (flags & F_LOCK)
		put1(b, 0xf0);
	if (flags & F_W)
		rex |= REX_W;
	if (reg & 8)
		rex |= REX_R;
	if (rm.xo_base & 8)
		rex |= REX_B;
	if (rm.xo_mem && rm.xo_index != X86_NOREG && (rm.xo_index & 8))
		rex |= REX_X;
	/* spl, bpl, sil, dil exist only with a REX prefix */
	if ((flags & F_BYTE) && !rm.xo_mem && rm.xo_base >= 4 &&
	    rm.xo_base < 8)
		rex |= 0x40;
	if (rex != 0)
		put1(b, 0x40 | rex);
	put(b, op, (size_t)nop);

	base = (unsigned)rm.xo_base & 7;
	if (!rm.xo_mem) {
		put1(b, 0xc0 | (unsigned)(reg & 7) << 3 | base);
		return;
	}
	/* rbp and r13 as a base with mod 00 mean rip or no base: disp8 0 */
	if (rm.xo_disp == 0 && base != 5)
		mod = 0;
	else if (rm.xo_disp >= -128 && rm.xo_disp <= 127)
		mod = 1;
	else
		mod = 2;
	if (rm.xo_index != X86_NOREG || base == 4) {
		unsigned ss = rm.xo_scale == 8 ? 3 : rm.xo_scale == 4 ? 2 :
		    rm.xo_scale == 2 ? 1 : 0;
		/* index 100 without REX.X means none */
		unsigned idx = rm.xo_index == X86_NOREG ? 4 :
		    (unsigned)rm.xo_index & 7;

		usesib = true;
		sib = ss << 6 | idx << 3 | base;
		base = 4;
	}
	put1(b, mod << 6 | (unsigned)(reg & 7) << 3 | base);
	if (usesib)
		put1(b, sib);
	if (mod == 1)
		put1(b, (unsigned)(rm.xo_disp & 0xff));
	else if (mod == 2)
		put4(b, rm.xo_disp);
}

static unsigned
wflag(dsl_x86_buf_t *b, int size)
{
	switch (size & 0xff) {
	case 8:
		return F_W | (size & X86_LOCK ? F_LOCK : 0);
	case 4:
		return size & X86_LOCK ? F_LOCK : 0;
	}
	b->xb_err = true;
	return 0;
}

/*
 * The two-operand table: the opcode with a register source and r/m
 * destination (MR), with an r/m source (RM), and the immediate form
 * (opcode and /digit; imm8 opcode when it has a sign-extended byte form).
 */
static const struct op2 {
	uint8_t		o_mr[2], o_nmr;
	uint8_t		o_rm[2], o_nrm;
	uint8_t		o_imm, o_imm8, o_digit;
} op2s[X86_NOP2] = {
	[X86_ADD] = { { 0x01 }, 1, { 0x03 }, 1, 0x81, 0x83, 0 },
	[X86_OR] = { { 0x09 }, 1, { 0x0b }, 1, 0x81, 0x83, 1 },
	[X86_ADC] = { { 0x11 }, 1, { 0x13 }, 1, 0x81, 0x83, 2 },
	[X86_SBB] = { { 0x19 }, 1, { 0x1b }, 1, 0x81, 0x83, 3 },
	[X86_AND] = { { 0x21 }, 1, { 0x23 }, 1, 0x81, 0x83, 4 },
	[X86_SUB] = { { 0x29 }, 1, { 0x2b }, 1, 0x81, 0x83, 5 },
	[X86_XOR] = { { 0x31 }, 1, { 0x33 }, 1, 0x81, 0x83, 6 },
	[X86_CMP] = { { 0x39 }, 1, { 0x3b }, 1, 0x81, 0x83, 7 },
	[X86_MOV] = { { 0x89 }, 1, { 0x8b }, 1, 0xc7, 0, 0 },
	[X86_TEST] = { { 0x85 }, 1, { 0 }, 0, 0xf7, 0, 0 },
	[X86_IMUL] = { { 0 }, 0, { 0x0f, 0xaf }, 2, 0x69, 0x6b, 0 },
	[X86_CMPXCHG] = { { 0x0f, 0xb1 }, 2, { 0 }, 0, 0, 0, 0 },
	[X86_XADD] = { { 0x0f, 0xc1 }, 2, { 0 }, 0, 0, 0, 0 },
	[X86_BSR] = { { 0 }, 0, { 0x0f, 0xbd }, 2, 0, 0, 0 },
};

void
dsl_x86_op2(dsl_x86_buf_t *b, int op, int size, dsl_x86_opnd_t dst,
    dsl_x86_opnd_t src)
{
	const struct op2 *t;
	unsigned f = wflag(b, size);

	if (op < 0 || op >= X86_NOP2 || (dst.xo_mem && src.xo_mem)) {
		b->xb_err = true;
		return;
	}
	t = &op2s[op];
	if (!src.xo_mem && t->o_nmr != 0)
		modrm(b, f, t->o_mr, t->o_nmr, src.xo_base, dst);
	else if (!dst.xo_mem && t->o_nrm != 0)
		modrm(b, f, t->o_rm, t->o_nrm, dst.xo_base, src);
	else if (op == X86_TEST && !dst.xo_mem)	/* test is symmetric */
		modrm(b, f, t->o_mr, t->o_nmr, dst.xo_base, src);
	else
		b->xb_err = true;
}

void
dsl_x86_op2i(dsl_x86_buf_t *b, int op, int size, dsl_x86_opnd_t dst,
    int64_t imm)
{
	const struct op2 *t;
	unsigned f = wflag(b, size);
	bool i8 = imm >= -128 && imm <= 127;
	bool i32 = imm >= INT32_MIN && imm <= INT32_MAX;

	if (op < 0 || op >= X86_NOP2 || (t = &op2s[op])->o_imm == 0) {
		b->xb_err = true;
		return;
	}
	if ((size & 0xff) == 4) {
		/* a 32-bit operation takes the low 32 bits of imm */
		imm = (int32_t)(uint32_t)imm;
		i8 = imm >= -128 && imm <= 127;
		i32 = true;
	}
	if (op == X86_MOV && !dst.xo_mem && !i32) {
		/* movabs $imm64, %r */
		uint8_t opc = (uint8_t)(0xb8 | (dst.xo_base & 7));

		put1(b, 0x40 | REX_W | (dst.xo_base & 8 ? REX_B : 0));
		put1(b, opc);
		put(b, &imm, 8);
		return;
	}
	if (!i32) {
		b->xb_err = true;
		return;
	}
	if (op == X86_IMUL) {
		/* imul $imm, r/m, r: here r = r * imm */
		if (dst.xo_mem) {
			b->xb_err = true;
			return;
		}
		modrm(b, f, i8 ? &t->o_imm8 : &t->o_imm, 1, dst.xo_base, dst);
	} else if (i8 && t->o_imm8 != 0) {
		modrm(b, f, &t->o_imm8, 1, t->o_digit, dst);
	} else {
		modrm(b, f, &t->o_imm, 1, t->o_digit, dst);
		i8 = false;
	}
	if (i8)
		put1(b, (unsigned)(imm & 0xff));
	else
		put4(b, (int32_t)imm);
}

/* The one-operand table: opcode and /digit. */
static const struct op1 {
	uint8_t		o_op, o_digit;
} op1s[X86_NOP1] = {
	[X86_NOT] = { 0xf7, 2 }, [X86_NEG] = { 0xf7, 3 },
	[X86_MUL] = { 0xf7, 4 }, [X86_IMUL1] = { 0xf7, 5 },
	[X86_DIV] = { 0xf7, 6 }, [X86_IDIV] = { 0xf7, 7 },
	[X86_INC] = { 0xff, 0 }, [X86_DEC] = { 0xff, 1 },
	[X86_JMPI] = { 0xff, 4 },
};

void
dsl_x86_op1(dsl_x86_buf_t *b, int op, int size, dsl_x86_opnd_t o)
{
	if (op < 0 || op >= X86_NOP1) {
		b->xb_err = true;
		return;
	}
	/* jmp * is 64-bit without REX.W */
	modrm(b, op == X86_JMPI ? 0 : wflag(b, size), &op1s[op].o_op, 1,
	    op1s[op].o_digit, o);
}

void
dsl_x86_shift(dsl_x86_buf_t *b, int op, int size, dsl_x86_opnd_t o, int imm)
{
	static const uint8_t bycl = 0xd3, byimm = 0xc1;
	unsigned f = wflag(b, size);

	if (op != X86_SHL && op != X86_SHR && op != X86_SAR) {
		b->xb_err = true;
		return;
	}
	if (imm < 0) {
		modrm(b, f, &bycl, 1, op, o);
		return;
	}
	modrm(b, f, &byimm, 1, op, o);
	put1(b, (unsigned)imm & 63);
}

void
dsl_x86_shrd(dsl_x86_buf_t *b, int dst, int src, int imm)
{
	static const uint8_t op[2] = { 0x0f, 0xac };

	modrm(b, F_W, op, 2, src, dsl_x86_r(dst));
	put1(b, (unsigned)imm & 63);
}

void
dsl_x86_movx(dsl_x86_buf_t *b, int dst, dsl_x86_opnd_t src, int from, bool sign)
{
	static const uint8_t zb[2] = { 0x0f, 0xb6 }, zw[2] = { 0x0f, 0xb7 };
	static const uint8_t sb[2] = { 0x0f, 0xbe }, sw[2] = { 0x0f, 0xbf };
	static const uint8_t sl = 0x63, mov = 0x8b;

	switch (from) {
	case 1:
		/* movzbl: the 32-bit form zero-extends to 64 */
		modrm(b, F_BYTE | (sign ? F_W : 0), sign ? sb : zb, 2, dst,
		    src);
		break;
	case 2:
		modrm(b, sign ? F_W : 0, sign ? sw : zw, 2, dst, src);
		break;
	case 4:
		if (sign)
			modrm(b, F_W, &sl, 1, dst, src);
		else
			modrm(b, 0, &mov, 1, dst, src);
		break;
	case 8:
		modrm(b, F_W, &mov, 1, dst, src);
		break;
	default:
		b->xb_err = true;
	}
}

void
dsl_x86_lea(dsl_x86_buf_t *b, int dst, dsl_x86_opnd_t mem)
{
	static const uint8_t op = 0x8d;

	if (!mem.xo_mem) {
		b->xb_err = true;
		return;
	}
	modrm(b, F_W, &op, 1, dst, mem);
}

void
dsl_x86_lea_label(dsl_x86_buf_t *b, int dst, uint32_t label)
{
	put1(b, 0x40 | REX_W | (dst & 8 ? REX_R : 0));
	put1(b, 0x8d);
	put1(b, (unsigned)(dst & 7) << 3 | 5);	/* mod 00, rm 101: rip */
	rel32(b, label);
}

void
dsl_x86_setcc(dsl_x86_buf_t *b, int cc, int r)
{
	uint8_t op[2] = { 0x0f, (uint8_t)(0x90 | (cc & 15)) };

	modrm(b, F_BYTE, op, 2, 0, dsl_x86_r(r));
	dsl_x86_movx(b, r, dsl_x86_r(r), 1, false);
}

void
dsl_x86_jcc(dsl_x86_buf_t *b, int cc, uint32_t label)
{
	put1(b, 0x0f);
	put1(b, 0x80 | (unsigned)(cc & 15));
	rel32(b, label);
}

void
dsl_x86_jmp(dsl_x86_buf_t *b, uint32_t label)
{
	put1(b, 0xe9);
	rel32(b, label);
}

void
dsl_x86_cqo(dsl_x86_buf_t *b)
{
	static const uint8_t op[2] = { 0x48, 0x99 };

	put(b, op, 2);
}

void
dsl_x86_syscall(dsl_x86_buf_t *b)
{
	static const uint8_t op[2] = { 0x0f, 0x05 };

	put(b, op, 2);
}
