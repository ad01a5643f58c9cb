/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * provider: the one interface every provider implements, and the table
 * of providers.  The glue (cmd/trace/) is generic over it: a
 * description is claimed by every provider that names it, its probes
 * are registered with the D runtime the same way for all, and each
 * probe is armed the way it says (pr_arm, st_fast, pr_counter).  A
 * firing's arguments are computed by the provider from a register set
 * and a memory reader, never from a live ptrace stop, so that a
 * trampoline's recorded registers serve as well.
 * (Models: libdtrace's dt_prov_*.c modules; bpftrace's probe matcher.)
 *
 * Like the rest of probes/, a provider knows nothing of D or ptrace: it
 * turns /proc, ELF files and notes into probes, and registers and memory
 * into arguments.
 *
 * The contract, for every provider:
 *   - Memory: what pv_resolve appends is owned by the list
 *     (pb_probe_list_free); the glue copies what it keeps (names, a
 *     pb_fireref_t per probe and site) and frees the list after each
 *     resolution.  What pr_data refers to stays the provider's, valid
 *     until its pv_flush or the end of the process.  The table and
 *     the pb_provider_t's are static.
 *   - The firing path may call only pv_args and pv_getarg: no
 *     allocation, no output, no file, no ptrace; memory only through
 *     f->fi_read.  pv_names, pv_resolve and pv_flush allocate and read
 *     /proc and files: at claim, listing, dlopen and exec time only.
 *   - One thread: none of these is thread-safe (providers cache).
 *   - Errors: -1 with a one-line message in err; the glue adds
 *     "pidtrace: " and the context.  The message may begin with
 *     dtrace's tag for the error in brackets ("[D_PROC_FUNC] no
 *     function matches ..."): the glue keeps it under -x errtags only.
 *
 * Adding a provider: its file probes/<name>.c defining a pb_provider_t,
 * an extern line below and an entry in pb_providers (provider.c), its
 * tests in t/<name>/.  A new arming kind needs its entry in the glue's
 * table of arming kinds once (cmd/trace/arm.c; doc/DESIGN.md).
 */
#ifndef PB_PROVIDER_H
#define PB_PROVIDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/user.h>

/* Resolution flags (pv_resolve). */
#define PB_MANGLED	0x01	/* pr_func is the raw symbol name */
#define PB_ALLOFFSETS	0x02	/* pid: a glob name also yields offset
				 * probes */
#define PB_ZEROOK	0x04	/* matching nothing is not an error (-Z;
				 * re-resolution after a dlopen or exec) */
#define PB_FASTSITES	0x08	/* pid: the glue may lay jumps over the
				 * sites: fill st_tprev and st_tnext */
#define PB_COUNT	0x10	/* syscall: how many probes match, none
				 * appended (others make them as without) */

/* A probe's kind, as its provider means it (pid: all three; syscall:
 * entry and return; others may leave it 0). */
typedef enum pb_kind {
	PB_ENTRY = 1,
	PB_RETURN,
	PB_OFFSET,
} pb_kind_t;

/*
 * Whether a site may run a trampoline in the tracee rather than stop the
 * thread (the tracer's fast path), and which: the provider knows what
 * the site is.  PB_FAST_ENTRY: a function's first instruction, the
 * record holding rdi..r9; PB_FAST_RETURN: a plain ret, the record
 * holding rax (st_recargs: which argument words those serve).
 * PB_FAST_REFUSED: such a site that may not (a return by a jump, whose
 * firing depends on where it goes; a C++ landing pad within reach of the
 * jump; an inlined copy, which lies inside another function), st_slow
 * saying why: the glue reports it whenever the fast path is on.
 * PB_FAST_NONE: a probe the fast path never serves (an offset, a USDT
 * probe), st_slow saying so: the glue reports it under
 * -x fastpath=require only.
 */
typedef enum pb_fastkind {
	PB_FAST_NONE = 0,
	PB_FAST_ENTRY,
	PB_FAST_RETURN,
	PB_FAST_REFUSED,
} pb_fastkind_t;

