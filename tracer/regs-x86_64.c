/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/regs-x86_64.c: general registers by capstone name, and the
 * condition codes of jcc, for emulating displaced instructions.
 */
#include "config.h"

#include <stddef.h>
#include <capstone/capstone.h>

#include "tracer/tr-impl.h"

#define R(f)	((int)(offsetof(struct user_regs_struct, f) / 8))

static const struct {
	int	cs64, cs32;
	int	idx;
} regmap[] = {
	{ X86_REG_RAX, X86_REG_EAX, R(rax) },
	{ X86_REG_RBX, X86_REG_EBX, R(rbx) },
	{ X86_REG_RCX, X86_REG_ECX, R(rcx) },
	{ X86_REG_RDX, X86_REG_EDX, R(rdx) },
	{ X86_REG_RSI, X86_REG_ESI, R(rsi) },
	{ X86_REG_RDI, X86_REG_EDI, R(rdi) },
	{ X86_REG_RBP, X86_REG_EBP, R(rbp) },
	{ X86_REG_RSP, X86_REG_ESP, R(rsp) },
	{ X86_REG_R8, X86_REG_R8D, R(r8) },
	{ X86_REG_R9, X86_REG_R9D, R(r9) },
	{ X86_REG_R10, X86_REG_R10D, R(r10) },
	{ X86_REG_R11, X86_REG_R11D, R(r11) },
	{ X86_REG_R12, X86_REG_R12D, R(r12) },
	{ X86_REG_R13, X86_REG_R13D, R(r13) },
	{ X86_REG_R14, X86_REG_R14D, R(r14) },
	{ X86_REG_R15, X86_REG_R15D, R(r15) },
	{ X86_REG_RIP, X86_REG_INVALID, R(rip) },
};

/* user_regs_struct index of a capstone register, or -1. */
int
tr_reg_index(int csreg, bool *is32)
{
	size_t i;

	for (i = 0; i < sizeof(regmap) / sizeof(regmap[0]); i++) {
		if (regmap[i].cs64 == csreg) {
			if (is32 != NULL)
				*is32 = false;
			return regmap[i].idx;
		}
		if (regmap[i].cs32 == csreg && csreg != X86_REG_INVALID) {
			if (is32 != NULL)
				*is32 = true;
			return regmap[i].idx;
		}
	}
	return -1;
}

uint64_t *
tr_reg_slot(struct user_regs_struct *r, int idx)
{
	return (uint64_t *)(void *)r + idx;
}

/* Condition code cc (the low nibble of 0x7X / 0x0f 0x8X) under eflags. */
bool
tr_eflags_cond(uint64_t fl, unsigned cc)
{
	bool cf = fl & 0x1, pf = fl & 0x4, zf = fl & 0x40, sf = fl & 0x80;
	bool of = fl & 0x800;
	bool v;

	switch (cc >> 1) {
	case 0: v = of; break;			/* jo */
	case 1: v = cf; break;			/* jb */
	case 2: v = zf; break;			/* je */
	case 3: v = cf || zf; break;		/* jbe */
	case 4: v = sf; break;			/* js */
	case 5: v = pf; break;			/* jp */
	case 6: v = sf != of; break;		/* jl */
	default: v = zf || sf != of; break;	/* jle */
	}
	return (cc & 1) ? !v : v;
}
