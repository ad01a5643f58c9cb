/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * retsite: decode a function with capstone and list its return sites.
 * The rules, and why, are in retsite.h.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <capstone/capstone.h>

#include "lib/csload.h"
#include "probes/retsite.h"

/*
 * One capstone handle for the process: cs_open allocates tables, and a
 * resolution may scan thousands of functions.  Never freed.
 */
static csh cs_handle;
static int cs_ready;

static int
cs_get(csh *h)
{
	if (!cs_ready) {
		if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs_handle) != CS_ERR_OK)
			return -1;
		cs_option(cs_handle, CS_OPT_DETAIL, CS_OPT_ON);
		cs_ready = 1;
	}
	*h = cs_handle;
	return 0;
}

static int
in_group(const cs_insn *in, int grp)
{
	const cs_detail *d = in->detail;
	int i;

	for (i = 0; i < d->groups_count; i++)
		if (d->groups[i] == grp)
			return 1;
	return 0;
}

static int
push_insn(pb_fnscan_t *fs, size_t *cap, uint32_t off)
{
	if (fs->fs_ninsn == *cap) {
		size_t n = *cap ? *cap * 2 : 64;
		uint32_t *p = realloc(fs->fs_insn, n * sizeof(*p));

		if (p == NULL)
			return -1;
		fs->fs_insn = p;
		*cap = n;
	}
	fs->fs_insn[fs->fs_ninsn++] = off;
	return 0;
}

static int
push_ret(pb_fnscan_t *fs, size_t *cap, uint64_t off, uint8_t len,
    pb_rskind_t kind)
{
	if (fs->fs_nret == *cap) {
		size_t n = *cap ? *cap * 2 : 8;
		pb_retsite_t *p = realloc(fs->fs_ret, n * sizeof(*p));

		if (p == NULL)
			return -1;
		fs->fs_ret = p;
		*cap = n;
	}
	fs->fs_ret[fs->fs_nret].rs_off = off;
	fs->fs_ret[fs->fs_nret].rs_len = len;
	fs->fs_ret[fs->fs_nret].rs_kind = (uint8_t)kind;
	fs->fs_nret++;
	return 0;
}

static void
refuse(pb_fnscan_t *fs, const char *what, uint64_t off)
{
	fs->fs_unsafe = 1;
	snprintf(fs->fs_why, sizeof(fs->fs_why), "%s at offset 0x%llx", what,
	    (unsigned long long)off);
	/* The sites found so far may sit among misread bytes: drop them. */
	fs->fs_nret = 0;
}

/*
 * Classify a jump.  Returns 1 if it is a return site (kind set), 0 if
 * not, -1 if it makes the function unsafe to analyse.
 */
static int
classify_jump(const cs_insn *in, uint64_t start, uint64_t size,
    const pb_range_t *inside, size_t ninside, pb_rskind_t *kind)
{
	size_t i;

	const cs_x86 *x = &in->detail->x86;
	const cs_x86_op *op;

	if (x->op_count < 1)
		return -1;
	op = &x->operands[0];
	if (op->type == X86_OP_IMM) {
		uint64_t t = (uint64_t)op->imm;

		/*
		 * fasttrap treats a jump whose target lies outside the
		 * function as a return, conditional ones included; a jump
		 * back to the first byte is a loop, not a call.
		 */
		if (t >= start && t - start < size)
			return 0;
		for (i = 0; i < ninside; i++)
			if (t >= inside[i].ri_start && t < inside[i].ri_end)
				return 0;
		*kind = in->id == X86_INS_JMP ? PB_RS_TAIL : PB_RS_JCC_OUT;
		return 1;
	}
	if (in->id != X86_INS_JMP)
		return -1;	/* no indirect conditional jumps exist */
	if (op->type == X86_OP_MEM && op->mem.base == X86_REG_RIP &&
	    op->mem.index == X86_REG_INVALID) {
		/* jmp *foo@GOTPCREL(%rip): -fno-plt tail call, a PLT stub */
		*kind = PB_RS_TAIL_GOT;
		return 1;
	}
	/*
	 * jmp *%rax, jmp *8(%rax), jmp *tab(,%rdx,8): a tail call through
	 * a pointer (a hook), or a jump table or computed goto that stays
	 * inside.  Only the run time knows; the caller may drop those
	 * where the frame is still set up (probes/cfa.h).
	 */
	*kind = PB_RS_TAIL_IND;
	return 1;
}

