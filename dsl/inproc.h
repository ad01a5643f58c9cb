/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * inproc.h: D in the traced process, as the host sees it.  doc/INPROC.md
 * is the design; this is the contract.
 *
 * A clause that fits a subset of D (integer expressions over args,
 * timestamps, tid, pid, probe identity, this->/self->/global integers,
 * member reads, aggregations) runs as machine code in the traced thread,
 * entered from the trampoline after it took its timestamp; the others
 * run in pidtrace as today, from the firing's record or at a stop.
 * Everything the code touches lives in one shared area (in the memfd the
 * trampolines and the ring live in) that both the tracee and pidtrace
 * map: the globals, the self-> table (-x dynvarsize), one aggregation
 * buffer per thread (256 KB), written only by its thread, the clock
 * line and the drop counters.  pidtrace folds the buffers into the
 * runtime's aggregations before anything prints them.
 *
 * The life of it, for the host (the glue):
 *
 *	ip = dsl_ip_create(rt, &opts, err, len)	after the probes are
 *						registered and enabled
 *	dsl_plan(ip, kinds, n)			which enabling runs where
 *	size = dsl_ip_size(ip)			map that many bytes, zeroed,
 *						in the tracee and here
 *	dsl_ip_attach(ip, local, remote)	the runtime's globals move in
 *	dsl_jit_gen(ip, probes, n, &code)	code for those probes, copied
 *						into a trampoline chunk
 *	... firings: records go to dsl_ip_fire_record() ...
 *	dsl_ip_clock(ip, ...)			at each refit of the clock
 *	dsl_ip_thread_gone(ip, key)		at each thread's exit
 *	dsl_ip_end(ip)				an ending: the code stops
 *	dsl_ip_drops(ip, out, pid)		at each status report
 *	dsl_ip_detach(ip)			before the area goes away
 *	dsl_ip_destroy(ip)
 *
 * The runtime folds the buffers itself before printa(), clear(),
 * trunc() and END's printing; dsl_ip_fold() is for the host's own
 * readers (aggrate, metrics).  Nothing here calls into the tracer: the
 * host maps the area, copies the code and reads the records.  Not
 * thread-safe, as the runtime.
 */
#ifndef DSL_INPROC_H
#define DSL_INPROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "dsl/dsl.h"

typedef struct dsl_ip dsl_ip_t;

/*
 * The calling contract between a trampoline and the clause code of a
 * probe (one entry point per probe, all its in-process clauses in
 * program order):
 *
 *  - The trampoline has moved rsp past the red zone, saved the flags and
 *    every register the code may change: rax rcx rdx rsi r8 r9 r10 r11.
 *    It keeps rdi, which the code leaves as it found it.  No vector
 *    register, no rbx rbp r12-r15 (Go's r14), no stack below rsp: the
 *    code uses none.
 *  - It builds a dsl_jctx_t on the thread's stack (8-byte aligned),
 *    fills the "in" fields, stores the address to come back to in
 *    jc_link, puts the context's address in rdi and jumps (jmp, never
 *    call: no return address of ours on the program's stack) to the
 *    probe's entry.  The code comes back with `jmp *jc_link(%rdi)`.
 *  - jc_status then says whether the record block runs: DSL_JIT_RECORD
 *    (the probe has clauses that run from records, or a clause met a
 *    fault: the record carries jc_ev[0..jc_nev)); DSL_JIT_ALL as well
 *    when the thread has no key (the code ran nothing: pidtrace runs
 *    every clause from the record).
 *  - The code may make one system call, process_vm_readv on the
 *    process's own pid, to read memory for a member read or a capture:
 *    a bad address is an error D reports, never a fault in the process.
 *    It calls nothing else and jumps nowhere outside its own bytes.
 *  - It may load, without that call, bytes of the pages that hold the
 *    context and the DSL_JIT_FRAME bytes from it (the context and the
 *    ten words pushed above it): the trampoline wrote them in this
 *    firing and reads them again after the code (the status, the
 *    pops), so a load there faults only where the trampoline's own
 *    would.  An argument that points into the caller's frame, as a
 *    C++ reference to a local does, is often there.
 *
 * Captures: a clause that runs in pidtrace but reads the process's
 * memory (copyin, copyinstr, stringof, member reads) need not stop the
 * thread when its reads can be computed at the firing (dsl_plan says
 * which: dsl_plan_captured).  The probe's code then reads those bytes
 * into the thread's capture buffer in the area, and the record's event
 * DSL_JIT_CAPEV says where; dsl_ip_fire_record serves the runtime's
 * reads of those addresses from them.  One read captures at most the
 * runtime's scratch size (64 KB by default): a copyin() larger than
 * that fails on both paths alike, for want of scratch space.
 */
