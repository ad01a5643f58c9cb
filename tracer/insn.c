/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer/insn.c: decode a displaced instruction once, when its site is
 * patched, and choose how each firing carries it out.
 *
 * Emulated (registers only, no extra syscall): nop, endbr64, mov between
 * 64/32-bit registers, lea of a rip-relative address, jmp rel, jcc rel.
 * Emulated with one write (the return address): call rel/reg/[mem].
 * Calls cannot run out of line: they would push the slot's address.
 * Everything else runs out of line (xol.c), rip-relative operands
 * re-pointed at the slot.  Refused: loop/jrcxz/xbegin (rip-relative
 * branches we do not emulate), far transfers, an int3 already there.
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <capstone/capstone.h>

#include "tracer/tr-impl.h"

/*
 * The session's decoder, opened at its first use: a session that patches
 * nothing (BEGIN alone, syscall probes without the fast path) never loads
 * capstone (lib/csload.h).  0 when capstone cannot be used: every entry
 * point given 0 decodes nothing, and the callers take their paths for
 * bytes that cannot be decoded.
 */
csh
tr_insn_cs(tr_session_t *s)
{
	csh *h = s->s_cs;

	if (h == NULL) {
		h = calloc(1, sizeof(*h));
		if (h == NULL)
			return 0;
		if (cs_open(CS_ARCH_X86, CS_MODE_64, h) != CS_ERR_OK) {
			free(h);
			return 0;
		}
		cs_option(*h, CS_OPT_DETAIL, CS_OPT_ON);
		s->s_cs = h;
	}
	return *h;
}

void
tr_insn_fini(tr_session_t *s)
{
	csh *h = s->s_cs;

	if (h != NULL) {
		cs_close(h);
		free(h);
		s->s_cs = NULL;
	}
}

bool
tr_insn_is_jcc(unsigned id)
{
	switch (id) {
	case X86_INS_JAE: case X86_INS_JA: case X86_INS_JBE: case X86_INS_JB:
	case X86_INS_JE: case X86_INS_JGE: case X86_INS_JG: case X86_INS_JLE:
	case X86_INS_JL: case X86_INS_JNE: case X86_INS_JNO: case X86_INS_JNP:
	case X86_INS_JNS: case X86_INS_JO: case X86_INS_JP: case X86_INS_JS:
		return true;
	}
	return false;
}

/* base + index*scale + disp of a memory operand, for emulation. */
static int
mem_operand(const cs_x86_op *op, tr_insn_t *in)
{
	bool is32;

	in->in_disp = op->mem.disp;
	in->in_base = in->in_index = -1;
	in->in_scale = op->mem.scale;
	in->in_riprel = false;
	if (op->mem.base == X86_REG_RIP) {
		in->in_riprel = true;
	} else if (op->mem.base != X86_REG_INVALID) {
		in->in_base = tr_reg_index(op->mem.base, &is32);
		if (in->in_base < 0 || is32)
			return -1;
	}
	if (op->mem.index != X86_REG_INVALID) {
		in->in_index = tr_reg_index(op->mem.index, &is32);
		if (in->in_index < 0 || is32)
			return -1;
	}
	return 0;
}

/*
 * capstone 4 leaves encoding.disp_offset 0 for some instructions (SSE:
 * movdqa 0x..(%rip),%xmm0, 66 0f 6f 05 disp32).  A rip-relative operand
 * is a ModRM with mod 00 and r/m 101 followed by the disp32: find it.
 */
uint8_t
tr_insn_riprel_disp(const cs_insn *ci, int64_t disp)
{
	int32_t d = (int32_t)disp, v;
	unsigned p;

	if ((int64_t)d != disp)
		return 0;
	for (p = 1; p + 4 <= ci->size; p++) {
		memcpy(&v, ci->bytes + p, 4);
		if (v == d && (ci->bytes[p - 1] & 0xc7) == 0x05)
			return (uint8_t)p;
	}
	return 0;
}

