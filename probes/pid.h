/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pid: the pid provider's probe resolution.  Turns a probe description
 * pid<PID>:<module>:<function>:<name> into probes, each with the run-time
 * addresses (sites) where the glue must place a breakpoint.  Pure: reads
 * /proc/PID/maps and ELF files, never tracee memory, knows nothing of
 * ptrace or D.
 *
 * Naming, as in DTrace's pid provider (Dynamic Tracing Guide, "pid
 * Provider"):
 *   module    basename (libc.so.6), or libc, libc.so, a.out (see
 *             modules.h); a glob; empty = every module
 *   function  a glob matched against the mangled name, the demangled
 *             name, and the demangled name without its parameters (so
 *             that ::mix: finds mix(int, int); match.h); empty = every
 *             function
 *   name      "entry": the function's first instruction
 *             "return": one probe per function, firing at each return site
 *             that retsite.h finds; arg0 is the site's offset (st_off)
 *             "<hex>" (1a or 0x1a): the instruction at that offset; it must
 *             be an instruction boundary
 *             a glob ("*", "e*"): the matching ones of entry and return.
 *             DTrace also creates every offset probe for "*"; we do that
 *             only with PB_ALLOFFSETS, because it means a breakpoint on
 *             every instruction of every matched function.
 *
 * Functions: defined STT_FUNC/STT_GNU_IFUNC symbols, from .symtab and
 * .dynsym together (a stripped library such as leveldown's .node has only
 * .dynsym), one function per address, its size the largest of its
 * names'.  A size of 0 (assembler without .size) gets an entry probe but
 * its return probe is refused; DTrace skips such symbols.  Several names at
 * one address (aliases: malloc, __libc_malloc) are one function:
 *   - a glob yields one probe per address, named after the best matching
 *     name (a .symtab name before a .dynsym one, then GLOBAL before WEAK
 *     before LOCAL, then fewer leading underscores, then the shorter),
 *     as DTrace's dt_pid_sym_filt skips a symbol at the address just taken;
 *   - an exact name (no glob characters) yields a probe named as written,
 *     so two exact aliases give two probes sharing one site.
 * GCC's foo.cold parts are not functions of their own: their return sites
 * join foo's return probe (st_off is then negative, two's complement,
 * when the part lies below foo), and jumps between foo and foo.cold are
 * not returns.
 * Either way a site address may serve several probes: the glue patches it
 * once (pb_probe_list_sites gives the sites grouped by address).
 *
 * PLT stubs have no symbols; each callable one is a function named
 * "<dynamic symbol>@plt" (objdump's name; pb_elf_plt in elfsym.h), the
 * size of its PLT entry.  DTrace has none, so that descriptions keep
 * their DTrace meaning, a function glob matches them only if it contains
 * "@plt".  They get entry and offset probes; their return probe is
 * refused (pl_refused): a stub jumps into the function it binds.
 *
 * GNU indirect functions (STT_GNU_IFUNC, e.g. libc's memcpy) get no
 * probes: their symbol is the resolver the loader calls once, not the
 * code each call runs.  They are listed in pl_refused.
 *
 * Returns: functions whose return sites cannot be found safely (bytes
 * that decode as data or not at all, size 0; retsite.h) get no return
 * probe and no offset probes; they are listed in pl_refused with the
 * reason, so that -l and the "matched N probes" line can say so.  A
 * description asking for return probes only, whose every function was
 * refused, is no error (0 probes, the refusals listed): one function
 * must not stop the others' probes.  Return sites of kind PB_RS_JCC_OUT
 * or PB_RS_TAIL* leave the function only when the branch is taken: the
 * glue fires the return probe only if the next pc lies outside
 * [pr_faddr, pr_faddr + pr_fsize) (and, for PB_RS_TAIL_IND, its .cold
 * part), as fasttrap does.  An indirect jmp where .eh_frame says the
 * function's frame is still set up (CFA not rsp + 8: a jump table, a
 * computed goto) is no site (probes/cfa.h).
 *
 * The probe types (pb_probe_t, pb_probe_list_t, the PB_ flags) are every
 * provider's: provider.h.  pb_pid_provider (provider.h) wraps
 * pb_pid_resolve and computes a firing's arguments: entry and offset
 * probes get rdi, rsi, rdx, rcx, r8, r9 and then the stack; return
 * probes get the offset of the returning instruction and rax, as
 * DTrace's pid provider.
 *
 * Not for the probe-firing path: everything here allocates and reads
 * files.  Not thread-safe (symbol tables are cached per process, by
 * device and inode, and live until pb_pid_cache_flush, or until an
 * exec finds their file changed or unused: pb_pid_cache_age).
 */
#ifndef PB_PID_H
#define PB_PID_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "probes/provider.h"
#include "probes/retsite.h"

/*
 * Resolve one probe description against process pid and append the new
 * probes to *out (which starts as PB_PROBE_LIST_INIT; free it with
 * pb_probe_list_free).  A probe already in *out (same module, function
 * and name) is not added again, so the glue may simply call this again
 * for every description after each dlopen (with PB_ZEROOK) and get only
 * the probes of the new modules.  mod_glob, func_glob, name_glob: NULL
 * or "" match everything ("" for the name means entry and return).
 *
 * Returns the number of probes added (0 only with PB_ZEROOK), or -1 with
 * a message in err (no "pidtrace: " prefix, no newline; the command adds
 * the context), for example:
 *   no module matches 'libcc' in process 4242
 *   no function matches 'mallok' in libc.so.6; did you mean 'malloc'?
 *   offset 0x3 is not on an instruction boundary of main (instructions at
 *       0x0, 0x4, 0x5, 0x8, ...)
 *   offset 0x400 is beyond the end of main (size 0x3a)
 *   no probe on memcpy: a GNU indirect function (ifunc): ...
 *   /proc/4242/maps: No such file or directory
 * On error nothing is added to *out.
 */
int
pb_pid_resolve(pid_t pid, const char *mod_glob, const char *func_glob,
    const char *name_glob, int flags, pb_probe_list_t *out, char *err,
    size_t errlen);

/* Drop the cached symbol tables. */
void
pb_pid_cache_flush(void);

/*
 * A tracee exec'd: keep the symbol tables of files that are unchanged
 * and were used lately, for the next images (object.h).
 */
void
pb_pid_cache_age(void);

/*
 * Arming is under way: the landing addresses of the modules whose table
 * is over PB_PID_BRT_KEEP bytes are freed, made again if a later resolve
 * (a dlopen) needs them.  node's take 20 MB and 0.4 s to make (2.1
 * million candidate branches); libc's 1 MB and 20 ms, and they are
 * what a trace that follows children uses again at each exec.
 */
#define PB_PID_BRT_KEEP	(8u << 20)

void
pb_pid_cache_trim(void);

/*
 * The DWARF description of the function of probe pr (just resolved by
 * the pid provider, its module still cached): parameters and return
 * type as probes/dwarf.h describes them, from the object's DWARF or its
 * separate debug file (debugfile.h), read on this first call and kept
 * until pb_pid_cache_flush.  This is what D's type table will map args[]
 * from.  Returns 1 and fills *out (free with pb_dwfunc_free), 0 when the
 * function has no DWARF (or pr is not a pid probe of a cached module),
 * -1 with errno ENOMEM.
 */
struct pb_dwfunc;
struct pb_probe;
int
pb_pid_dwfunc(const struct pb_probe *pr, struct pb_dwfunc *out);

#endif /* PB_PID_H */