#define DSL_JIT_CAPEV	0xffu	/* je_flt of the capture event: je_val
				 * its start, je_node its bytes */
#define DSL_JIT_NEV	3	/* faults one firing can report: what a
				 * 128-byte record slot has room for */
#define DSL_JIT_NTHIS	8	/* this-> integer slots in the code */
#define DSL_JIT_NTMP	12	/* expression temporaries */
#define DSL_JIT_FRAME	496	/* the context, then the flags and nine
				 * registers the trampoline pushed */

#define DSL_JIT_RECORD	0x1
#define DSL_JIT_ALL	0x2

/* A fault met by in-process clause code, reported from the record. */
typedef struct dsl_jev {
	int32_t		je_node;	/* the node that faulted (its column) */
	uint16_t	je_act;		/* statement number, 0: the predicate */
	uint8_t		je_idx;		/* the enabling: index of the clause
					 * among the probe's */
	uint8_t		je_flt;		/* the fault (rt.h's FLT_*) */
	uint64_t	je_val;		/* the bad address, else 0 */
} dsl_jev_t;

typedef struct dsl_jctx {
	/* in: the trampoline's */
	uint64_t	jc_args[6];	/* arg0..arg5 as D sees them: entry
					 * rdi..r9; return offset, rax */
	uint64_t	jc_tsc;		/* rdtsc at the firing */
	uint32_t	jc_key;		/* the thread key (its tid, from
					 * the TCB or gettid), 0 when none */
	uint32_t	jc_status;	/* out: DSL_JIT_* */
	uint64_t	jc_link;	/* where the code jumps back to */
	/* out: faults, for the record */
	uint32_t	jc_nev;
	uint32_t	jc_act;		/* the code's: the statement running,
					 * where a fault's place needs it */
	dsl_jev_t	jc_ev[DSL_JIT_NEV];
	/* the code's own: nothing to fill */
	uint64_t	jc_ns;		/* timestamp (CLOCK_MONOTONIC ns) */
	int64_t		jc_this[DSL_JIT_NTHIS];
	uint64_t	jc_tmp[DSL_JIT_NTMP];
	uint64_t	jc_save[6];	/* registers around the syscall */
	uint64_t	jc_iov[6];	/* its local and remote iovecs */
	uint64_t	jc_buf;		/* the bytes it read */
	uint64_t	jc_cbuf;	/* the thread's capture buffer, 0 if
					 * none (inproc.h's captures) */
	uint64_t	jc_cpos;	/* where the next capture goes */
} dsl_jctx_t;

/* Where a probe's firings run, as the host arms it (dsl_plan). */
enum {
	DSL_PK_HOST,	/* fires in pidtrace: BEGIN, END, tick */
	DSL_PK_TRACEE,	/* a tracee probe run in pidtrace: from a record
			 * or at a stop (int3, syscall, usdt...) */
	DSL_PK_FAST,	/* a tracee probe whose trampoline can run clause
			 * code (and record) */
};

/*
 * How clause code reads the process's memory outside the firing's own
 * frame (doc/INPROC.md, "Memory reads"), each falling back to
 * process_vm_readv while the area's load word is 0:
 * DSL_MR_CHECK: loads, each page asked of the kernel first (a system
 * call that copies from it and changes nothing): a page it refuses is
 * never loaded, so only a page unmapped by another thread between the
 * question and the load can fault, and the tracer fixes that up;
 * DSL_MR_LOAD: loads, every fault fixed up by the tracer;
 * DSL_MR_SYSCALL: process_vm_readv only.
 */
enum { DSL_MR_CHECK, DSL_MR_LOAD, DSL_MR_SYSCALL };

/* Where an enabling (a clause on a probe) runs. */
enum { DSL_PATH_HOST, DSL_PATH_PIDTRACE, DSL_PATH_INPROC };

typedef struct dsl_ip_opts {
	uint64_t	io_dynvarsize;	/* bytes of the self-> table */
	uint64_t	io_aggsize;	/* bytes of each thread's buffer */
	uint32_t	io_nabuf;	/* buffers: threads aggregating */
	int32_t		io_pid;		/* D's pid (the ctx's cx_pid) */
	int32_t		io_nspid;	/* the pid in the process's own
					 * namespace (NSpid's last), for
					 * process_vm_readv */
	int		io_memread;	/* DSL_MR_*: how the code reads
					 * the process (-x memread) */
	uint64_t	io_gate;	/* the system calls' gate, 0 for
					 * none (dsl_ip_gate) */
	uint64_t	io_growlo;	/* [io_growlo, io_growhi): where
					 * the main stack grows (a load or
					 * the check there would grow it):
					 * read by process_vm_readv */
	uint64_t	io_growhi;
} dsl_ip_opts_t;

