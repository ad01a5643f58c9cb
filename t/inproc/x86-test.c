/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * x86-test: every form the encoder (dsl/x86.c) lays out, decoded by
 * capstone (AT&T syntax) and compared with the text of the instruction
 * meant.  The expected texts come from the Intel SDM's instruction
 * forms as GNU as and capstone print them, not from our encoder.
 * Registers r8-r15, rsp/r12 (SIB) and rbp/r13 (disp8 0) bases, an index,
 * both displacement widths and each immediate width are covered.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include <capstone/capstone.h>

#include "dsl/x86.h"

#include "t/check.h"

static csh cs;

/* Decode b's bytes: exactly one instruction, whose text must be want. */
static void
expect(dsl_x86_buf_t *b, const char *want, int line)
{
	cs_insn *insn;
	size_t n;
	char got[sizeof(insn->mnemonic) + sizeof(insn->op_str) + 1];

	CHECKF(dsl_x86_finish(b) == 0, "line %d: the encoder failed", line);
	n = cs_disasm(cs, b->xb_code, b->xb_len, 0x1000, 0, &insn);
	if (n == 0) {
		CHECKF(n == 1, "line %d: %s: undecodable", line, want);
		dsl_x86_fini(b);
		return;
	}
	snprintf(got, sizeof(got), "%s%s%s", insn[0].mnemonic,
	    insn[0].op_str[0] ? " " : "", insn[0].op_str);
	CHECKF(n == 1 && insn[0].size == b->xb_len && strcmp(got, want) == 0,
	    "line %d: want \"%s\", got \"%s\" (%zu insns, %u of %zu bytes)",
	    line, want, got, n, insn[0].size, b->xb_len);
	cs_free(insn, n);
	dsl_x86_fini(b);
	dsl_x86_init(b);
}

/* operands, short: the expected text is the point of each line */
#define R(r)		dsl_x86_r(r)
#define M(base, d)	dsl_x86_m((base), (d))
#define MX(base, i, s, d) dsl_x86_mx((base), (i), (s), (d))

#define T(want, ...)	do { __VA_ARGS__; expect(&b, want, __LINE__); } \
			while (0)

