/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-call.S: calls among the first 5 bytes of a function, the bytes an
 * entry jump replaces (OpenSSL's CRYPTO_THREAD_unlock is `push; mov;
 * call`).  fc_rel (`call rel32`), fc_mem (`call *disp(%rip)`) and
 * fc_reg (`call *%rax`) end those bytes: the call returns to the byte
 * after them.  fc_mid's `call *%rsi` does not (an `add` follows it
 * within the bytes): the callee would return into the jump.  Each calls
 * its callee with rdi and returns its value plus 7 (the `add` makes room
 * for a return jump that leaves the call alone).  The callee must see
 * the byte after each call as its return address: no symbol or pointer
 * names it (one would make it a landing address the fast path keeps
 * clear of, which CRYPTO_THREAD_unlock's is not), so fp-call-main.c
 * knows it as an offset, checked here.
 */
	.text

	.globl	fc_rel
	.type	fc_rel, @function
fc_rel:
	.cfi_startproc
	push	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	mov	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	call	fc_callee
1:	/* fp-call-main.c's RET_REL */
	.if	1b - fc_rel != 9
	.error	"fc_rel's call does not end at offset 9"
	.endif
	add	$7, %rax
	pop	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size	fc_rel, .-fc_rel

	.globl	fc_mem
	.type	fc_mem, @function
fc_mem:
	.cfi_startproc
	push	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset %rbp, -16
	mov	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	call	*fc_ptr(%rip)
1:	/* fp-call-main.c's RET_MEM */
	.if	1b - fc_mem != 10
	.error	"fc_mem's call does not end at offset 10"
	.endif
	add	$7, %rax
	pop	%rbp
	.cfi_def_cfa %rsp, 8
	ret
	.cfi_endproc
	.size	fc_mem, .-fc_mem

	/* uint64_t fc_reg(uint64_t x, uint64_t (*fn)(uint64_t)) */
	.globl	fc_reg
	.type	fc_reg, @function
fc_reg:
	.cfi_startproc
	push	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	mov	%rsi, %rax
	call	*%rax
1:	/* fp-call-main.c's RET_REG */
	.if	1b - fc_reg != 6
	.error	"fc_reg's call does not end at offset 6"
	.endif
	add	$7, %rax
	pop	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	fc_reg, .-fc_reg

	/* uint64_t fc_mid(uint64_t x, uint64_t (*fn)(uint64_t)) */
	.globl	fc_mid
	.type	fc_mid, @function
fc_mid:
	.cfi_startproc
	push	%rbx
	.cfi_def_cfa_offset 16
	.cfi_offset %rbx, -16
	call	*%rsi
1:	/* fp-call-main.c's RET_MID */
	.if	1b - fc_mid != 3
	.error	"fc_mid's call does not end at offset 3"
	.endif
	add	$7, %rax
	pop	%rbx
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	fc_mid, .-fc_mid

	.section .data.rel,"aw"
	.balign	8
	.globl	fc_ptr
fc_ptr:
	.quad	fc_callee
	.section .note.GNU-stack,"",@progbits