/* opts from the program's options: dynvarsize (default 1m, as dtrace);
 * aggsize 256k a thread (-x aggsize keeps aggregations in pidtrace),
 * and nabuf 64; the pids are 0. */
void		dsl_ip_opts_default(const dsl_prog_t *, dsl_ip_opts_t *);

/* NULL with a message in err when out of memory or the options are
 * unusable (a size too small for one thread). */
dsl_ip_t	*dsl_ip_create(dsl_rt_t *, const dsl_ip_opts_t *, char *err,
		    size_t errlen);
/* Detaches first if attached. */
void		dsl_ip_destroy(dsl_ip_t *);

/*
 * Decide where each enabling runs.  kinds[id - 1] is probe id's
 * DSL_PK_*; the runtime's ERROR probe counts as DSL_PK_TRACEE whatever
 * it says (ERROR fires when pidtrace reports a fault).  A clause runs in
 * process only if it fits the subset on a DSL_PK_FAST probe, and no
 * variable it touches is also touched by a clause pidtrace runs for the
 * tracee (one of them writing), no aggregation it updates is printed or
 * cleared by one, and no such clause calls exit(): those would see the
 * other's effects out of order.  Call again after probes are added
 * (dlopen); code already generated keeps the old plan's paths only if
 * they did not change (dsl_plan returns 1 when one did: the host
 * regenerates every probe's code).  0, 1, or -1 when out of memory.
 */
int		dsl_plan(dsl_ip_t *, const uint8_t *kinds, uint32_t n);
/* The path of enabling i of probe id and, when it is not the fastest
 * its probe allows, why ("printf() records data", "self->ts is also
 * used by clause 3 at put.d:12, which runs in pidtrace"); NULL else.
 * For -l -v and the notice. */
int		dsl_plan_path(const dsl_ip_t *, uint32_t id, uint32_t i,
		    const char **why);
/*
 * dsl_rt_needs_stop leaves out the enablings the plan runs in process:
 * their memory reads are the code's, made in the thread.
 */

/* How many enablings probe id has (its clauses, in program order), and
 * where enabling i's clause is, for -l -v: "the clause of
 * pid$target::f:entry at line 3". */
uint32_t	dsl_plan_nclauses(const dsl_ip_t *, uint32_t id);
void		dsl_plan_where(const dsl_ip_t *, uint32_t id, uint32_t i,
		    char *buf, size_t len);

/* Whether probe id has clauses in process / in pidtrace. */
bool		dsl_plan_inproc(const dsl_ip_t *, uint32_t id);
bool		dsl_plan_records(const dsl_ip_t *, uint32_t id);
/* Whether enabling i of probe id runs in pidtrace from the record with
 * the bytes it reads captured at the firing; when it reads memory and
 * cannot, why not (NULL when it reads none). */
bool		dsl_plan_captured(const dsl_ip_t *, uint32_t id, uint32_t i,
		    const char **why);
/* Whether probe id gets code (dsl_jit_gen): clauses in process, or
 * captures. */
bool		dsl_plan_code(const dsl_ip_t *, uint32_t id);

/* Bytes of the shared area (a multiple of 4096). */
size_t		dsl_ip_size(const dsl_ip_t *);
/*
 * The area is mapped, zeroed, at local here and at remote in the tracee.
 * Sets it up and moves the runtime's global integers into it, so that
 * BEGIN, tick and END clauses see and make what the clause code does.
 * 0, or -1 if already attached.
 */
int		dsl_ip_attach(dsl_ip_t *, void *local, uint64_t remote);
/* Fold, then move the globals back into the runtime: call before the
 * area is unmapped (every thread stopped). */
void		dsl_ip_detach(dsl_ip_t *);

/*
 * Optional, after dsl_ip_attach: whether any of the len bytes at p in
 * the area was ever written (fn false: a hole, zeros, never touched by
 * the process).  Folds and drop counts then skip the aggregation
 * buffers no thread took without reading them: pidtrace's mapping of
 * the area faults in no page the process never wrote (a read fault on
 * a hole of a shared mapping allocates a page: 64 buffers cost 0.3 ms
 * at every end).  Cleared by dsl_ip_detach.
 */
void		dsl_ip_written(dsl_ip_t *, bool (*fn)(void *arg, const void *p,
		    size_t len), void *arg);

/* Generated code: bytes to copy into the tracee (position-independent
 * but for the area's address), and each probe's entry offset. */
typedef struct dsl_jit_code {
	uint8_t		*ic_bytes;
	size_t		ic_len;
	uint32_t	*ic_entry;	/* [i]: probes[i]'s entry */
	uint32_t	*ic_fix;	/* the loads that may fault: pairs of
					 * offsets, the load then its
					 * landing */
	size_t		ic_nfix;	/* pairs */
} dsl_jit_code_t;

