/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-asm.S: function shapes a jump-patching tracer must get right or
 * refuse: entry sites with endbr64, a rip-relative first
 * instruction, a loop back into the first 5 bytes, a call in the first 5
 * bytes, a jump table, a tail call, a 3-byte function, and return sites
 * after epilogues of several shapes.  Each returns a value computed from
 * %rdi that fp-asm-main.c checks and sums, so the test compares arg1 of
 * every return probe with what the program itself got.
 */
	.text

	/* endbr64; returns rdi + 4. */
	.globl	fa_endbr
	.type	fa_endbr, @function
fa_endbr:
	endbr64
	lea	4(%rdi), %rax
	ret
	.size	fa_endbr, .-fa_endbr

	/* A rip-relative load first; returns fa_data + rdi (7 + rdi). */
	.globl	fa_riprel
	.type	fa_riprel, @function
fa_riprel:
	mov	fa_data(%rip), %rax
	add	%rdi, %rax
	ret
	.size	fa_riprel, .-fa_riprel

	/* A loop back to offset 2, inside the first 5 bytes; returns
	 * rdi + (rdi - 1) + ... + 1 (0 for 0). */
	.globl	fa_loop
	.type	fa_loop, @function
fa_loop:
	xor	%eax, %eax		/* 2 bytes */
1:	add	%rdi, %rax		/* offset 2: the loop's target */
	dec	%rdi
	jg	1b
	ret
	.size	fa_loop, .-fa_loop

	/* A call in the first 5 bytes; returns (rdi + 1) + rdi. */
	.globl	fa_call5
	.type	fa_call5, @function
fa_call5:
	call	fa_leaf
	add	%rdi, %rax
	ret
	.size	fa_call5, .-fa_call5

	/* The callee of fa_call5 and fa_tail; returns rdi + 1. */
	.globl	fa_leaf
	.type	fa_leaf, @function
fa_leaf:
	lea	1(%rdi), %rax
	ret
	.size	fa_leaf, .-fa_leaf

	/* A jump table on rdi % 4 (the caller passes 0..3; anything else
	 * takes the default): returns 10, 20, 30 or 40 + rdi. */
	.globl	fa_jtab
	.type	fa_jtab, @function
fa_jtab:
	cmp	$3, %rdi
	ja	9f
	lea	fa_table(%rip), %rdx
	movslq	(%rdx,%rdi,4), %rax
	add	%rdx, %rax
	jmp	*%rax
0:	mov	$10, %eax
	ret
1:	mov	$20, %eax
	ret
2:	mov	$30, %eax
	ret
3:	lea	40(%rdi), %rax
	ret
9:	mov	$-1, %rax
	ret
	.size	fa_jtab, .-fa_jtab
	.section .rodata
	.balign	4
fa_table:
	.long	0b - fa_table, 1b - fa_table, 2b - fa_table, 3b - fa_table
	.text

	/* A tail call: rdi += 5, then jmp fa_leaf; returns rdi + 6. */
	.globl	fa_tail
	.type	fa_tail, @function
fa_tail:
	add	$5, %rdi
	jmp	fa_leaf
	.size	fa_tail, .-fa_tail

	/* Tiny: xor %eax,%eax; ret (3 bytes); returns 0. */
	.globl	fa_tiny
	.type	fa_tiny, @function
fa_tiny:
	xor	%eax, %eax
	ret
	.size	fa_tiny, .-fa_tiny

	/* push %rbp; mov %rsp,%rbp ... pop %rbp; ret; returns rdi + 7. */
	.globl	fa_frame
	.type	fa_frame, @function
fa_frame:
	push	%rbp
	mov	%rsp, %rbp
	lea	7(%rdi), %rax
	pop	%rbp
	ret
	.size	fa_frame, .-fa_frame

	/* A frame with locals, leave; ret; returns rdi + 9. */
	.globl	fa_leave
	.type	fa_leave, @function
fa_leave:
	push	%rbp
	mov	%rsp, %rbp
	sub	$16, %rsp
	mov	%rdi, -8(%rbp)
	mov	-8(%rbp), %rax
	add	$9, %rax
	leave
	ret
	.size	fa_leave, .-fa_leave

	/* add $N,%rsp; pop; pop; ret; returns rdi + 11. */
	.globl	fa_addsp
	.type	fa_addsp, @function
fa_addsp:
	push	%rbx
	push	%r12
	sub	$24, %rsp
	mov	%rdi, (%rsp)
	mov	(%rsp), %rbx
	lea	11(%rbx), %r12
	mov	%r12, %rax
	add	$24, %rsp
	pop	%r12
	pop	%rbx
	ret
	.size	fa_addsp, .-fa_addsp

	.data
	.balign	8
	.globl	fa_data
fa_data:
	.quad	7

	.section .note.GNU-stack, "", @progbits