/*
 * How a probe is armed: the glue keeps one table of arming kinds and
 * arms each probe the way it says.  Kinds past PB_ARM_STAGE need a
 * process; the first two fire in pidtrace's own context (no thread, no
 * arguments).  A probe that needs a process, resolved in pidtrace's own
 * scope (pid 0), is listed (-l) and named in the error of a description
 * that matches nothing else ("syscall probes fire in traced processes
 * only"); a sample there fires as a tick when no process is traced
 * (profile-N alone, as dtrace's fires on every CPU).
 */
typedef enum pb_armkind {
	PB_ARM_STAGE = 1,	/* a stage of the trace (dtrace's BEGIN, END,
				 * ERROR): the glue fires BEGIN, the D
				 * runtime END and ERROR */
	PB_ARM_TICK,		/* a timer of pidtrace's: pr_sample (tick-N) */
	PB_ARM_SITE,		/* breakpoints at pr_sites (pid, usdt) */
	PB_ARM_SYSCALL,		/* syscall stops: pr_syscall (syscall) */
	PB_ARM_SAMPLE,		/* a timer sampling every thread: pr_sample
				 * (profile) */
} pb_armkind_t;

#define PB_ARM_NKINDS	(PB_ARM_SAMPLE + 1)

typedef struct pb_site {
	uint64_t st_addr;	/* run-time address to patch */
	uint64_t st_off;	/* offset in the function; arg0 of return */
	const char *st_slow;	/* why the site stops the thread, a static
				 * phrase: see pb_fastkind_t */
	uint8_t st_len;		/* length of the instruction there; 0 for
				 * entry sites (not decoded here) */
	uint8_t st_rskind;	/* return sites: pb_rskind_t; else 0 */
	uint8_t st_fast;	/* pb_fastkind_t: how the tracer's fast
				 * path may run the site; 0: it stops */
	uint8_t st_inline;	/* pid entry: where a copy the compiler
				 * inlined into another function starts
				 * (DWARF); no call happens there, so no
				 * argument is where the ABI puts it */
	uint8_t st_recgo;	/* the record holds Go's registers */
	/*
	 * PB_FAST_ENTRY, PB_FAST_RETURN: the argument words (bit N: argN,
	 * as dsl_rt_args_read counts them) that pv_args finds in the
	 * registers a trampoline's record holds (rdi, rsi, rdx, rcx, r8,
	 * r9 at an entry, rax at a return; with st_recgo, Go's rax, rbx,
	 * rcx, rdi, rsi, r8 at either).  A probe whose clauses read
	 * another word stops the thread, st_slow (if set) saying why.
	 */
	uint64_t st_recargs;
	/*
	 * With PB_FASTSITES (pid): the nearest addresses code may land on
	 * (brtarget.h: direct branch targets of the whole module, symbol
	 * starts) at or before st_addr and after it, run-time, at most
	 * PB_BRT_REACH away; a jump laid over [p0, end) is safe from them
	 * when st_tprev <= p0 and end <= st_tnext.  Both 0: unknown (the
	 * module could not be scanned, or PB_FASTSITES was not asked).
	 */
	uint64_t st_tprev;
	uint64_t st_tnext;
	/*
	 * st_inline with PB_FAST_ENTRY: the function the copy was inlined
	 * into, whose code a jump there covers, as
	 * [st_addr - st_inback, + st_insize), and its .cold part as
	 * [st_addr + st_incold, + st_incoldsize) (st_incoldsize 0: none).
	 * st_insize 0: not known for sure (its names disagree on its
	 * size, or name two .cold parts), and the site stays int3.
	 * Offsets, not addresses: four words more a site for every
	 * function of node is megabytes.
	 */
	uint32_t st_inback;
	uint32_t st_insize;
	int32_t st_incold;
	uint32_t st_incoldsize;
} pb_site_t;

