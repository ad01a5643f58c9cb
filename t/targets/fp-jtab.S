/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-jtab.S: indirect jumps whose targets a jump-patching tracer can or
 * cannot prove.  Proven: a switch's table with its bound check (fj_abs,
 * absolute entries through a base register), a tail call through a
 * pointer loaded from memory (fj_ptr).  Not proven, so the function's
 * sites must stay int3: a table without a bound check (fj_nobound), a
 * table whose bound check a branch jumps past (fj_land), a jump through
 * an argument register (fj_reg).  And fj_into: a proven table with an
 * entry at offset 1, inside the bytes an entry jump would replace, so
 * that entry must stay int3 (its returns need not).  Each returns a
 * value of %rdi that fp-jtab-main.c checks and sums.
 */
	.text

	/* A state machine: dispatch on the low byte of rdi, whose case 1
	 * takes the next byte and dispatches again from offset 1.
	 * Returns 100 (0), 200 (2) or -1 (above 2). */
	.globl	fj_into
	.type	fj_into, @function
fj_into:
	push	%rbp
1:	movzbl	%dil, %ecx
	shr	$8, %rdi
	cmp	$2, %ecx
	ja	9f
	lea	2f(%rip), %rdx
	movslq	(%rdx,%rcx,4), %rax
	add	%rdx, %rax
	jmp	*%rax
3:	mov	$100, %eax
	pop	%rbp
	ret
4:	mov	$200, %eax
	pop	%rbp
	ret
9:	mov	$-1, %rax
	pop	%rbp
	ret
	.size	fj_into, .-fj_into
	.section .rodata
	.balign	4
2:	.long	3b - 2b, 1b - 2b, 4b - 2b
	.text

	/* An absolute table reached through a base register (PIC): returns
	 * rdi + 1, 2 * rdi + 5, 3 * rdi or 0 (above 2). */
	.globl	fj_abs
	.type	fj_abs, @function
fj_abs:
	cmp	$2, %edi
	ja	9f
	mov	%edi, %edi
	lea	fj_abstab(%rip), %rdx
	jmp	*(%rdx,%rdi,8)
1:	lea	1(%rdi), %rax
	ret
2:	lea	5(%rdi,%rdi), %rax
	ret
3:	lea	(%rdi,%rdi,2), %rax
	ret
9:	mov	$0, %rax
	ret
	.size	fj_abs, .-fj_abs
	.section .data.rel.ro, "aw"
	.balign	8
fj_abstab:
	.quad	1b, 2b, 3b
	.text

	/* The same table shape as fj_into's, the index masked instead of
	 * bounded by a compare: returns 10, 11, 12 or 13 for rdi & 3. */
	.globl	fj_nobound
	.type	fj_nobound, @function
fj_nobound:
	mov	%edi, %ecx
	and	$3, %ecx
	lea	2f(%rip), %rdx
	movslq	(%rdx,%rcx,4), %rax
	add	%rdx, %rax
	jmp	*%rax
1:	mov	$10, %eax
	ret
3:	mov	$11, %eax
	ret
4:	mov	$12, %eax
	ret
5:	mov	$13, %eax
	ret
	.size	fj_nobound, .-fj_nobound
	.section .rodata
	.balign	4
2:	.long	1b - 2b, 3b - 2b, 4b - 2b, 5b - 2b
	.text

	/* A bounded table whose case 1 jumps back between the bound check
	 * and the jmp: returns 10 (0), 17 (1) or -1. */
	.globl	fj_land
	.type	fj_land, @function
fj_land:
	xor	%r8d, %r8d
	cmp	$1, %rdi
	ja	9f
5:	lea	2f(%rip), %rdx
	movslq	(%rdx,%rdi,4), %rax
	add	%rdx, %rax
	jmp	*%rax
3:	lea	10(%r8), %rax
	ret
4:	mov	$7, %r8d
	xor	%edi, %edi
	jmp	5b
9:	mov	$-1, %rax
	ret
	.size	fj_land, .-fj_land
	.section .rodata
	.balign	4
