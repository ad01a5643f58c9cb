/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-unseen: a landing address no analysis of the file can find
 * (t/fastpath/unseen.sh): fu_jump computes fu_land + 3 at run time (the
 * lea takes fu_land's start, a symbol; the 3 is added after) and jumps
 * there through a register, into fu_land's second instruction.
 * x86-64, System V: (rdi, rsi) -> rax.
 *
 *	fu_land(x, y)	x + y
 *	fu_jump(x, y)	x + y, by way of fu_land + 3
 */
	.text

	.globl	fu_land
	.type	fu_land, @function
	.p2align 4
fu_land:
	mov	%rdi, %rax		/* 3 bytes */
	add	%rsi, %rax		/* fu_land + 3 */
	ret
	.size	fu_land, .-fu_land

	.globl	fu_jump
	.type	fu_jump, @function
	.p2align 4
fu_jump:
	mov	%rdi, %rax
	lea	fu_land(%rip), %rcx
	add	$3, %rcx
	jmp	*%rcx
	.size	fu_jump, .-fu_jump

	.section .note.GNU-stack,"",@progbits
