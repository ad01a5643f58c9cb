/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/brtarget.h: where the code of an ELF object may jump to, for the
 * fast path, which replaces the instructions at a site by a 5-byte jump:
 * a thread that lands strictly inside those bytes would run half of our
 * jump (SIGILL, SIGTRAP or worse).  Landing addresses are:
 *
 *   - the target of every direct call, jmp and jcc (rel8 and rel32; loop
 *     and jrcxz too) anywhere in the object's executable sections, not
 *     only in the function probed: libc's __mempcpy_avx512_unaligned_erms
 *     ends in a jmp to the second instruction of the next function;
 *   - the start of every symbol in an executable section, from .symtab,
 *     .dynsym and the separate debug file (aliases, local labels, entry
 *     points reached through a PLT, an ifunc or a function pointer);
 *   - every address of code the code takes (`lea disp32(%rip), reg`:
 *     a function pointer, a label of a computed goto) or the data holds
 *     (relative relocations; in an ET_EXEC, any aligned word of its data
 *     that falls in the text).
 *
 * How: every byte position of the executable sections is read as a
 * possible branch (E8/E9/0F 8x rel32, EB/7x/E0-E3 rel8, 8D /r with a
 * rip-relative operand), which cannot miss one however the bytes
 * decode; a candidate that lands
 * near a site is then checked by decoding (capstone) from the nearest
 * symbol at or before it: it is a branch if an instruction starts there
 * (after its prefixes) and ends where the branch form ends.  A candidate
 * that cannot be checked (no symbol before it, bytes capstone cannot
 * decode on the way) counts as a branch.  Reading every byte alone
 * would keep a spurious rel8 target within reach of about 7% of libc's
 * entries (measured: 323 of 3706); the check keeps the real ones (16).
 *
 * Indirect jumps (jump tables, computed gotos, longjmp, a return address
 * rewritten by hand) cannot be seen this way: doc/TRACER.md says what
 * remains and why function entries are safe in practice.
 *
 * Not for the probe-firing path: it allocates and reads the file.
 */
#ifndef PB_BRTARGET_H
#define PB_BRTARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "probes/elfsym.h"
#include "probes/modules.h"

/* How far from a site the fast path may lay its bytes, at most. */
#define PB_BRT_REACH	32u

/* Its names: pb_brt_ (brtarget.c). */
typedef struct pb_brt pb_brt_t;

/*
 * Scan e's executable sections; dbg (or NULL) is its separate debug
 * file, whose .symtab adds symbols.  NULL with a reason in err when the
 * file has no executable section or spans more than 4 GB, or on ENOMEM.
 */
pb_brt_t *pb_brt_new(pb_elf_t *e, pb_elf_t *dbg, char *err, size_t errlen);

/*
 * As pb_brt_new, for syscall sites alone: the branches kept are those
 * that land within PB_BRT_REACH of a `syscall` (the bytes 0f 05, read
 * at every position like the branches), so pb_brt_near is exact at an
 * address just before one and at no other.  libc's scan kept 105,000
 * candidates to sort for the few hundred windows a syscall site may
 * ask about.
 */
pb_brt_t *pb_brt_new_sys(pb_elf_t *e, pb_elf_t *dbg, char *err,
    size_t errlen);

void pb_brt_free(pb_brt_t *b);

/*
 * Around link-time address addr: *prev, the greatest landing address at
 * or below addr (addr - PB_BRT_REACH when none is that close), and *next,
 * the least above it (addr + PB_BRT_REACH when none).  A patch [p0, end)
 * that holds addr is safe from direct branches and symbols when
 * *prev <= p0 and end <= *next.
 */
void pb_brt_near(pb_brt_t *b, uint64_t addr, uint64_t *prev,
    uint64_t *next);

/*
 * The landing addresses around run-time address addr of process pid's
 * code, just before a `syscall` (addr + 1 holds its bytes in the file),
 * from the file of the module that maps addr (and its separate debug
 * file's symbols), scanned once (pb_brt_new_sys) at the module's first
 * site and cached by file: *prev the greatest at or below addr, *next
 * the least above it, run-time (as pb_brt_near).  For a syscall site's
 * jump, which the tracer finds at run time.  0, or -1 when no module
 * file maps addr, it cannot be scanned, or its bytes at addr + 1 are
 * not a `syscall`.  pb_brt_flush drops the cache (exec).
 */
int pb_brt_landings(pid_t pid, uint64_t addr, uint64_t *prev,
    uint64_t *next);

void pb_brt_flush(void);

/*
 * The bounds [*lo, *hi) of the function holding run-time address addr
 * of process pid, whose modules ml lists (pb_modules_read), from the
 * symbol tables pb_brt_landings' scan read (the file's .symtab and
 * .dynsym, then its debug file's: of equal starts the last read, the
 * one whose start is the greatest at or below addr), when that scan is
 * at hand: already made, or prefetched for the module's file.
 * *cancel: glibc's cancellation bridge (__syscall_cancel_arch*).  0;
 * -1 when no function holds addr; 1 when the scan is not at hand (ask
 * the module's symbols another way).  pb_brt_any: whether any scan is
 * (if not, pb_brt_func would answer 1: the modules need not be read).
 */
int pb_brt_func(pid_t pid, pb_modlist_t *ml, uint64_t addr, uint64_t *lo,
    uint64_t *hi, bool *cancel);
bool pb_brt_any(void);

/* pb_brt_landings with pid's modules read by the caller. */
int pb_brt_landings_in(pid_t pid, pb_modlist_t *ml, uint64_t addr,
    uint64_t *prev, uint64_t *next);

/*
 * Begin pb_brt_landings' scans of the files at paths (2 at most) now,
 * in a thread of ours, for modules the traced process will most likely
 * map: the first patch of one of their syscall sites otherwise waits
 * for the scan while the whole process is stopped (libc with its debug
 * file: ~3.5 ms, most of a short traced command's start).  The module
 * whose file is the same (device, inode, size, mtime, ctime) takes the
 * result; another file is scanned as before.  Once a run; 0, or -1 if
 * it cannot start (the scans are then made when asked for).
 * pb_brt_prefetch_libc: process pid's dynamic loader and C library, or
 * before it maps one (a command launched, at its exec) the C library
 * pidtrace itself runs on, which a command of the same system maps.
 * pb_brt_prefetch_end waits for the thread and frees what no module
 * took.
 */
int pb_brt_prefetch(const char *const *paths, size_t n);
int pb_brt_prefetch_libc(pid_t pid);
void pb_brt_prefetch_end(void);

/* Counts, for tests and for the measurements in doc/TRACER.md. */
typedef struct pb_brt_stats {
	size_t bs_candidates;	/* byte positions read as a branch into
				 * the executable sections */
	size_t bs_symbols;	/* symbol starts */
	size_t bs_pointers;	/* code pointers found in data */
	size_t bs_checked;	/* candidates decoded */
	size_t bs_real;		/* of which real branches (or unsure) */
} pb_brt_stats_t;

void pb_brt_stats(const pb_brt_t *b, pb_brt_stats_t *st);

#endif /* PB_BRTARGET_H */
