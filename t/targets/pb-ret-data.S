/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pb-ret-data.S: a function that keeps its table in .text, inside its
 * own symbol, as hand-written assembly may: decoded as code, the table
 * reads as instructions, so no return site can be trusted (retsite.h:
 * "bytes that look like data").  Returns 5 + (rdi & 3).
 */
	.text
	.globl	ret_tabled
	.type	ret_tabled, @function
ret_tabled:
	and	$3, %edi
	lea	1f(%rip), %rax
	mov	(%rax,%rdi,8), %rax
	ret
	.balign	8
1:	.quad	5, 6, 7, 8
	.size	ret_tabled, .-ret_tabled
	.section .note.GNU-stack, "", @progbits