int
main(void)
{
	dsl_x86_buf_t b;
	uint32_t l;

	if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK ||
	    cs_option(cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT) != CS_ERR_OK) {
		printf("capstone cannot decode x86-64 here\n");
		return 77;
	}
	dsl_x86_init(&b);

	/* the ALU group, each direction and operand kind */
	T("addq %rcx, %rax", dsl_x86_op2(&b, X86_ADD, 8, R(X86_RAX),
	    R(X86_RCX)));
	T("addl %ecx, %eax", dsl_x86_op2(&b, X86_ADD, 4, R(X86_RAX),
	    R(X86_RCX)));
	T("subq 0x10(%rdi), %rax", dsl_x86_op2(&b, X86_SUB, 8, R(X86_RAX),
	    M(X86_RDI, 16)));
	T("subq %r9, 0x200(%r8)", dsl_x86_op2(&b, X86_SUB, 8,
	    M(X86_R8, 0x200), R(X86_R9)));
	T("andq (%rsp), %r10", dsl_x86_op2(&b, X86_AND, 8, R(X86_R10),
	    M(X86_RSP, 0)));
	T("orq 8(%r12), %r11", dsl_x86_op2(&b, X86_OR, 8, R(X86_R11),
	    M(X86_R12, 8)));
	T("xorq (%rbp), %rdx", dsl_x86_op2(&b, X86_XOR, 8, R(X86_RDX),
	    M(X86_RBP, 0)));
	T("cmpq (%r13), %rsi", dsl_x86_op2(&b, X86_CMP, 8, R(X86_RSI),
	    M(X86_R13, 0)));
	T("adcq %rdx, 8(%rax)", dsl_x86_op2(&b, X86_ADC, 8, M(X86_RAX, 8),
	    R(X86_RDX)));
	T("sbbq %rdx, %rcx", dsl_x86_op2(&b, X86_SBB, 8, R(X86_RCX),
	    R(X86_RDX)));
	T("addq %rax, 0x18(%r8, %rcx, 8)", dsl_x86_op2(&b, X86_ADD, 8,
	    MX(X86_R8, X86_RCX, 8, 0x18), R(X86_RAX)));
	T("movq -8(%rsi, %r9, 4), %r15", dsl_x86_op2(&b, X86_MOV, 8,
	    R(X86_R15), MX(X86_RSI, X86_R9, 4, -8)));
	T("movq %rax, 0x12345(%rdi)", dsl_x86_op2(&b, X86_MOV, 8,
	    M(X86_RDI, 0x12345), R(X86_RAX)));
	T("movl %eax, %ecx", dsl_x86_op2(&b, X86_MOV, 4, R(X86_RCX),
	    R(X86_RAX)));

	/* immediates: byte, dword, movabs */
	T("addq $1, %rax", dsl_x86_op2i(&b, X86_ADD, 8, R(X86_RAX), 1));
	T("addq $0x1000, %rax", dsl_x86_op2i(&b, X86_ADD, 8, R(X86_RAX),
	    0x1000));
	T("cmpq $-1, %rcx", dsl_x86_op2i(&b, X86_CMP, 8, R(X86_RCX), -1));
	T("cmpl $0x7fffffff, 0x40(%rsi)", dsl_x86_op2i(&b, X86_CMP, 4,
	    M(X86_RSI, 0x40), 0x7fffffff));
	T("andq $0xfffffffffffff000, %r8", dsl_x86_op2i(&b, X86_AND, 8,
	    R(X86_R8), -4096));
	T("movq $-2, %rax", dsl_x86_op2i(&b, X86_MOV, 8, R(X86_RAX), -2));
	T("movabsq $0x123456789a, %r10", dsl_x86_op2i(&b, X86_MOV, 8,
	    R(X86_R10), 0x123456789aLL));
	T("movq $5, 8(%rdi)", dsl_x86_op2i(&b, X86_MOV, 8, M(X86_RDI, 8), 5));
	T("movl $1, (%r8)", dsl_x86_op2i(&b, X86_MOV, 4, M(X86_R8, 0), 1));
	T("testq %rax, %rax", dsl_x86_op2(&b, X86_TEST, 8, R(X86_RAX),
	    R(X86_RAX)));
	T("testq %rdx, 8(%rdi)", dsl_x86_op2(&b, X86_TEST, 8, R(X86_RDX),
	    M(X86_RDI, 8)));
	T("testq $1, %rcx", dsl_x86_op2i(&b, X86_TEST, 8, R(X86_RCX), 1));
	T("imulq %rcx, %rax", dsl_x86_op2(&b, X86_IMUL, 8, R(X86_RAX),
	    R(X86_RCX)));
	T("imulq 0x20(%rdi), %r9", dsl_x86_op2(&b, X86_IMUL, 8, R(X86_R9),
	    M(X86_RDI, 0x20)));
	T("imulq $0x61c88647, %rax, %rax", dsl_x86_op2i(&b, X86_IMUL, 8,
	    R(X86_RAX), 0x61c88647));
	T("imull $0x2f, %ecx, %ecx", dsl_x86_op2i(&b, X86_IMUL, 4,
	    R(X86_RCX), 47));

	/* the atomics and bsr */
	T("cmpxchgq %rcx, (%rdx)", dsl_x86_op2(&b, X86_CMPXCHG, 8,
	    M(X86_RDX, 0), R(X86_RCX)));
	T("lock cmpxchgl %r9d, 0x10(%rsi)", dsl_x86_op2(&b, X86_CMPXCHG,
	    X86_LOCK | 4, M(X86_RSI, 0x10), R(X86_R9)));
	T("xaddq %rax, 8(%r8)", dsl_x86_op2(&b, X86_XADD, 8, M(X86_R8, 8),
	    R(X86_RAX)));
	T("bsrq %rax, %rcx", dsl_x86_op2(&b, X86_BSR, 8, R(X86_RCX),
	    R(X86_RAX)));

	/* one operand */
	T("negq %rax", dsl_x86_op1(&b, X86_NEG, 8, R(X86_RAX)));
	T("notl %eax", dsl_x86_op1(&b, X86_NOT, 4, R(X86_RAX)));
	T("mulq %rcx", dsl_x86_op1(&b, X86_MUL, 8, R(X86_RCX)));
	T("imulq 0x18(%rsi)", dsl_x86_op1(&b, X86_IMUL1, 8, M(X86_RSI, 0x18)));
	T("divq %r11", dsl_x86_op1(&b, X86_DIV, 8, R(X86_R11)));
	T("idivq %rcx", dsl_x86_op1(&b, X86_IDIV, 8, R(X86_RCX)));
	T("incq 0x30(%r8)", dsl_x86_op1(&b, X86_INC, 8, M(X86_R8, 0x30)));
	T("lock incq 0x18(%rsi)", dsl_x86_op1(&b, X86_INC, X86_LOCK | 8,
	    M(X86_RSI, 0x18)));
	T("decl %edx", dsl_x86_op1(&b, X86_DEC, 4, R(X86_RDX)));
	T("jmpq *0x40(%rdi)", dsl_x86_op1(&b, X86_JMPI, 8, M(X86_RDI, 0x40)));
	T("jmpq *%r11", dsl_x86_op1(&b, X86_JMPI, 8, R(X86_R11)));

	/* shifts */
	T("shlq %cl, %rax", dsl_x86_shift(&b, X86_SHL, 8, R(X86_RAX), -1));
	T("shrq %cl, %rax", dsl_x86_shift(&b, X86_SHR, 8, R(X86_RAX), -1));
	T("sarq $0x3f, %rdx", dsl_x86_shift(&b, X86_SAR, 8, R(X86_RDX), 63));
	T("shrl $0x1b, %eax", dsl_x86_shift(&b, X86_SHR, 4, R(X86_RAX), 27));
	T("shrdq $0x20, %rdx, %rax", dsl_x86_shrd(&b, X86_RAX, X86_RDX, 32));

	/* widening loads */
	T("movzbl %al, %eax", dsl_x86_movx(&b, X86_RAX, R(X86_RAX), 1,
	    false));
	T("movzbl %sil, %esi", dsl_x86_movx(&b, X86_RSI, R(X86_RSI), 1,
	    false));
	T("movsbq %cl, %rax", dsl_x86_movx(&b, X86_RAX, R(X86_RCX), 1, true));
	T("movzwl 2(%rdi), %eax", dsl_x86_movx(&b, X86_RAX, M(X86_RDI, 2), 2,
	    false));
	T("movswq %ax, %rax", dsl_x86_movx(&b, X86_RAX, R(X86_RAX), 2, true));
	T("movl %eax, %eax", dsl_x86_movx(&b, X86_RAX, R(X86_RAX), 4, false));
	T("movslq 0x38(%rdi), %r10", dsl_x86_movx(&b, X86_R10,
	    M(X86_RDI, 0x38), 4, true));
	T("movq %r8, %rax", dsl_x86_movx(&b, X86_RAX, R(X86_R8), 8, false));
	T("leaq 8(%rsi, %rax, 8), %rcx", dsl_x86_lea(&b, X86_RCX,
	    MX(X86_RSI, X86_RAX, 8, 8)));

	/* setcc then movzbl: two instructions; check the setcc alone */
	dsl_x86_setcc(&b, X86_CC_L, X86_RDI);
	b.xb_len = 4;		/* setl %dil is 40 0f 9c c7 */
	T("setl %dil", (void)0);
	dsl_x86_setcc(&b, X86_CC_E, X86_RAX);
	b.xb_len = 3;
	T("sete %al", (void)0);

	/* branches and rip-relative labels */
	l = dsl_x86_label(&b);
	T("jne 0x1006", dsl_x86_jcc(&b, X86_CC_NE, l); dsl_x86_bind(&b, l));
	l = dsl_x86_label(&b);
	T("jmp 0x1005", dsl_x86_jmp(&b, l); dsl_x86_bind(&b, l));
	l = dsl_x86_label(&b);
	T("jmp 0x1000", dsl_x86_bind(&b, l); dsl_x86_jmp(&b, l));
	l = dsl_x86_label(&b);
	T("leaq 0x20(%rip), %r11", dsl_x86_lea_label(&b, X86_R11, l);
	    b.xb_len += 0x20; dsl_x86_bind(&b, l); b.xb_len -= 0x20);
	T("cqto", dsl_x86_cqo(&b));
	T("syscall", dsl_x86_syscall(&b));

	/* what the encoder refuses */
	dsl_x86_op2(&b, X86_ADD, 8, M(X86_RAX, 0), M(X86_RCX, 0));
	CHECK(dsl_x86_finish(&b) != 0);
	dsl_x86_fini(&b);
	dsl_x86_init(&b);
	dsl_x86_op2(&b, X86_ADD, 2, R(X86_RAX), R(X86_RCX));
	CHECK(dsl_x86_finish(&b) != 0);
	dsl_x86_fini(&b);
	dsl_x86_init(&b);
	dsl_x86_jmp(&b, dsl_x86_label(&b));	/* never bound */
	CHECK(dsl_x86_finish(&b) != 0);
	dsl_x86_fini(&b);

	cs_close(&cs);
	if (failures == 0)
		printf("x86-test: all forms decode as meant\n");
	return failures != 0;
}
