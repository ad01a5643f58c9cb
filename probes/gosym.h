/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gosym: the functions of a Go binary from its .gopclntab, and the Go
 * release that built it from its .go.buildinfo.  `go build -ldflags='-s
 * -w'` drops .symtab and DWARF, but the runtime needs .gopclntab for
 * its own tracebacks: every Go function's name and entry address stay
 * there.  The format is Go's (runtime/symtab.go, debug/gosym's
 * pclntab.go): a header whose magic says the layout (Go 1.2, 1.16,
 * 1.18, 1.20), a table of (entry, _func offset) pairs sorted by entry,
 * and names in a table of their own.  Read over libelf (elfsym.h).
 *
 * Nothing here trusts the file: every offset is checked against the
 * section's size, so a corrupt table gives an error, never a read past
 * it (fuzzed through pidnm).  Not the firing path; one thread.
 */
#ifndef PB_GOSYM_H
#define PB_GOSYM_H

#include <stddef.h>
#include <stdint.h>

#include "probes/elfsym.h"

/* gf_flags */
#define PB_GOF_ASM	0x01	/* written in assembly (funcFlag_ASM) */

typedef struct pb_gofunc {
	uint64_t gf_addr;	/* link-time entry */
	uint64_t gf_size;	/* to the next function's entry */
	const char *gf_name;	/* "main.add", in E's image: lives as long
				 * as the pb_elf_t */
	uint8_t gf_flags;	/* PB_GOF_* */
} pb_gofunc_t;

/*
 * The functions of E's .gopclntab, ascending gf_addr, into a malloc'ed
 * *out (the caller frees it; the names stay E's).  Returns their
 * number; 0 when E has no .gopclntab (not Go); -1 with a line in err
 * when the table is corrupt or of an unknown layout, or out of memory.
 */
long
pb_gosym_funcs(pb_elf_t *e, pb_gofunc_t **out, char *err, size_t errlen);

/*
 * The Go release that built E, "go1.19.8", from .go.buildinfo (Go 1.13
 * on) into buf.  Returns 0, or -1 when E carries none.
 */
int
pb_gosym_version(pb_elf_t *e, char *buf, size_t len);

/*
 * Whether E is a Go binary (a .gopclntab or a .go.buildinfo) and how
 * its Go functions take arguments: 0 not Go, 1 on the stack (Go's ABI0:
 * every function before Go 1.17), 2 in registers (ABIInternal, Go 1.17
 * on; its assembly functions keep ABI0).  From the build info's
 * release, else the table's layout (1.18 on is in registers; 1.16's
 * layout, also 1.17's, is taken as the stack).
 */
int
pb_gosym_abi(pb_elf_t *e);

#endif /* PB_GOSYM_H */
