/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sc-into: getppid(2) from two syscall sites of the same shape, and a
 * function that jumps into the bytes before one of them
 * (t/syscall/into.sh).  x86-64, System V: () -> rax.
 *
 *	si_ok()		getppid(): `push %rbx; pop %rbx; xor %eax,%eax;
 *			mov $110,%al; syscall`: a jump over the 5 bytes
 *			before the syscall covers three instructions, and
 *			no code lands inside them: the site is patched
 *	si_get()	the same bytes; the third instruction is the
 *			target of si_enter's jmp, a page away, at a local
 *			label (no symbol says it): only the scan of the
 *			module's branches sees it, and the site must stay
 *			on the stop path
 *	si_enter()	getppid(), by way of si_get's `mov $110,%al`
 */
	.text

	.globl	si_ok
	.type	si_ok, @function
si_ok:
	push	%rbx
	pop	%rbx
	xor	%eax, %eax
	mov	$110, %al
	syscall
	ret
	.size	si_ok, .-si_ok

	.globl	si_get
	.type	si_get, @function
si_get:
	push	%rbx
	pop	%rbx
	xor	%eax, %eax
.Lsi_in:
	mov	$110, %al
	syscall
	ret
	.size	si_get, .-si_get

	.p2align 12
	.globl	si_enter
	.type	si_enter, @function
si_enter:
	xor	%eax, %eax
	jmp	.Lsi_in
	.size	si_enter, .-si_enter

	.section .note.GNU-stack, "", @progbits
