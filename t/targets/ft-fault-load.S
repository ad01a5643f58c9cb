/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ft-fault-load.S: a function whose first instruction faults, for
 * t/faults/fault.sh.  Probed at entry, that instruction runs out of line
 * (in a slot of the tracer's page), so the fault is taken there.
 */
	.text

	/* returns *rdi: the 3-byte load faults when rdi is NULL */
	.globl	ft_load
	.type	ft_load, @function
ft_load:
	mov	(%rdi), %rax
	ret
	.size	ft_load, .-ft_load

	.section .note.GNU-stack,"",@progbits
