/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/lsda.h: C++ landing pads (exception handlers' entry points) of an
 * ELF file, read from .eh_frame's FDEs and their LSDAs in
 * .gcc_except_table.  The unwinder jumps to them without a branch in the
 * code: a relocation that must not cover a branch target must not cover
 * them either.
 */
#ifndef PB_LSDA_H
#define PB_LSDA_H

#include <stddef.h>
#include <stdint.h>

#include "probes/elfsym.h"

/*
 * The link-time addresses of the landing pads of every function whose FDE
 * overlaps [lo, hi), unsorted, possibly repeated, in *pads (the caller
 * frees it; NULL and 0 when there is none, no .eh_frame or no
 * .gcc_except_table).  What cannot be decoded is skipped.  0, or -1 with
 * errno ENOMEM.  Not for the probe-firing path.
 */
int pb_elf_lpads(pb_elf_t *e, uint64_t lo, uint64_t hi, uint64_t **pads,
    size_t *npads);

#endif /* PB_LSDA_H */
