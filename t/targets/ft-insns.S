/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ft-insns.S: functions whose first instruction (or probed offset) is each
 * kind a displaced-instruction engine must get right: RIP-relative loads,
 * stores and compares, lea from %rip, call, jmp, jcc, push, endbr64 and a
 * PLT-like `jmp *mem(%rip)`.  Each one computes a value from %rdi that the
 * C driver (ft-insns-main.c) checks, so a wrong emulation shows as a
 * wrong result, not just as a crash.
 */
	.text

	/* lea from %rip first: returns &ft_data + rdi. */
	.globl	insn_lea_rip
	.type	insn_lea_rip, @function
insn_lea_rip:
	lea	ft_data(%rip), %rax
	add	%rdi, %rax
	ret
	.size	insn_lea_rip, .-insn_lea_rip

	/* mov from %rip first: returns ft_data[0] + rdi. */
	.globl	insn_mov_rip
	.type	insn_mov_rip, @function
insn_mov_rip:
	mov	ft_data(%rip), %rax
	add	%rdi, %rax
	ret
	.size	insn_mov_rip, .-insn_mov_rip

	/* store to %rip first: ft_store = rdi; returns rdi * 2. */
	.globl	insn_store_rip
	.type	insn_store_rip, @function
insn_store_rip:
	mov	%rdi, ft_store(%rip)
	lea	(%rdi,%rdi), %rax
	ret
	.size	insn_store_rip, .-insn_store_rip

	/* cmp of %rip memory with an immediate first (the displacement is
	 * not the last field of the instruction): returns rdi if
	 * ft_data[0] == 7, else 0. */
	.globl	insn_cmp_rip
	.type	insn_cmp_rip, @function
insn_cmp_rip:
	cmpq	$7, ft_data(%rip)
	jne	1f
	mov	%rdi, %rax
	ret
1:	xor	%eax, %eax
	ret
	.size	insn_cmp_rip, .-insn_cmp_rip

	/* call rel32 first: returns rdi + 1 (computed by the callee). */
	.globl	insn_call
	.type	insn_call, @function
insn_call:
	call	ft_add1
	ret
	.size	insn_call, .-insn_call

	.type	ft_add1, @function
ft_add1:
	lea	1(%rdi), %rax
	ret
	.size	ft_add1, .-ft_add1

	/* jmp rel first: skips a ud2; returns rdi + 3. */
	.globl	insn_jmp
	.type	insn_jmp, @function
insn_jmp:
	jmp	1f
	ud2
1:	lea	3(%rdi), %rax
	ret
	.size	insn_jmp, .-insn_jmp

	/* jcc at offset 4 (probe it as an offset probe, insn_jcc:4): returns
	 * 100 when rdi < 5, else 200. */
	.globl	insn_jcc
	.type	insn_jcc, @function
insn_jcc:
	cmp	$5, %rdi		/* 4 bytes: 48 83 ff 05 */
	jl	1f			/* offset 4 */
	mov	$200, %eax
	ret
1:	mov	$100, %eax
	ret
	.size	insn_jcc, .-insn_jcc

	/* push first: returns rdi + 2 through a callee-saved register. */
	.globl	insn_push
	.type	insn_push, @function
insn_push:
	push	%rbx
	mov	%rdi, %rbx
	lea	2(%rbx), %rax
	pop	%rbx
	ret
	.size	insn_push, .-insn_push

	/* endbr64 first: returns rdi + 4. */
	.globl	insn_endbr
	.type	insn_endbr, @function
insn_endbr:
	endbr64
	lea	4(%rdi), %rax
	ret
	.size	insn_endbr, .-insn_endbr

	/* A PLT stub's first instruction, jmp *GOT(%rip): jumps to the
	 * function whose address ft_got holds (ft_add1): returns rdi + 1. */
	.globl	insn_jmp_mem
	.type	insn_jmp_mem, @function
insn_jmp_mem:
	jmp	*ft_got(%rip)
	.size	insn_jmp_mem, .-insn_jmp_mem

	.data
	.balign	8
	.globl	ft_data
ft_data:
	.quad	7
	.globl	ft_store
ft_store:
	.quad	0
ft_got:
	.quad	ft_add1

	.section .note.GNU-stack,"",@progbits
