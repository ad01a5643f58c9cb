/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/cfa.c: the CFA rule at an address, through libdw
 * (dwarf_getcfi_elf, dwarf_cfi_addrframe, dwarf_frame_cfa).  libdw gives
 * a "register + offset" rule as one DW_OP_bregx op: the DWARF register
 * (7 is rsp on x86-64) and the offset.
 */
#include "config.h"

#include <stdlib.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

#include "probes/cfa.h"

#define DWARF_RSP	7

struct pb_cfi {
	Dwarf_CFI	*cf_cfi;
};

pb_cfi_t *
pb_cfi_open(pb_elf_t *e)
{
	Elf *elf = pb_elf_libelf(e);
	pb_cfi_t *c;

	if (elf == NULL)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		return NULL;
	c->cf_cfi = dwarf_getcfi_elf(elf);
	if (c->cf_cfi == NULL) {
		free(c);
		return NULL;
	}
	return c;
}

void
pb_cfi_close(pb_cfi_t *c)
{
	if (c == NULL)
		return;
	dwarf_cfi_end(c->cf_cfi);
	free(c);
}

int
pb_cfi_at_entry(pb_cfi_t *c, uint64_t addr)
{
	Dwarf_Frame *f;
	Dwarf_Op *ops;
	size_t n;
	int r = -1;

	if (c == NULL || dwarf_cfi_addrframe(c->cf_cfi, addr, &f) != 0)
		return -1;
	/* A DWARF expression (a realigned stack): not known here. */
	if (dwarf_frame_cfa(f, &ops, &n) == 0 && n == 1 &&
	    ops[0].atom == DW_OP_bregx)
		r = ops[0].number == DWARF_RSP && ops[0].number2 == 8;
	free(f);
	return r;
}
