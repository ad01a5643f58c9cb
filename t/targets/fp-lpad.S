/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fp-lpad: a C++ landing pad inside a function's first 5 bytes, which no
 * compiler emits but nothing forbids (an LSDA names any offset).
 * fp_lpad() calls fp_thrower() and returns 0, or -1 when it threw: the
 * call site's landing pad is offset 2, which a normal entry also runs
 * with edx 0 (a catch arrives with the selector, 1, in edx):
 *
 *	0	xor %edx,%edx
 *	2	test %edx,%edx		<- landing pad
 *	4	jnz caught
 *	6	sub $8,%rsp; call fp_thrower; xor %eax,%eax; add; ret
 *	caught:	__cxa_begin_catch; __cxa_end_catch; mov $-1,%eax; add; ret
 *
 * A jump over the first 5 bytes would put our bytes where the unwinder
 * lands: the fast path must leave this entry on int3.
 */
	.text
	.globl	fp_lpad
	.type	fp_lpad, @function
fp_lpad:
	.cfi_startproc
	.cfi_personality 0x9b, DW.ref.__gxx_personality_v0
	.cfi_lsda 0x1b, .LLSDA_fp
	xorl	%edx, %edx
.Lfp_pad:
	testl	%edx, %edx
	jnz	.Lfp_caught
	subq	$8, %rsp
	.cfi_def_cfa_offset 16
.Lfp_cs:
	call	fp_thrower@PLT
.Lfp_cse:
	xorl	%eax, %eax
	addq	$8, %rsp
	.cfi_def_cfa_offset 8
	ret
.Lfp_caught:
	.cfi_def_cfa_offset 16
	movq	%rax, %rdi
	call	__cxa_begin_catch@PLT
	call	__cxa_end_catch@PLT
	movl	$-1, %eax
	addq	$8, %rsp
	.cfi_def_cfa_offset 8
	ret
	.cfi_endproc
	.size	fp_lpad, .-fp_lpad

	.section .gcc_except_table,"a",@progbits
	.align	4
.LLSDA_fp:
	.byte	0xff			/* @LPStart: the function's start */
	.byte	0x9b			/* @TType: indirect pcrel sdata4 */
	.uleb128 .LLSDA_fp_tt - .LLSDA_fp_ttref
.LLSDA_fp_ttref:
	.byte	0x1			/* call sites: uleb128 */
	.uleb128 .LLSDA_fp_cse - .LLSDA_fp_csb
.LLSDA_fp_csb:
	.uleb128 .Lfp_cs - fp_lpad	/* the call to fp_thrower */
	.uleb128 .Lfp_cse - .Lfp_cs
	.uleb128 .Lfp_pad - fp_lpad	/* its landing pad: offset 2 */
	.uleb128 0x1			/* action 1 */
.LLSDA_fp_cse:
	.byte	0x1			/* type filter 1 */
	.byte	0			/* no next action */
	.align	4
	.long	0			/* type 1: catch (...) */
.LLSDA_fp_tt:

	.hidden	DW.ref.__gxx_personality_v0
	.weak	DW.ref.__gxx_personality_v0
	.section .data.rel.local.DW.ref.__gxx_personality_v0,"awG",@progbits,DW.ref.__gxx_personality_v0,comdat
	.align	8
	.type	DW.ref.__gxx_personality_v0, @object
	.size	DW.ref.__gxx_personality_v0, 8
DW.ref.__gxx_personality_v0:
	.quad	__gxx_personality_v0

	.section .note.GNU-stack,"",@progbits