2:	.long	3b - 2b, 4b - 2b
	.text

	/* Tail calls fj_helper through a pointer loaded from a table in
	 * memory, with a frame torn down first: returns rdi + 3. */
	.globl	fj_ptr
	.type	fj_ptr, @function
fj_ptr:
	push	%rbx
	lea	fj_vtab(%rip), %rax
	mov	%rdi, %rbx
	add	$0, %rbx
	mov	%rbx, %rdi
	pop	%rbx
	mov	8(%rax), %rax
	jmp	*%rax
	.size	fj_ptr, .-fj_ptr

	.globl	fj_helper
	.type	fj_helper, @function
fj_helper:
	lea	3(%rdi), %rax
	ret
	.size	fj_helper, .-fj_helper

	.section .data.rel.ro, "aw"
	.balign	8
fj_vtab:
	.quad	0, fj_helper
	.text

	/* Tail calls fj_helper or fj_helper2 (rdi & 1) through a table of
	 * handlers, no bound check: returns rdi + 3 or rdi + 30. */
	.globl	fj_hand
	.type	fj_hand, @function
fj_hand:
	mov	%edi, %eax
	and	$1, %eax
	lea	fj_htab(%rip), %rdx
	mov	(%rdx,%rax,8), %rax
	jmp	*%rax
	.size	fj_hand, .-fj_hand

	.globl	fj_helper2
	.type	fj_helper2, @function
fj_helper2:
	lea	30(%rdi), %rax
	ret
	.size	fj_helper2, .-fj_helper2

	.section .data.rel.ro, "aw"
	.balign	8
fj_htab:
	.quad	fj_helper, fj_helper2
	.text

	/* Tail calls the function its second argument points at with rdi +
	 * 1000: a function pointer the caller passed, which lands where an
	 * indirect call through it would. */
	.globl	fj_reg
	.type	fj_reg, @function
fj_reg:
	add	$1000, %rdi
	jmp	*%rsi
	.size	fj_reg, .-fj_reg

	/* gcc's reading of a switch's index twice (postgres): the bound
	 * compared in memory, the index loaded again from the same word.
	 * fj_memidx: a stack slot; returns 20 + rdi for rdi <= 2, else -1. */
	.globl	fj_memidx
	.type	fj_memidx, @function
fj_memidx:
	mov	%rdi, -8(%rsp)
	cmpl	$2, -8(%rsp)
	ja	9f
	mov	-8(%rsp), %eax
	lea	2f(%rip), %rdx
	movslq	(%rdx,%rax,4), %rax
	add	%rdx, %rax
	jmp	*%rax
1:	mov	$20, %eax
	ret
3:	mov	$21, %eax
	ret
4:	mov	$22, %eax
	ret
9:	mov	$-1, %rax
	ret
	.size	fj_memidx, .-fj_memidx
	.section .rodata
	.balign	4
2:	.long	1b - 2b, 3b - 2b, 4b - 2b
	.text

	/* The same through a global (rip-relative): 30 + rdi, else -1. */
	.globl	fj_memglob
	.type	fj_memglob, @function
fj_memglob:
	mov	%edi, fj_gidx(%rip)
	cmpl	$2, fj_gidx(%rip)
	ja	9f
	mov	fj_gidx(%rip), %eax
	lea	2f(%rip), %rdx
	movslq	(%rdx,%rax,4), %rax
	add	%rdx, %rax
	jmp	*%rax
1:	mov	$30, %eax
	ret
3:	mov	$31, %eax
	ret
4:	mov	$32, %eax
	ret
9:	mov	$-1, %rax
	ret
	.size	fj_memglob, .-fj_memglob
	.section .rodata
	.balign	4
2:	.long	1b - 2b, 3b - 2b, 4b - 2b
	.text

	/* A store between the compare and the reload: the word may have
	 * changed, the index is not bounded.  40 + rdi, else -1. */
	.globl	fj_memst
	.type	fj_memst, @function