static int
plan(tr_session_t *s, uint64_t addr, const cs_insn *ci, tr_insn_t *in)
{
	const cs_x86 *x = &ci->detail->x86;
	const cs_x86_op *op = x->operands;
	uint64_t next = addr + ci->size;
	bool d32, s32;
	int i;

	(void)s;
	switch (ci->id) {
	case X86_INS_NOP:
	case X86_INS_ENDBR64:
		in->in_plan = TR_PLAN_SKIP;
		return 0;
	case X86_INS_JMP:
		if (x->op_count == 1 && op[0].type == X86_OP_IMM) {
			in->in_plan = TR_PLAN_JMP;
			in->in_target = (uint64_t)op[0].imm;
			return 0;
		}
		/* Indirect: out of line is exact; remember how for next_pc. */
		if (x->op_count == 1 && op[0].type == X86_OP_REG) {
			in->in_dst = tr_reg_index(op[0].reg, &d32);
			if (in->in_dst >= 0 && !d32)
				in->in_ind = 1;
		} else if (x->op_count == 1 && op[0].type == X86_OP_MEM &&
			   op[0].mem.segment == X86_REG_INVALID &&
			   mem_operand(&op[0], in) == 0) {
			in->in_ind = 2;
		}
		break;
	case X86_INS_CALL:
		if (x->op_count != 1)
			return -1;
		if (op[0].type == X86_OP_IMM) {
			in->in_plan = TR_PLAN_CALL;
			in->in_target = (uint64_t)op[0].imm;
			return 0;
		}
		if (op[0].type == X86_OP_REG) {
			in->in_dst = tr_reg_index(op[0].reg, &d32);
			if (in->in_dst < 0 || d32)
				return -1;
			in->in_plan = TR_PLAN_CALLR;
			return 0;
		}
		if (op[0].type == X86_OP_MEM) {
			if (op[0].mem.segment != X86_REG_INVALID ||
			    mem_operand(&op[0], in) < 0)
				return -1;
			in->in_plan = TR_PLAN_CALLM;
			return 0;
		}
		return -1;
	case X86_INS_MOV:
		if (x->op_count == 2 && op[0].type == X86_OP_REG &&
		    op[1].type == X86_OP_REG) {
			in->in_dst = tr_reg_index(op[0].reg, &d32);
			in->in_src = tr_reg_index(op[1].reg, &s32);
			if (in->in_dst >= 0 && in->in_src >= 0 &&
			    d32 == s32 && in->in_dst != 16 &&
			    in->in_src != 16) {
				in->in_plan = TR_PLAN_MOVRR;
				in->in_32 = d32;
				return 0;
			}
		}
		break;
	case X86_INS_LEA:
		if (x->op_count == 2 && op[0].type == X86_OP_REG &&
		    op[1].type == X86_OP_MEM &&
		    op[1].mem.base == X86_REG_RIP &&
		    op[1].mem.index == X86_REG_INVALID) {
			in->in_dst = tr_reg_index(op[0].reg, &d32);
			if (in->in_dst >= 0 && !d32) {
				in->in_plan = TR_PLAN_LEARIP;
				in->in_target = next + (uint64_t)op[1].mem.disp;
				return 0;
			}
		}
		break;
	case X86_INS_INT3:
	case X86_INS_LJMP:
	case X86_INS_LCALL:
	case X86_INS_XBEGIN:
	case X86_INS_JRCXZ:
	case X86_INS_JECXZ:
	case X86_INS_JCXZ:
	case X86_INS_LOOP:
	case X86_INS_LOOPE:
	case X86_INS_LOOPNE:
		return -1;
	default:
		if (tr_insn_is_jcc(ci->id)) {
			if (x->op_count != 1 || op[0].type != X86_OP_IMM)
				return -1;
			in->in_plan = TR_PLAN_JCC;
			in->in_target = (uint64_t)op[0].imm;
			in->in_cc = (x->opcode[0] == 0x0f ? x->opcode[1] :
				     x->opcode[0]) & 0xf;
			return 0;
		}
		break;
	}

	/* Out of line.  A rip-relative operand is re-pointed at the slot. */
	in->in_plan = TR_PLAN_XOL;
	for (i = 0; i < x->op_count; i++) {
		if (op[i].type != X86_OP_MEM || op[i].mem.base != X86_REG_RIP)
			continue;
		in->in_riprel = true;
		in->in_disp = op[i].mem.disp;
		in->in_disp_off = x->encoding.disp_offset;
		if (in->in_disp_off == 0 || x->encoding.disp_size != 4)
			in->in_disp_off = tr_insn_riprel_disp(ci,
			    op[i].mem.disp);
		if (in->in_disp_off == 0)
			return -1;
	}
	for (i = 0; i < ci->detail->groups_count; i++)
		if (ci->detail->groups[i] == X86_GRP_BRANCH_RELATIVE)
			return -1;	/* a relative branch we missed */
	return 0;
}

int
tr_insn_plan(tr_session_t *s, uint64_t addr, const uint8_t *bytes,
	     size_t avail, tr_insn_t *in)
{
	csh h;
	cs_insn *ci;
	size_t n;
	int rc;

	memset(in, 0, sizeof(*in));
	if (avail == 0 || bytes[0] == 0xcc) {
		errno = EINVAL;
		return -1;
	}
	h = tr_insn_cs(s);
	n = cs_disasm(h, bytes, avail, addr, 1, &ci);
	if (n != 1) {
		errno = EINVAL;
		return -1;
	}
	memcpy(in->in_bytes, bytes, ci->size);
	in->in_len = (uint8_t)ci->size;
	rc = plan(s, addr, ci, in);
	cs_free(ci, n);
	if (rc < 0)
		errno = EINVAL;
	return rc;
}

