/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * harness.h: one D program run two ways on the same firings, for
 * t/inproc/jit-test, fuzz/fuzz-jit and bench/jit.
 *
 * The reference is the interpreter: dsl_eval_fire on every firing, as
 * `-x fastpath=off` runs it.  The other runtime runs what the plan puts
 * in process as generated code, mapped executable here over a shared
 * area mapped here (this process plays the tracee: the code's memory
 * reads are process_vm_readv of our own pid), and the rest from the
 * firing's "record" with dsl_ip_fire_record, as pidtrace will.  The
 * trampoline is modelled by hr_enter: a context on our stack, the way
 * back in jc_link, a jmp in.
 *
 * Probes: 1 BEGIN, 2 END, 3 ERROR (dtrace's numbering), then
 * pid1:a.out:foo:entry (4), foo:return (5), bar:entry (6),
 * bar:return (7), each with a trampoline, and profile:::tick-1s (8),
 * which fires in pidtrace.
 */
#ifndef T_INPROC_HARNESS_H
#define T_INPROC_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dsl/dsl.h"
#include "dsl/inproc.h"

enum { HP_BEGIN = 1, HP_END, HP_ERROR, HP_FOO_ENTRY, HP_FOO_RETURN,
	HP_BAR_ENTRY, HP_BAR_RETURN, HP_TICK, HP_N = HP_TICK };

#define HR_PID		4242	/* D's pid */

/*
 * hr_loads: code made from now on reads memory by plain loads, as under
 * pidtrace, and a SIGSEGV or SIGBUS handler of ours plays pidtrace's
 * part: a fault at a load of the code's fixup table goes on at its
 * landing (hr_fixups counts them); any other fault is fatal.  Off: the
 * area's word stays 0 and the code reads by process_vm_readv.
 */
extern bool hr_loads;
extern unsigned long hr_fixups;
/* hr_memread: code made from now on reads as -x memread says
 * (inproc.h's DSL_MR_*; 0, the default, checks each page first) */
extern int hr_memread;

/*
 * hr_gate: code made from now on makes its system calls through a gate
 * (dsl_ip_gate), as pidtrace's code does, where the tracer's gate is
 * `syscall; jmp *DSL_JIT_GATE_BACK(%rsi)`, and the check's gate
 * `syscall; jmp *%r9` at DSL_JIT_GATE_R9; the harness's count the calls
 * made through them first (hr_gatecalls).
 */
extern bool hr_gate;
/*
 * hr_racegate: code made from now on goes through gates whose check's
 * gate makes the page it asked about PROT_NONE right after the kernel's
 * answer: the race of another thread unmapping it before the load.
 */
extern bool hr_racegate;
/* hr_mutegate: ... whose check's gate answers -ENOSYS, making no call */
extern bool hr_mutegate;
unsigned long hr_gatecalls(void);

typedef struct hr_firing {
	uint32_t	hf_probe;	/* HP_* */
	uint32_t	hf_key;		/* the thread (0: no TCB) */
	uint64_t	hf_tsc;
	uint64_t	hf_args[6];
} hr_firing_t;

typedef struct hr_side {
	dsl_rt_t	*hs_rt;
	FILE		*hs_out, *hs_err;
	char		*hs_obuf, *hs_ebuf;
	size_t		hs_olen, hs_elen;
} hr_side_t;

typedef struct hr {
	dsl_prog_t	*hr_pg;
	hr_side_t	hr_ref;		/* the interpreter */
	hr_side_t	hr_jit;		/* in-process code and records */
	dsl_ip_t	*hr_ip;
	void		*hr_area;
	size_t		hr_areasz;
	uint8_t		*hr_code;
	size_t		hr_codesz;
	uint32_t	hr_entry[HP_N + 1];
	bool		hr_inproc[HP_N + 1];
	char		hr_err[512];
} hr_t;

/*
 * Compile text (options in xopts, NULL-terminated) and set both sides
 * up; opts NULL: dsl_ip_opts_default's.  0, or -1 with hr_err set (a
 * program the compiler refuses, or code that cannot be made).
 */
int	hr_open(hr_t *, const char *text, const char *const *xopts,
	    const dsl_ip_opts_t *opts);
/* One firing on both sides; the jit side in the calling thread (it may
 * run in several threads at once for probes without record clauses). */
void	hr_fire(hr_t *, const hr_firing_t *);
void	hr_fire_ref(hr_t *, const hr_firing_t *);
void	hr_fire_jit(hr_t *, const hr_firing_t *);
/* Run probe's code for f and return the context (no record fired). */
void	hr_run(hr_t *, const hr_firing_t *, dsl_jctx_t *);
/* Jump into probe's code with jc as it is: what a trampoline does. */
void	hr_call(hr_t *, uint32_t probe, dsl_jctx_t *jc);
/* END on both sides, then their outputs are final. */
void	hr_end(hr_t *);
/* Whether both sides printed the same (stdout and stderr); if not,
 * both are written to where. */
bool	hr_same(hr_t *, FILE *where);
void	hr_close(hr_t *);

/* The timestamp of a tsc, as both sides see it. */
uint64_t hr_ns(const hr_t *, uint64_t tsc);

#endif /* T_INPROC_HARNESS_H */