/* PB_ARM_SYSCALL: syscall::read:entry is one probe on one number. */
typedef struct pb_arm_syscall {
	int32_t sc_nr;		/* x86-64 syscall number (orig_rax) */
	bool sc_return;		/* the exit stop, else the entry stop */
} pb_arm_syscall_t;

/* PB_ARM_SAMPLE: profile-97 samples every thread 97 times a second;
 * PB_ARM_TICK: tick-1s fires once a second. */
typedef struct pb_arm_sample {
	uint64_t sm_period_ns;	/* 1e9 / 97 for profile-97 */
} pb_arm_sample_t;

typedef struct pb_probe {
	char pr_provider[64];	/* "pid1234", "python1234", "syscall" */
	char *pr_mod;		/* module basename, "libc.so.6"; "" if none */
	char *pr_func;		/* demangled, or raw with PB_MANGLED */
	char *pr_sym;		/* raw symbol name; NULL if none */
	char *pr_name;		/* "entry", "return", an offset "1a" */
	char *pr_path;		/* file the probe was read from; or NULL */
	pb_kind_t pr_kind;
	pb_armkind_t pr_arm;	/* how it is armed: pr_sites, pr_syscall or
				 * pr_sample below, or none of them */
	uint64_t pr_faddr;	/* run-time start of the function */
	uint64_t pr_fsize;	/* its symbol size */
	uint64_t pr_cold;	/* run-time start of its .cold part, or 0 */
	uint64_t pr_coldsize;
	pb_site_t *pr_sites;	/* PB_ARM_SITE: ascending st_addr */
	size_t pr_nsites;	/* pid: 1 for entry (more with inlined
				 * copies) and offsets, >= 1 for return */
	size_t pr_ninline;	/* pid entry: how many of the sites are
				 * inlined copies (st_inline) */
	pb_arm_syscall_t pr_syscall;	/* PB_ARM_SYSCALL */
	pb_arm_sample_t pr_sample;	/* PB_ARM_SAMPLE, PB_ARM_TICK */
	uint64_t pr_data;	/* the provider's own word, handed back in
				 * pb_fireref_t (usdt: its argument spec's
				 * index in a table the provider keeps) */
	uint64_t pr_counter;	/* run-time address of a u16 the glue
				 * raises by one while the probe is enabled
				 * and lowers on every ending (usdt: the
				 * semaphore of an is-enabled probe); 0 if
				 * none.  Armed besides the sites. */
} pb_probe_t;			/* every pointer owned by the list */

typedef struct pb_refusal {
	const char *rf_probe;	/* the probe refused, a static string:
				 * "return", "offset", "entry", or ""
				 * for every kind the description asked
				 * for (an ifunc gets none) */
	char *rf_mod;		/* module basename */
	char *rf_func;		/* as pr_func would be */
	char rf_why[96];	/* "undecodable bytes at offset 0x1a" */
	uint8_t rf_lost;	/* its calls run and the probe would see
				 * them: lost data (not so for an ifunc's
				 * resolver, a PLT stub, a function that
				 * never returns) */
} pb_refusal_t;

typedef struct pb_probe_list {
	pb_probe_t *pl_probes;	/* in the order created */
	size_t pl_n;
	pb_refusal_t *pl_refused; /* functions matched without a probe
				   * they asked for, and why */
	size_t pl_nrefused;
	void *pl_index;		/* private to pid.c: finds duplicates;
				 * other providers leave it NULL */
	char **pl_notes;	/* lines the glue says, once, under -q too:
				 * what the probes may miss ("no debug
				 * info: inlined copies of square, if any,
				 * are not probed"); owned */
	size_t pl_nnotes;
} pb_probe_list_t;

#define PB_PROBE_LIST_INIT	{ NULL, 0, NULL, 0, NULL, NULL, 0 }

/* Frees every probe, refusal and pointer the list owns; leaves it
 * PB_PROBE_LIST_INIT. */
void
pb_probe_list_free(pb_probe_list_t *list);

