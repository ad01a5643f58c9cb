/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz-elf: probes/elfsym, probes/gosym (and demangle/) on arbitrary
 * bytes.
 *
 * Opens the input from memory, lists both symbol tables, demangles some
 * names, reads bytes at function symbols, asks for the build-id, the
 * soname, Go's function table and build info, and the bias of a
 * made-up mapping.  Any crash, leak or undefined behaviour is
 * a bug: the pid provider and pidnm open whatever file a process maps.
 */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "demangle/demangle.h"
#include "probes/elfsym.h"
#include "probes/gosym.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static dm_buf_t b;
	unsigned char bytes[64];
	const pb_load_t *loads;
	const pb_sym_t *syms;
	const pb_plt_t *plt;
	size_t nsyms, nloads, nplt, i;
	volatile size_t sink = 0;
	char err[256];
	uint64_t bias;
	const char *link;
	uint32_t crc;
	pb_elf_t *e;
	void *copy;
	int t;

	/* A private copy: the image must stay valid while open, and the
	 * fuzzer's buffer is read-only. */
	copy = malloc(size ? size : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	e = pb_elf_open_mem(copy, size, err, sizeof(err));
	if (e == NULL) {
		sink += strlen(err);
		free(copy);
		return 0;
	}
	sink += pb_elf_machine(e) + pb_elf_class(e) + pb_elf_type(e);
	for (t = PB_SYMTAB; t <= PB_DYNSYM; t++) {
		sink += pb_elf_has_table(e, t);
		if (pb_elf_symbols(e, t, &syms, &nsyms, err, sizeof(err)) != 0)
			continue;
		for (i = 0; i < nsyms; i++) {
			sink += strlen(syms[i].sy_name) + syms[i].sy_type;
			if (syms[i].sy_version)
				sink += strlen(syms[i].sy_version);
			if (i < 32) {
				b.db_len = 0;
				sink += dm_demangle_append(&b, syms[i].sy_name);
			}
			if (i < 32 && (syms[i].sy_flags & PB_SYF_FUNC))
				sink += pb_elf_read(e, syms[i].sy_value, bytes,
				    syms[i].sy_size < sizeof(bytes) ?
				    syms[i].sy_size + 1 : sizeof(bytes));
		}
	}
	/* Relocations and stub bytes, both from the file. */
	if (pb_elf_plt(e, &plt, &nplt) == 0)
		for (i = 0; i < nplt; i++)
			sink += strlen(plt[i].pt_name) + plt[i].pt_size;
	if (pb_elf_build_id(e) != NULL)
		sink += strlen(pb_elf_build_id(e));
	/* .gnu_debuglink: a name and a CRC read from the file. */
	if (pb_elf_debuglink(e, &link, &crc) == 0)
		sink += strlen(link) + crc;
	if (pb_elf_soname(e) != NULL)
		sink += strlen(pb_elf_soname(e));
	/* .gopclntab and .go.buildinfo: offsets all from the file */
	{
		pb_gofunc_t *gf;
		char v[64];
		long n = pb_gosym_funcs(e, &gf, err, sizeof(err));

		for (i = 0; n > 0 && i < (size_t)n; i++)
			sink += strlen(gf[i].gf_name) + gf[i].gf_size;
		free(gf);
		if (pb_gosym_version(e, v, sizeof(v)) == 0)
			sink += strlen(v);
		sink += (size_t)pb_gosym_abi(e);
	}
	pb_elf_loads(e, &loads, &nloads);
	for (i = 0; i < nloads && i < 8; i++) {
		if (pb_elf_bias(e, 0x7f0000000000, loads[i].ld_offset & ~4095ULL,
		    loads[i].ld_flags & 7, &bias) == 0)
			sink += bias;
		sink += pb_elf_read(e, loads[i].ld_vaddr, bytes, sizeof(bytes));
	}
	pb_elf_close(e);
	free(copy);
	(void)sink;
	return 0;
}
