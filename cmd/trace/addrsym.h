/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/addrsym.h: name run-time addresses of a traced process
 * ("libc.so.6`malloc+0x1a"), for D's %a and %A (dsl_host_t.dh_addr2sym).
 * Symbol tables are read once per module (.symtab and .dynsym functions,
 * sorted); a look-up is then a binary search.  Only the glue (host.c)
 * calls this.  Not thread-safe.
 */
#ifndef PIDTRACE_TRACE_ADDRSYM_H
#define PIDTRACE_TRACE_ADDRSYM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "probes/provider.h"	/* pb_readmem_fn */
#include "probes/vdso.h"

typedef struct addrsym trace_addrsym_t;

/* For process pid (read through /proc/TID for a zombie leader). */
trace_addrsym_t	*trace_addrsym_new(pid_t pid, pid_t trace_proc_tid);

/*
 * Write "module`function+0xoff" (or "module`function" at offset 0, or
 * "module`0xaddr" outside any function) into buf.  An address in no
 * module (anonymous memory) is named from /tmp/perf-PID.map when a JIT
 * wrote one: the JIT's name, as perf prints it, and 1 is returned (a
 * stack prints such names only within its strsize).  0, or -1 when no
 * module maps addr.  The first look-up in a module reads its symbols.
 * mangled: keep C++ names as in the file.
 */
int		trace_addrsym_lookup(trace_addrsym_t *, uint64_t addr,
		    int mangled, char *buf, size_t len);

/*
 * The function of a module's symbols that covers run-time address addr:
 * its run-time bounds [*lo, *hi) and its name (as in the file).  0, or
 * -1 when no module or no sized function covers addr.
 */
int		trace_addrsym_func(trace_addrsym_t *, uint64_t addr,
		    uint64_t *lo, uint64_t *hi, char *name, size_t len);

/*
 * Read the module of addr and its symbols now, while the process lives:
 * a stack taken at a firing is named when printed, perhaps after the
 * process is gone (the module list and symbols stay cached).
 */
void		trace_addrsym_prime(trace_addrsym_t *, uint64_t addr);

/*
 * How to read the process's memory, for the vDSO (no file holds it):
 * without a reader its frames stay unnamed, "0x7ffd...".  Frames in it
 * are "[vdso]`__vdso_clock_gettime+0x4d".
 */
void		trace_addrsym_set_reader(trace_addrsym_t *, pb_readmem_fn rd,
		    void *cookie);

/*
 * The vDSO's unwind table, read now if not yet (through the reader), for
 * the unwinder (tr_ustack_table); NULL when there is none.  Owned by the
 * trace_addrsym_t, valid until the next trace_addrsym_flush.
 */
const pb_vdso_unwind_t *trace_addrsym_vdso(trace_addrsym_t *);

/* The mappings changed (dlopen, dlclose, exec): read them again. */
void		trace_addrsym_flush(trace_addrsym_t *);
/*
 * The module list read again, what was read of each module that is
 * still mapped where it was kept: after a miss at an address a module
 * mapped since may hold (a library the loader mapped before any r_brk
 * is watched).  0, or -1 when nothing changed (no list yet, a flush
 * pending, an error).
 */
int		trace_addrsym_grow(trace_addrsym_t *);

void		trace_addrsym_free(trace_addrsym_t *);

#endif /* PIDTRACE_TRACE_ADDRSYM_H */