/*
 * Probe i's names and sites freed once the glue has copied what it
 * keeps (it is left zeroed; pb_probe_list_free skips it): with a probe
 * on every function of node the list and the glue's copies side by side
 * were pidtrace's peak of memory.
 */
void
pb_probe_list_drop(pb_probe_list_t *list, size_t i);

/*
 * Probes 0 to n - 1, every one dropped, go out of RSS: the whole pages
 * of pl_probes they fill are given back (they read as zeroes, as a
 * dropped probe is).  For the glue, which drops them in order: every
 * function of node probed, the array is 15 MB beside the registry the
 * glue fills from it.
 */
void
pb_probe_list_release(pb_probe_list_t *list, size_t n);

/* One (site, probe) pair; see pb_probe_list_sites. */
typedef struct pb_siteref {
	uint64_t sr_addr;	/* run-time address */
	uint32_t sr_probe;	/* index in pl_probes */
	uint32_t sr_site;	/* index in that probe's pr_sites */
} pb_siteref_t;

/*
 * Every site of every probe in list, sorted by address (then probe
 * index): equal sr_addr entries are one breakpoint serving several
 * probes.  *refs is malloc'ed, the caller frees it.  Returns 0, or -1
 * with errno ENOMEM.
 */
int
pb_probe_list_sites(const pb_probe_list_t *list, pb_siteref_t **refs,
    size_t *nrefs);

/* A probe description's four fields, after $target substitution: globs,
 * "" matches everything. */
typedef struct pb_desc {
	const char *de_prov;
	const char *de_mod;
	const char *de_func;
	const char *de_name;
} pb_desc_t;

/* -- the firing path ---------------------------------------------------- */

/*
 * The registers of a firing: x86-64's user register set, as a ptrace
 * stop gives it or a trampoline records it.  At a site: before the
 * instruction there ran.  At a syscall stop: orig_rax is the number, rax
 * the return value at the exit stop.  At a sample: where the thread was.
 */
typedef struct user_regs_struct pb_regs_t;

/* Read len bytes of the tracee at addr: 0, or -1 with errno. */
typedef int (*pb_readmem_fn)(void *cookie, uint64_t addr, void *buf,
    size_t len);

/* One firing, as the glue hands it to a provider. */
typedef struct pb_fire {
	const pb_regs_t *fi_regs;
	pb_readmem_fn fi_read;	/* the tracee's memory */
	/* Where the thread goes once the site's instruction has run (a
	 * jcc's taken target or fall-through, a jmp's target); 0 if
	 * unknown.  Only for site probes that care (pid's return probes on
	 * a jcc or tail jmp); may read memory: call it only when needed.
	 * NULL when the glue cannot tell: the provider then fires. */
	uint64_t (*fi_nextpc)(void *cookie);
	void *fi_cookie;	/* for fi_read and fi_nextpc */
} pb_fire_t;

/*
 * What the firing path keeps of one (probe, site) pair: copied from the
 * probe at arming time by pb_fireref_init, so the probe list may be
 * freed.  Plain data: no pointer into a list.
 */
typedef struct pb_fireref {
	uint8_t fr_kind;	/* pr_kind */
	uint8_t fr_rskind;	/* the site's st_rskind; 0 if not a site */
	uint8_t fr_fast;	/* the site's st_fast; 0 if not a site */
	const char *fr_slow;	/* the site's st_slow: a static string */
	uint8_t fr_inline;	/* the site's st_inline; 0 if not a site */
	uint64_t fr_recargs;	/* the site's st_recargs; 0 if not a site */
	uint8_t fr_recgo;	/* the site's st_recgo; 0 if not a site */
	uint64_t fr_off;	/* the site's st_off; 0 if not a site */
	/* pr_faddr, pr_fsize, pr_cold, pr_coldsize; at an inlined copy
	 * (fr_inline), the function it lies in and its .cold part, from
	 * the site's st_inback, st_insize, st_incold and st_incoldsize */
	uint64_t fr_faddr;
	uint64_t fr_fsize;
	uint64_t fr_cold;
	uint64_t fr_coldsize;
	uint64_t fr_data;	/* pr_data */
	int32_t fr_sysnr;	/* pr_syscall.sc_nr */
	uint64_t fr_tprev;	/* the site's st_tprev; 0 if not a site */
	uint64_t fr_tnext;	/* the site's st_tnext; 0 if not a site */
} pb_fireref_t;

