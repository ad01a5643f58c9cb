/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * abi: where a function's arguments are when its entry probe fires, and
 * its results when its return probe fires, as argument words: the
 * words the pid provider hands out as arg0, arg1... (pid.h), in the
 * order of the function's calling convention.  From the function's
 * DWARF (dwarf.h), this says which word each parameter is, so that
 * args[i] is the i-th parameter even where the convention splits one
 * over two registers, passes it by reference or puts it on the stack.
 *
 * The words, by convention (pb_abi_t):
 *   PB_ABI_SYSV, C and C++ (the System V x86-64 psABI):
 *     entry:  0-5 rdi rsi rdx rcx r8 r9, 6 + k the k-th stack word
 *             (rsp + 8 + 8k, above the return address)
 *     return: 0 the return site's offset, 1 rax, 2 rdx
 *   PB_ABI_GOREG, Go's ABIInternal (Go 1.17 on; "Go internal ABI
 *   specification", src/cmd/compile/abi-internal.md):
 *     entry:  0-8 rax rbx rcx rdi rsi r8 r9 r10 r11, 9 + k the k-th
 *             stack word
 *     return: 0 the offset, 1-9 those registers again (results are
 *             assigned from rax afresh), 10 + k the k-th stack word
 *             (stack results follow the stack arguments)
 *   PB_ABI_GOSTACK, Go's ABI0 (every Go function before 1.17;
 *   assembly functions, "name.abi0", after):
 *     entry:  k the k-th stack word (the arguments, then the results)
 *     return: 0 the offset, 1 + k the k-th stack word
 * Floating-point values travel in vector registers, which pidtrace
 * does not read: such a parameter has no word.
 *
 * Pure: no I/O, no allocation.  Not the firing path (the words are
 * read there, pid.c's pv_args and pv_getarg).
 */
#ifndef PB_ABI_H
#define PB_ABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "probes/dwarf.h"

typedef enum pb_abi {
	PB_ABI_SYSV = 0,
	PB_ABI_GOREG,
	PB_ABI_GOSTACK,
} pb_abi_t;

#define PB_ABI_GONREGS	9	/* Go's integer argument registers */
#define PB_ABI_NOWORD	65534	/* a word no firing has: reads as none */

/* Where one argument (or result) is. */
typedef struct pb_argloc {
	int32_t al_word;	/* the word holding it (its pointer, for a
				 * counted string or an invisible
				 * reference); -1: none pidtrace reads (a
				 * floating-point value) */
	int32_t al_lenword;	/* a Go string or slice, a C++
				 * string_view: the word of its length;
				 * else -1 */
	int32_t al_type;	/* df_types index of what the word holds:
				 * the parameter's type, or the type of
				 * the pointer member of a counted string
				 * ("*uint8", "const char *"); -1: leave
				 * it untyped (an aggregate split over
				 * registers) */
	uint8_t al_byref;	/* the word is a pointer to a value of
				 * al_type: a C++ class passed or returned
				 * by invisible reference, a struct
				 * returned through a hidden pointer */
} pb_argloc_t;

/*
 * The arguments of df under abi: with ret false, its parameters (Go's
 * results left out) into out[0..max); with ret true, out[0] the return
 * site's offset (word 0, untyped here) and out[1...] its results (Go
 * may have several; C one, or none for void).  Returns how many
 * entries it filled.
 */
size_t
pb_abi_args(const pb_dwfunc_t *df, pb_abi_t abi, bool ret,
    pb_argloc_t *out, size_t max);

#endif /* PB_ABI_H */
