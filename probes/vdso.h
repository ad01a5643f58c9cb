/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vdso: the kernel's vDSO of a process ([vdso] in /proc/PID/maps), an ELF
 * image that exists only in memory: read from the tracee through the
 * caller's reader (probes/ knows no ptrace), parsed by libelf from memory
 * (elf_memory, pb_elf_open_mem).  Its functions name stack frames
 * ("[vdso]`__vdso_clock_gettime+0x4d") and its .eh_frame_hdr lets an
 * unwinder step out of it (the file-based look-up of an unwinder finds
 * no file behind "[vdso]").
 *
 * Not the firing path: reads /proc and allocates.  One thread.
 */
#ifndef PB_VDSO_H
#define PB_VDSO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "probes/elfsym.h"
#include "probes/provider.h"	/* pb_readmem_fn */

#define PB_VDSO_NAME	"[vdso]"	/* its module name, as maps says */

/*
 * Where an unwinder finds the vDSO's CFI, in run-time addresses: the
 * .eh_frame_hdr and its binary-search table (libunwind's
 * UNW_INFO_FORMAT_REMOTE_TABLE: segbase, table_data, table_len in
 * words).  vu_hdr 0: none usable.
 */
typedef struct pb_vdso_unwind {
	uint64_t vu_lo, vu_hi;	/* the mapping */
	uint64_t vu_hdr;	/* .eh_frame_hdr */
	uint64_t vu_table;	/* its table of (initial pc, FDE) pairs */
	uint64_t vu_tablelen;	/* the table's size in 8-byte words */
} pb_vdso_unwind_t;

typedef struct pb_vdso {
	pb_vdso_unwind_t vd_unwind;
	uint64_t vd_bias;	/* run-time = link-time + vd_bias */
	pb_elf_t *vd_elf;	/* parsed from vd_image */
	void *vd_image;		/* the mapping's bytes, owned */
	size_t vd_size;
} pb_vdso_t;

/*
 * Read the vDSO of the process whose live thread is tid: its range from
 * /proc/TID/maps, its bytes through rd(cookie, ...).  Returns 0 and
 * fills *out (free it with pb_vdso_close), or -1 with a one-line reason
 * in err: no [vdso] mapping (a static program may have none, or the
 * kernel was booted with vdso=0), unreadable, or not ELF.
 */
int
pb_vdso_open(pid_t tid, pb_readmem_fn rd, void *cookie, pb_vdso_t *out,
    char *err, size_t errlen);

/* Free what pb_vdso_open filled; *v is zeroed.  A zeroed one is fine. */
void
pb_vdso_close(pb_vdso_t *v);

#endif /* PB_VDSO_H */
