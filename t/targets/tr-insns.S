/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * t/targets/tr-insns.S: more first instructions a displaced-instruction
 * engine must get right, beyond ft-insns.S: SSE loads from %rip (capstone
 * 4 gives no disp offset for them), indirect calls through a register and
 * through %rip memory (emulated: they push a return address), an indirect
 * jmp through a register, a 32-bit register move (zero-extends), rel8 and
 * rel32 conditional jumps, `rep ret`.  tr-insns.c checks each result.
 */
	.text

	/* movdqa from %rip first: returns the low quad of tr_vec + rdi. */
	.globl	ti_movdqa
	.type	ti_movdqa, @function
ti_movdqa:
	movdqa	tr_vec(%rip), %xmm0
	movq	%xmm0, %rax
	add	%rdi, %rax
	ret
	.size	ti_movdqa, .-ti_movdqa

	/* movss to %rip memory after a cvt: stores rdi as float, returns it
	 * read back as an integer. */
	.globl	ti_movss
	.type	ti_movss, @function
ti_movss:
	cvtsi2ss %rdi, %xmm1
	movss	%xmm1, tr_flt(%rip)
	cvttss2si tr_flt(%rip), %rax
	ret
	.size	ti_movss, .-ti_movss

	/* call *tr_fnptr(%rip) first: returns rdi + 1. */
	.globl	ti_callmem
	.type	ti_callmem, @function
ti_callmem:
	call	*tr_fnptr(%rip)
	ret
	.size	ti_callmem, .-ti_callmem

	/* call *%rsi first (rsi = ti_add1): returns rdi + 1. */
	.globl	ti_callreg
	.type	ti_callreg, @function
ti_callreg:
	call	*%rsi
	ret
	.size	ti_callreg, .-ti_callreg

	/* jmp *%rsi first (a tail call through a register). */
	.globl	ti_jmpreg
	.type	ti_jmpreg, @function
ti_jmpreg:
	jmp	*%rsi
	.size	ti_jmpreg, .-ti_jmpreg

	.globl	ti_add1
	.type	ti_add1, @function
ti_add1:
	lea	1(%rdi), %rax
	rep ret
	.size	ti_add1, .-ti_add1

	/* mov %edi, %eax first: returns the low 32 bits of rdi. */
	.globl	ti_mov32
	.type	ti_mov32, @function
ti_mov32:
	mov	$-1, %rax
	mov	%edi, %eax
	ret
	.size	ti_mov32, .-ti_mov32

	/* test; jz rel8; then a jg rel32 over padding: 0 -> 10, >0 -> 20,
	 * <0 -> 30 (rdi as signed). */
	.globl	ti_jcc
	.type	ti_jcc, @function
ti_jcc:
	test	%rdi, %rdi
	jz	1f
	jg	2f
	mov	$30, %eax
	ret
1:	mov	$10, %eax
	ret
	.fill	200, 1, 0x90
2:	mov	$20, %eax
	ret
	.size	ti_jcc, .-ti_jcc

	.data
	.balign	16
	.globl	tr_vec
tr_vec:
	.quad	0x1234, 0x5678
	.globl	tr_flt
tr_flt:
	.long	0
	.balign	8
tr_fnptr:
	.quad	ti_add1

	.section .note.GNU-stack,"",@progbits