fj_memst:
	mov	%rdi, -8(%rsp)
	cmpl	$2, -8(%rsp)
	ja	9f
	movl	$0, -16(%rsp)
	mov	-8(%rsp), %eax
	lea	2f(%rip), %rdx
	movslq	(%rdx,%rax,4), %rax
	add	%rdx, %rax
	jmp	*%rax
1:	mov	$40, %eax
	ret
3:	mov	$41, %eax
	ret
4:	mov	$42, %eax
	ret
9:	mov	$-1, %rax
	ret
	.size	fj_memst, .-fj_memst
	.section .rodata
	.balign	4
2:	.long	1b - 2b, 3b - 2b, 4b - 2b
	.text

	/* A table whose last entry lands in code no symbol bounds, in
	 * .text.unlikely (a stripped file's .cold part): 50 + rdi for rdi
	 * <= 2, else -1. */
	.globl	fj_far
	.type	fj_far, @function
fj_far:
	cmp	$2, %edi
	ja	9f
	mov	%edi, %edi
	lea	2f(%rip), %rdx
	movslq	(%rdx,%rdi,4), %rax
	add	%rdx, %rax
	jmp	*%rax
1:	mov	$50, %eax
	ret
3:	mov	$51, %eax
	ret
9:	mov	$-1, %rax
	ret
	.size	fj_far, .-fj_far
	.section .text.unlikely, "ax", @progbits
4:	mov	$52, %eax
	ret
	.section .rodata
	.balign	4
2:	.long	1b - 2b, 3b - 2b, 4b - 2b
	.text

	/* A table whose entry 1 lands at offset 1 of another function,
	 * fj_victim, inside the bytes a jump at fj_victim's entry would
	 * replace: fj_xland's sites may run fast, fj_victim's entry must
	 * not.  fj_xland returns 70 (0), 61 (1, fj_victim's work) or -1. */
	.globl	fj_xland
	.type	fj_xland, @function
fj_xland:
	cmp	$1, %edi
	ja	9f
	mov	%edi, %edi
	lea	2f(%rip), %rdx
	movslq	(%rdx,%rdi,4), %rax
	add	%rdx, %rax
	jmp	*%rax
1:	mov	$70, %eax
	ret
9:	mov	$-1, %rax
	ret
	.size	fj_xland, .-fj_xland
	.section .rodata
	.balign	4
2:	.long	1b - 2b, .Lfj_victim_in - 2b
	.text

	/* Returns rdi + 60. */
	.globl	fj_victim
	.type	fj_victim, @function
fj_victim:
	nop
.Lfj_victim_in:
	lea	60(%rdi), %rax
	ret
	.size	fj_victim, .-fj_victim

	.bss
	.balign	4
fj_gidx:
	.long	0
	.text

	/* A switch in a loop whose table address gcc keeps in a saved
	 * register set once before the loop, the register used for other
	 * work after it (postgres' core_yylex): every path from the lea to
	 * the load meets no other write.  Sums 1, 10 or 100 for each of the
	 * rdi % 8 low digits of rdi in base 4 (a digit 3 adds nothing),
	 * then returns the sum times 2. */
	.globl	fj_loopbase
	.type	fj_loopbase, @function
fj_loopbase:
	push	%rbx
	lea	2f(%rip), %rbx
	xor	%eax, %eax
	mov	%rdi, %rsi
	mov	%edi, %ecx
	and	$7, %ecx
1:	test	%ecx, %ecx
	je	8f
	mov	%esi, %edx
	and	$3, %edx
	shr	$2, %rsi
	dec	%ecx
	cmp	$2, %edx
	ja	1b
	movslq	(%rbx,%rdx,4), %rdx
	add	%rbx, %rdx
	jmp	*%rdx
3:	add	$1, %rax
	jmp	1b
4:	add	$10, %rax
	jmp	1b
5:	add	$100, %rax
	jmp	1b
8:	mov	%rax, %rbx
	add	%rax, %rbx
	mov	%rbx, %rax
	pop	%rbx
	ret
	.size	fj_loopbase, .-fj_loopbase
	.section .rodata
	.balign	4
