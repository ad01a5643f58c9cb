/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libpf-split.so: pf_lib_spin(n), a loop of n steps.  Written here so
 * that it has a frame pointer and no CFI at all (compilers drop the
 * frame pointer of a leaf function even with -fno-omit-frame-pointer);
 * the library is stripped: its frame is named from .dynsym and walked
 * by frame pointer.
 */
	.text
	.globl	pf_lib_spin
	.type	pf_lib_spin, @function
pf_lib_spin:
	push	%rbp
	mov	%rsp, %rbp
	xor	%ecx, %ecx
	xor	%eax, %eax
	test	%rdi, %rdi
	je	2f
1:	mov	%rax, %rsi
	imul	%rax, %rsi
	mov	%rcx, %rdx
	shr	$3, %rdx
	xor	%rsi, %rdx
	add	%rdx, %rcx
	add	$1, %rax
	cmp	%rax, %rdi
	jne	1b
2:	mov	%rcx, %rax
	pop	%rbp
	ret
	.size	pf_lib_spin, .-pf_lib_spin
	.section .note.GNU-stack, "", @progbits