/* Fill fr from probe pr and its site index site (ignored unless
 * PB_ARM_SITE). */
void
pb_fireref_init(pb_fireref_t *fr, const pb_probe_t *pr, size_t site);

/* -- the interface -------------------------------------------------------- */

struct pb_dwfunc;
struct pb_argloc;

typedef struct pb_provider {
	const char *pv_name;	/* "pid", "usdt", "syscall", "profile" */

	/*
	 * Its probes in a process do not depend on what the process maps
	 * (syscall's, profile's): resolved again after a library came or
	 * went, or at the entry point of the image they were resolved in,
	 * they are the same, and the glue does not ask.
	 */
	bool pv_fixed;

	/*
	 * Whether the provider field prov (a glob, as the user wrote it
	 * after $target substitution) may name probes of this provider in
	 * process pid: pid answers for "pid<PID>", syscall for "syscall",
	 * usdt for the providers of pid's notes ("python*" ->
	 * python4242).  pid 0 is pidtrace's own scope: the probes of no
	 * process (dtrace's, tick-N) and, for listing, those the same in
	 * every process (syscall's, profile-N); pid and usdt say no (pid
	 * says yes to "pid0" alone, to refuse it with dtrace's error).  An
	 * empty field names every provider, as in dtrace
	 * (pb_prov_match), with one exception that is dtrace's too: pid
	 * probes are made only for a field that names pid (pid$target,
	 * pid4242, pid*, p*d4242), never for "" or "*" (dtrace's
	 * dt_setcontext makes them only for a provider ending in a
	 * digit); such a field
	 * still matches the pid probes that other descriptions made
	 * (cmd/trace/enable.c).  A yes only says pv_resolve is worth
	 * calling.  Not the firing path.
	 */
	bool (*pv_names)(const char *prov, pid_t pid);

	/*
	 * List and match: append to *out the probes of process pid that
	 * description d matches (d->de_prov filters the provider names
	 * when a provider has several).  tid is a live thread of pid, the
	 * one to read /proc through (the leader may be a zombie); probes
	 * are named after pid.  A probe already in *out is not added again,
	 * so the glue calls this again after each dlopen and exec (with
	 * PB_ZEROOK) and gets only the new probes.  Listing (-l) is a
	 * resolution of the description given.
	 *
	 * Returns the number of probes added (0 only with PB_ZEROOK, or
	 * from a provider whose probes are the same in every process,
	 * syscall: the command then says dtrace's "does not match any
	 * probes" with the description's place), or -1
	 * with a one-line message in err (no "pidtrace: " prefix, no
	 * newline: the glue adds the context); on error nothing is added.
	 * Everything appended is owned by *out (pb_probe_list_free).
	 * Allocates, reads files: never on the firing path.
	 */
	int (*pv_resolve)(pid_t pid, pid_t tid, const pb_desc_t *d,
	    int flags, pb_probe_list_t *out, char *err, size_t errlen);

	/*
	 * The firing path.  Compute the first arguments of a firing of fr
	 * into args[0..max): returns how many it set (the rest are read
	 * on demand through pv_getarg), or -1 when the probe does not
	 * fire after all (pid: a jcc return site whose jump stays in the
	 * function).  May call f->fi_read and f->fi_nextpc; must not
	 * allocate, print or keep f past the call.  NULL for a provider
	 * whose probes fire only in pidtrace's own context (dtrace): they
	 * have no arguments.
	 */
	int (*pv_args)(const pb_fireref_t *fr, const pb_fire_t *f,
	    uint64_t *args, size_t max);

	/*
	 * The firing path: argument i beyond those pv_args set (pid: the
	 * seventh on is on the stack).  0, or -1 if there is none (D reads
	 * 0).  NULL if the provider has no more.  Same rules as pv_args.
	 */
	int (*pv_getarg)(const pb_fireref_t *fr, const pb_fire_t *f, int i,
	    uint64_t *val);

	/* A tracee exec'd: drop cached state (symbol tables, notes) that
	 * the next images will not use again; optional. */
	void (*pv_flush)(void);

	/*
	 * Optional: the probes resolved so far are being armed.  Give back
	 * what only resolving them used, where keeping it costs more memory
	 * than making it again costs time (pid: a big module's landing
	 * addresses); a later resolve makes it again.
	 */
	void (*pv_trim)(void);

	/*
	 * Optional: the types of probe pr's arguments, named as dtrace -lv
	 * lists them ("const char *"): *types gets a malloc'ed array of n
	 * malloc'ed strings, types[i] being args[i]'s.  Returns n (0:
	 * untyped, *types NULL), or -1 with errno.  Call it on a probe just
	 * resolved, before the list is freed or the provider flushed.
	 * Listing time only (pid: reads DWARF); NULL: untyped.
	 */
	int (*pv_argtypes)(const pb_probe_t *pr, char ***types);

	/*
	 * The firing path: D's errno at this firing (syscall's return
	 * probes: the call's error, 0 on success).  NULL: errno is 0.
	 * Same rules as pv_args.
	 */
	int (*pv_errno)(const pb_fireref_t *fr, const pb_fire_t *f);

	/*
	 * Optional: the DWARF description of the function of probe pr,
	 * just resolved by this provider (probes/dwarf.h), for typing
	 * args[] while compiling.  1 and *out filled (pb_dwfunc_free), 0
	 * when there is none, -1 with errno ENOMEM.  Not the firing path.
	 */
	int (*pv_dwfunc)(const pb_probe_t *pr, struct pb_dwfunc *out);

	/*
	 * Optional, with pv_dwfunc: which argument word holds each of
	 * args[] of probe pr, whose function df describes, under its
	 * calling convention (probes/abi.h, pb_abi_args: a return probe's
	 * out[0] is the offset); fills out[0..max) and returns how many.
	 * NULL: the System V convention.  Not the firing path.
	 */
	size_t (*pv_arglocs)(const pb_probe_t *pr,
	    const struct pb_dwfunc *df, struct pb_argloc *out, size_t max);

	/*
	 * -l without a program lists every probe this provider resolves for
	 * "*:::" in each process, as dtrace -l -p lists a process's USDT
	 * probes.  False for pid (every function of every library).  In
	 * pidtrace's own scope every provider lists all it has.
	 */
	bool pv_listall;

	/*
	 * dtrace -lv's stability attributes of the probes and of their
	 * arguments: identifier names, data semantics, dependency class.
	 */
	const char *pv_attr[3];
} pb_provider_t;

/* The providers, each in its own file. */
extern const pb_provider_t pb_dtrace_provider;	/* probes/dtrace.c */
extern const pb_provider_t pb_pid_provider;	/* probes/pid.c */
extern const pb_provider_t pb_usdt_provider;	/* probes/usdt.c */
extern const pb_provider_t pb_syscall_provider;	/* probes/syscall.c */
extern const pb_provider_t pb_profile_provider;	/* probes/profile.c */

/* The table, NULL-terminated, in claiming order (provider.c). */
extern const pb_provider_t *const pb_providers[];

/*
 * Glob match of a provider field against a provider name, as DTrace's
 * gmatch: * ? [...] [!...] and \ escapes (fnmatch without flags).  ""
 * matches every name, as an empty field of a probe description does in
 * dtrace (::read:entry is syscall::read:entry and any other probe so
 * named).  For pv_names.
 */
bool
pb_prov_match(const char *prov, const char *name);

#endif /* PB_PROVIDER_H */