int
pb_retsite_scan(const uint8_t *code, size_t size, uint64_t start,
    const pb_range_t *inside, size_t ninside, pb_fnscan_t *out)
{
	size_t icap = 0, rcap = 0, left = size;
	const uint8_t *p = code;
	uint64_t addr = start;
	cs_insn *in;
	csh h;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (size == 0) {
		out->fs_unsafe = 1;
		strcpy(out->fs_why, "symbol size is 0");
		return 0;
	}
	if (cs_get(&h) < 0) {
		/* no decoder (lib/csload.h): refused, with why */
		out->fs_unsafe = 1;
		snprintf(out->fs_why, sizeof(out->fs_why), "%s",
		    csload_error() != NULL ? csload_error() :
		    "capstone cannot decode x86-64");
		return 0;
	}
	in = cs_malloc(h);
	if (in == NULL) {
		errno = ENOMEM;
		return -1;
	}
	while (left > 0) {
		uint64_t off = addr - start;
		pb_rskind_t kind = PB_RS_RET;
		int j;

		if (!cs_disasm_iter(h, &p, &left, &addr, in)) {
			/* Or an instruction running past the symbol's end. */
			refuse(out, "undecodable bytes", off);
			break;
		}
		if (push_insn(out, &icap, (uint32_t)off) < 0)
			goto nomem;
		if (in->size == 2 && in->bytes[0] == 0 && in->bytes[1] == 0) {
			refuse(out, "bytes that look like data", off);
			break;
		}
		/*
		 * hlt is privileged but glibc's _exit ends with one, as a
		 * "cannot get here"; let it pass.
		 */
		if (in->id == X86_INS_RETF || in_group(in, CS_GRP_IRET) ||
		    (in_group(in, CS_GRP_PRIVILEGE) && in->id != X86_INS_HLT)) {
			refuse(out, "privileged or far-return instruction "
			    "(data?)", off);
			break;
		}
		if (in_group(in, CS_GRP_RET)) {
			if (push_ret(out, &rcap, off, in->size, PB_RS_RET) < 0)
				goto nomem;
			continue;
		}
		if (!in_group(in, CS_GRP_JUMP))
			continue;
		j = classify_jump(in, start, size, inside, ninside, &kind);
		if (j < 0) {
			refuse(out, "a far jump, or one without a target", off);
			break;
		}
		if (j > 0 && push_ret(out, &rcap, off, in->size, kind) < 0)
			goto nomem;
	}
	goto done;
nomem:
	errno = ENOMEM;
	rc = -1;
done:
	cs_free(in, 1);
	return rc;
}

void
pb_fnscan_free(pb_fnscan_t *fs)
{
	free(fs->fs_insn);
	free(fs->fs_ret);
	memset(fs, 0, sizeof(*fs));
}

int
pb_fnscan_is_boundary(const pb_fnscan_t *fs, uint64_t off)
{
	size_t lo = 0, hi = fs->fs_ninsn;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fs->fs_insn[mid] == off)
			return 1;
		if (fs->fs_insn[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/* Whether in is `cmp reg, qword ptr [r14 + 0x10]` (Go's g.stackguard0). */
static int
is_guard_cmp(const cs_insn *in, x86_reg reg)
{
	const cs_x86 *x = &in->detail->x86;

	return in->id == X86_INS_CMP && x->op_count == 2 &&
	    x->operands[0].type == X86_OP_REG && x->operands[0].reg == reg &&
	    x->operands[1].type == X86_OP_MEM &&
	    x->operands[1].mem.base == X86_REG_R14 &&
	    x->operands[1].mem.index == X86_REG_INVALID &&
	    x->operands[1].mem.segment == X86_REG_INVALID &&
	    x->operands[1].mem.disp == 0x10 && x->operands[1].size == 8;
}

static uint64_t
branch_target(const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;

	return x->op_count == 1 && x->operands[0].type == X86_OP_IMM ?
	    (uint64_t)x->operands[0].imm : 0;
}

uint64_t
pb_stackcheck_end(const uint8_t *code, size_t size, uint64_t start)
{
	const uint8_t *p = code;
	size_t left = size, n;
	uint64_t addr = start, end = 0, tgt = 0;
	x86_reg reg = X86_REG_RSP;
	int calls = 0, k;
	cs_insn *in;
	csh h;

	if (size == 0 || cs_get(&h) < 0 || (in = cs_malloc(h)) == NULL)
		return 0;
	/* [lea r12, [rsp - N]]; cmp rsp|r12, [r14 + 0x10]; jbe morestack */
	for (k = 0; k < 3 && cs_disasm_iter(h, &p, &left, &addr, in); k++) {
		const cs_x86 *x = &in->detail->x86;

		if (k == 0 && in->id == X86_INS_LEA && x->op_count == 2 &&
		    x->operands[0].type == X86_OP_REG &&
		    x->operands[0].reg == X86_REG_R12 &&
		    x->operands[1].type == X86_OP_MEM &&
		    x->operands[1].mem.base == X86_REG_RSP &&
		    x->operands[1].mem.index == X86_REG_INVALID &&
		    x->operands[1].mem.disp <= 0) {
			reg = X86_REG_R12;
			continue;
		}
		if (is_guard_cmp(in, reg) && (k == 0 || reg == X86_REG_R12))
			continue;
		if (in->id == X86_INS_JBE && (k == 1 || k == 2) &&
		    (k == 2) == (reg == X86_REG_R12)) {
			end = addr - start;
			tgt = branch_target(in);
		}
		break;
	}
	/*
	 * The morestack block, inside the function: spills, one call
	 * (runtime.morestack*), reloads, then a jmp to the first byte.
	 */
	if (end == 0 || tgt < start + end || tgt >= start + size)
		goto no;
	p = code + (tgt - start);
	left = size - (tgt - start);
	addr = tgt;
	for (n = 0; n < 64 && cs_disasm_iter(h, &p, &left, &addr, in); n++) {
		if (in_group(in, CS_GRP_CALL)) {
			if (calls++ > 0)
				goto no;
			continue;
		}
		if (in->id == X86_INS_JMP && calls == 1 &&
		    branch_target(in) == start) {
			cs_free(in, 1);
			return end;
		}
		if (in_group(in, CS_GRP_JUMP) || in_group(in, CS_GRP_RET) ||
		    in_group(in, CS_GRP_INT))
			goto no;
	}
no:
	cs_free(in, 1);
	return 0;
}