2:	.long	3b - 2b, 4b - 2b, 5b - 2b
	.text

	/* The same, but case 2 puts another table's address in the
	 * register and loops: the next dispatch reads that table, whose
	 * entries the proof does not know, so the function stays int3. */
	.globl	fj_loopbad
	.type	fj_loopbad, @function
fj_loopbad:
	push	%rbx
	lea	2f(%rip), %rbx
	xor	%eax, %eax
	mov	%rdi, %rsi
	mov	%edi, %ecx
	and	$7, %ecx
1:	test	%ecx, %ecx
	je	8f
	mov	%esi, %edx
	and	$3, %edx
	shr	$2, %rsi
	dec	%ecx
	cmp	$2, %edx
	ja	1b
	movslq	(%rbx,%rdx,4), %rdx
	add	%rbx, %rdx
	jmp	*%rdx
3:	add	$1, %rax
	jmp	1b
4:	add	$10, %rax
	jmp	1b
5:	add	$100, %rax
	lea	6f(%rip), %rbx
	jmp	1b
8:	pop	%rbx
	ret
	.size	fj_loopbad, .-fj_loopbad
	.section .rodata
	.balign	4
2:	.long	3b - 2b, 4b - 2b, 5b - 2b
6:	.long	3b - 6b, 4b - 6b, 5b - 6b
	.text

	/* postgres' expression_tree_walker: the walker argument kept in a
	 * saved register across a branch and a call, then tail called.
	 * Returns fj_helper(rdi) = rdi + 3 (the call's result unused). */
	.globl	fj_walk
	.type	fj_walk, @function
fj_walk:
	push	%rbx
	mov	%rsi, %rbx
	push	%rdi
	test	%rdi, %rdi
	je	1f
	call	fj_helper
1:	pop	%rdi
	mov	%rbx, %rax
	pop	%rbx
	jmp	*%rax
	.size	fj_walk, .-fj_walk

	/* A pointer popped from the stack (a return address could come
	 * that way): not proven.  Returns rdi + 3. */
	.globl	fj_popjmp
	.type	fj_popjmp, @function
fj_popjmp:
	lea	fj_helper(%rip), %rax
	push	%rax
	test	%rdi, %rdi
	je	1f
	nop
1:	pop	%rcx
	jmp	*%rcx
	.size	fj_popjmp, .-fj_popjmp

	/* A computed goto (a label loaded from a table in the data) may
	 * land on any label: here on Lbad, which reaches the switch below
	 * with %rbx cleared, though at run time the goto always takes Lok,
	 * which sets %rbx to the switch's table.  Proving the table's base
	 * must count the goto as a way into every label: the function
	 * stays int3.  Returns 90 + rdi for rdi <= 1, else -1. */
	.globl	fj_cgoto
	.type	fj_cgoto, @function
fj_cgoto:
	push	%rbx
	xor	%ebx, %ebx
	lea	fj_cgtab(%rip), %rdx
	mov	(%rdx), %rdx
	jmp	*%rdx
.Lfj_bad:
	mov	%edi, %ecx
	jmp	1f
.Lfj_ok:
	lea	2f(%rip), %rbx
	mov	%edi, %ecx
1:	cmp	$1, %ecx
	ja	9f
	movslq	(%rbx,%rcx,4), %rax
	add	%rbx, %rax
	jmp	*%rax
5:	mov	$90, %eax
	pop	%rbx
	ret
6:	mov	$91, %eax
	pop	%rbx
	ret
9:	mov	$-1, %rax
	pop	%rbx
	ret
	.size	fj_cgoto, .-fj_cgoto
	.section .rodata
	.balign	4
2:	.long	5b - 2b, 6b - 2b
	.section .data.rel.ro, "aw"
	.balign	8
fj_cgtab:
	.quad	.Lfj_ok, .Lfj_bad
	.text

	.section .note.GNU-stack, "", @progbits
