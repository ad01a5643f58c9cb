/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtld: where a process's dynamic loader says that its link map changed
 * (dlopen, dlclose): every provider whose probes live in modules learns
 * of new ones there.  The loader calls r_brk (_dl_debug_state) before
 * and after each change, with _r_debug's r_state saying which (glibc's
 * <link.h>: RT_ADD or RT_DELETE before, RT_CONSISTENT after); gdb and
 * libthread_db watch the same place.  The glue places a breakpoint of
 * its own at rt_brk and, at each hit, asks pb_rtld_consistent whether
 * to resolve its descriptions again.
 *
 * Pure: reads /proc/PID and the loader's ELF file, and the tracee's
 * memory only through the reader it is given.
 */
#ifndef PB_RTLD_H
#define PB_RTLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "probes/provider.h"	/* pb_readmem_fn */

typedef struct pb_rtld {
	uint64_t rt_brk;	/* run-time address of _dl_debug_state */
	uint64_t rt_r_debug;	/* run-time address of _r_debug */
	char *rt_path;		/* the loader's file; owned (pb_rtld_free) */
} pb_rtld_t;

/*
 * Find the loader of process pid (the program interpreter at AT_BASE,
 * else a module named ld-linux*) and its _dl_debug_state and _r_debug,
 * from its .symtab or .dynsym.  Returns 0, or -1 with a message in err
 * (a static executable has no loader: "no dynamic loader mapped in
 * process 4242"); *out is then empty.
 */
int
pb_rtld_find(pid_t pid, pb_rtld_t *out, char *err, size_t errlen);

/*
 * At a hit of rt_brk: whether the link map is consistent again (r_state
 * is RT_CONSISTENT), the moment its new modules are mapped or its old
 * ones gone.  False when r_state cannot be read.
 */
bool
pb_rtld_consistent(const pb_rtld_t *rt, pb_readmem_fn rd, void *cookie);

/* Free what *rt owns; leaves it empty. */
void
pb_rtld_free(pb_rtld_t *rt);

#endif /* PB_RTLD_H */
