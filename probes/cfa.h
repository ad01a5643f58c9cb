/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/cfa.h: the canonical frame address of code in an ELF file, from
 * its .eh_frame (libdw's CFI).  Where the CFA is rsp + 8 the stack is as
 * at the function's first instruction, the return address on top: the
 * only place a jump can leave the function as a tail call.  Anywhere
 * else the function's frame is still on the stack, and a jump stays
 * inside (a switch's jump table, a computed goto).
 */
#ifndef PB_CFA_H
#define PB_CFA_H

#include <stdint.h>

#include "probes/elfsym.h"

typedef struct pb_cfi pb_cfi_t;

/* The CFI of e (which must outlive it); NULL when e has no .eh_frame. */
pb_cfi_t *pb_cfi_open(pb_elf_t *e);

void pb_cfi_close(pb_cfi_t *c);

/*
 * At link-time address addr: 1 if the CFA is rsp + 8, 0 if it is
 * anything else, -1 if no FDE covers addr or its rules cannot be read
 * (c may be NULL: -1).  Not for the probe-firing path.
 */
int pb_cfi_at_entry(pb_cfi_t *c, uint64_t addr);

#endif /* PB_CFA_H */