static int
push(tr_session_t *s, struct user_regs_struct *r, uint64_t val)
{
	struct iovec local = { &val, 8 };
	struct iovec remote = { (void *)(uintptr_t)(r->rsp - 8), 8 };

	/* The stack is writable: process_vm_writev, no FOLL_FORCE needed. */
	if (process_vm_writev(s->s_pid, &local, 1, &remote, 1, 0) != 8 &&
	    tr_mem_write(s, r->rsp - 8, &val, 8) < 0)
		return -1;
	r->rsp -= 8;
	return 0;
}

static uint64_t
ea(const tr_insn_t *in, uint64_t next, struct user_regs_struct *r)
{
	uint64_t a = (uint64_t)in->in_disp;

	if (in->in_riprel)
		a += next;
	if (in->in_base >= 0)
		a += *tr_reg_slot(r, in->in_base);
	if (in->in_index >= 0)
		a += *tr_reg_slot(r, in->in_index) * (uint64_t)in->in_scale;
	return a;
}

uint64_t
tr_next_pc(tr_session_t *s, uint64_t addr,
	   const struct user_regs_struct *regs)
{
	struct user_regs_struct r = *regs;
	const tr_bkpt_t *bp = tr_bkpt_find(s, addr);
	const tr_insn_t *in;
	uint64_t next, v;

	if (bp == NULL || bp->bp_internal)
		return 0;
	in = &bp->bp_insn;
	next = addr + in->in_len;
	switch (in->in_plan) {
	case TR_PLAN_JMP:
	case TR_PLAN_CALL:
		return in->in_target;
	case TR_PLAN_JCC:
		return tr_eflags_cond(r.eflags, in->in_cc) ? in->in_target :
		       next;
	case TR_PLAN_CALLR:
		return *tr_reg_slot(&r, in->in_dst);
	case TR_PLAN_CALLM:
		if (tr_read(s, ea(in, next, &r), &v, 8) != 8)
			return 0;
		return v;
	case TR_PLAN_XOL:
		if (in->in_ind == 1)
			return *tr_reg_slot(&r, in->in_dst);
		if (in->in_ind == 2) {
			if (tr_read(s, ea(in, next, &r), &v, 8) != 8)
				return 0;
			return v;
		}
		if (in->in_bytes[0] == 0xc3 || in->in_bytes[0] == 0xc2 ||
		    (in->in_len == 2 && in->in_bytes[0] == 0xf3 &&
		     in->in_bytes[1] == 0xc3)) {
			if (tr_read(s, r.rsp, &v, 8) != 8)
				return 0;
			return v;
		}
		return next;
	default:
		return next;
	}
}

/*
 * Carry out the displaced instruction at addr on r.  XOL is not done here
 * (the caller points rip at the slot).  -1 if memory failed.
 */
int
tr_insn_emulate(tr_session_t *s, const tr_insn_t *in, uint64_t addr,
		struct user_regs_struct *r)
{
	uint64_t next = addr + in->in_len, v;

	switch (in->in_plan) {
	case TR_PLAN_SKIP:
		r->rip = next;
		return 0;
	case TR_PLAN_MOVRR:
		v = *tr_reg_slot(r, in->in_src);
		if (in->in_32)
			v &= 0xffffffffu;
		*tr_reg_slot(r, in->in_dst) = v;
		r->rip = next;
		return 0;
	case TR_PLAN_LEARIP:
		*tr_reg_slot(r, in->in_dst) = in->in_target;
		r->rip = next;
		return 0;
	case TR_PLAN_JMP:
		r->rip = in->in_target;
		return 0;
	case TR_PLAN_JCC:
		r->rip = tr_eflags_cond(r->eflags, in->in_cc) ?
			 in->in_target : next;
		return 0;
	case TR_PLAN_CALL:
		if (push(s, r, next) < 0)
			return -1;
		r->rip = in->in_target;
		return 0;
	case TR_PLAN_CALLR:
		v = *tr_reg_slot(r, in->in_dst);
		if (push(s, r, next) < 0)
			return -1;
		r->rip = v;
		return 0;
	case TR_PLAN_CALLM:
		if (tr_read(s, ea(in, next, r), &v, 8) != 8)
			return -1;
		if (push(s, r, next) < 0)
			return -1;
		r->rip = v;
		return 0;
	case TR_PLAN_XOL:
		break;
	}
	errno = EINVAL;
	return -1;
}
