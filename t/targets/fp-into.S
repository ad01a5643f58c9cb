/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-into: functions entered past their first instruction, which a jump
 * of the fast path over their first 5 bytes would tear (t/fastpath/
 * into.sh).  x86-64, System V: (rdi, rsi) -> rax.
 *
 *	fi_b(x, y)	x + y; its second instruction is a direct jmp's
 *			target from fi_a, another function
 *	fi_a(x, y)	2x + y: doubles x, then jumps into fi_b (the shape
 *			of libc's __mempcpy_avx512_unaligned_erms, which
 *			ends in a jmp to memcpy's second instruction)
 *	fi_c(x, y)	x + y; a global symbol, fi_c2, starts at its
 *			second instruction
 *	fi_c2(x, y)	x + y: entered only through a function pointer,
 *			which no scan of the code can see: its symbol
 *			says it
 *	fi_d(x, y)	x + y + 5; its first instruction is 10 bytes, and
 *			fi_e jumps to its second: one instruction of 5
 *			bytes or more may take a jump all the same
 *	fi_e(x, y)	x + y + 5: sets rax as fi_d's first instruction
 *			does, then jumps to its second
 *	fi_g(x, y)	x + y; its second instruction has no symbol, but
 *			fi_f takes its address (lea) and jumps there
 *			through a register: a computed goto's shape
 *	fi_f(x, y)	x + y, by way of fi_g's second instruction
 */
	.text

	.globl	fi_b
	.type	fi_b, @function
	.p2align 4
fi_b:
	mov	%rdi, %rax		/* 3 bytes */
.Lb2:
	add	%rsi, %rax		/* 3 bytes: lands inside a jump */
	ret
	.size	fi_b, .-fi_b

	.globl	fi_a
	.type	fi_a, @function
	.p2align 4
fi_a:
	lea	(%rdi,%rdi), %rax	/* 4 bytes, and a nop: 5 that move */
	nop
	jmp	.Lb2
	.size	fi_a, .-fi_a

	.globl	fi_c
	.type	fi_c, @function
	.globl	fi_c2
	.type	fi_c2, @function
	.p2align 4
fi_c:
	lea	(%rdi,%rsi), %rax	/* 4 bytes */
fi_c2:
	lea	(%rdi,%rsi), %rax
	ret
	.size	fi_c, .-fi_c
	.size	fi_c2, .-fi_c2

	.globl	fi_d
	.type	fi_d, @function
	.p2align 4
fi_d:
	movabs	$5, %rax		/* 10 bytes */
.Ld2:
	add	%rdi, %rax
	add	%rsi, %rax
	ret
	.size	fi_d, .-fi_d

	.globl	fi_e
	.type	fi_e, @function
	.p2align 4
fi_e:
	mov	$5, %eax
	jmp	.Ld2
	.size	fi_e, .-fi_e

	.globl	fi_g
	.type	fi_g, @function
	.p2align 4
fi_g:
	mov	%rdi, %rax		/* 3 bytes */
.Lg2:
	add	%rsi, %rax		/* reached through a pointer */
	ret
	.size	fi_g, .-fi_g

	.globl	fi_f
	.type	fi_f, @function
	.p2align 4
fi_f:
	mov	%rdi, %rax
	lea	.Lg2(%rip), %rcx	/* the address of code, taken */
	jmp	*%rcx
	.size	fi_f, .-fi_f

	.section .note.GNU-stack,"",@progbits