/*
 * Memory reads outside the firing's frame are plain loads while the
 * area's 8-byte word at this offset is not 0, else process_vm_readv.
 * The host sets it only where a fault of a load listed in ic_fix is
 * never delivered: the thread goes on at the load's landing, which
 * reports D's invalid address as a failed process_vm_readv does.
 */
size_t		dsl_ip_loads_off(void);
/* After this many faults fixed up, the code reads by process_vm_readv:
 * each fault is a stop of the thread. */
#define DSL_IP_MAXFAULTS	256

/*
 * Where the code's system calls are made (process_vm_readv): 0 (the
 * default), a `syscall` in the code itself; else the address of a gate
 * in the tracee,
 *
 *	syscall
 *	jmp *DSL_JIT_GATE_BACK(%rsi)
 *
 * which the code enters with a jump, rsi its local iovec (jc_iov) and
 * the way back in jc_buf.  Syscall user dispatch lets calls through from
 * one range of addresses only, and the code may lie outside it: made
 * there, each call would stop the thread.  Applies to code made after.
 */
#define DSL_JIT_GATE_BACK	48
/*
 * The readability check's gate, at gate + DSL_JIT_GATE_R9:
 *
 *	syscall
 *	jmp *%r9
 *
 * rt_sigprocmask's second argument is the address asked about, so the
 * way back is in r9, which the kernel keeps and that call does not take.
 */
#define DSL_JIT_GATE_R9		8
void		dsl_ip_gate(dsl_ip_t *, uint64_t gate);

/*
 * Code for probes[0..n-1] (each with in-process clauses), after attach.
 * 0, or -1 with a message in err.  The caller frees with
 * dsl_jit_code_free.
 */
int		dsl_jit_gen(dsl_ip_t *, const uint32_t *probes, size_t n,
		    dsl_jit_code_t *out, char *err, size_t errlen);
void		dsl_jit_code_free(dsl_jit_code_t *);

/*
 * A record of probe id from a trampoline that ran clause code: fire
 * the clauses that run in pidtrace, and report the faults the code met
 * (ev[0..nev)) at their clause's place; all (DSL_JIT_ALL): every clause.
 * As dsl_eval_fire otherwise.
 */
int		dsl_ip_fire_record(dsl_ip_t *, uint32_t id,
		    const dsl_ctx_t *ctx, const dsl_jev_t *ev, size_t nev,
		    bool all);

/*
 * The clock line the code turns rdtsc into timestamp with:
 * ns = ns0 + (tsc - tsc0) * mult / 2^32, walltimestamp = ns + walloff.
 * pidtrace sets it at each refit (a seqlock: the code retries a torn
 * read, a few times at most); dsl_ip_clock_ns is the same sum in C, for
 * records.
 */
void		dsl_ip_clock(dsl_ip_t *, uint64_t tsc0, uint64_t ns0,
		    int64_t mult, int64_t walloff);
uint64_t	dsl_ip_clock_ns(const dsl_ip_t *, uint64_t tsc);
/* walltimestamp of a firing at tsc: a record's cx_walltimestamp. */
uint64_t	dsl_ip_clock_wall(const dsl_ip_t *, uint64_t tsc);

/* Fold every thread's aggregation buffer into the runtime's. */
void		dsl_ip_fold(dsl_ip_t *);
/* Thread key exited: fold its buffer, free its self-> entry and its
 * buffer for another thread. */
void		dsl_ip_thread_gone(dsl_ip_t *, uint32_t key);
/* A vfork child borrows its parent's key until it execs or exits: the
 * code does nothing for that key meanwhile (as records of it are
 * dropped).  -1 when too many are muted at once. */
int		dsl_ip_mute(dsl_ip_t *, uint32_t key, bool on);
/* The end: from now on the code does nothing and asks no record.  The
 * runtime calls it when exit() runs; the host at its other endings. */
void		dsl_ip_end(dsl_ip_t *);
/* Drops since the last call, as dtrace words them and as the runtime
 * words its own (dsl_rt_drop_line), one line each on out: "pidtrace: N
 * dynamic variable drops", "pidtrace: N aggregation drops"; captures
 * lost as the ring's records are, "pidtrace: N drops in pid P"; and
 * reads that took the slower path because the kernel gave the
 * readability check no answer, "pidtrace: N memory reads in pid P went
 * to process_vm_readv: ...".  Returns how many lines. */
int		dsl_ip_drops(dsl_ip_t *, FILE *out, int32_t pid);

/* For tests: self->'s integer slot of thread key, as the code stored
 * it (0 when the thread has no entry). */
int64_t		dsl_ip_self(const dsl_ip_t *, uint32_t key, uint32_t slot);

#endif /* DSL_INPROC_H */
