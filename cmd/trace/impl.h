/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/impl.h: the glue's insides, shared by its files (run.c says
 * which file holds which stage).  The state is cut in four: the options
 * (read once), a scope's registry of probes, a scope's arming, and the
 * process around a scope; a firing's state lives in trace_firing_t, the
 * cookie of the D host hooks.  Only cmd/trace/ and its tests include
 * this.
 */
#ifndef PIDTRACE_TRACE_IMPL_H
#define PIDTRACE_TRACE_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "cmd/trace/addrsym.h"
#include "cmd/trace/trace.h"
#include "dsl/dsl.h"
#include "dsl/inproc.h"
#include "probes/modules.h"
#include "probes/provider.h"
#include "probes/rtld.h"
#include "tracer/tracer.h"

typedef struct trace_proc trace_proc_t;
typedef struct trace_scope trace_scope_t;

/* -- an index: open addressing, key hash -> entry index (index.c) ---- */

typedef struct trace_index {
	uint32_t	*ix_slots;	/* entry index + 1; 0: free */
	size_t		ix_size;	/* a power of two, or 0 */
} trace_index_t;

/* Whether entry i of arg's table has the key looked for. */
typedef bool	trace_index_eq_fn(const void *arg, size_t i);
/* The hash of entry i's key. */
typedef uint64_t trace_index_hash_fn(const void *arg, size_t i);

/* The entry whose key hashes to h and that eq accepts, or -1. */
long	trace_index_find(const trace_index_t *ix, uint64_t h,
	    trace_index_eq_fn *eq, const void *arg);
/* Index entry i (entries 0..i-1 are in already), growing the index when
 * it is half full.  0, or -1 when out of memory. */
int	trace_index_add(trace_index_t *ix, uint64_t h, size_t i,
	    trace_index_hash_fn *hash, const void *arg);
void	trace_index_clear(trace_index_t *ix);
void	trace_index_free(trace_index_t *ix);

/* -- the options (read once: trace_configure) ------------------------- */

typedef struct trace_opts {
	int		op_flags;	/* PB_MANGLED */
	bool		op_zdefs;	/* -Z */
	bool		op_list;	/* -l */
	bool		op_verbose;	/* -l -v */
	bool		op_paths;	/* -v without -l: the sites per path
					 * at the end (report.c) */
	bool		op_quiet;	/* -q, -x quiet: no informing notices */
	bool		op_errtags;	/* -x errtags: dtrace's tags kept */
	bool		op_fastoff;	/* -x fastpath=off */
	bool		op_fastreq;	/* -x fastpath=require */
	bool		op_fastrec;	/* -x fastpath=record: no clause runs
					 * in the process (inproc.c) */
	size_t		op_bufsize;	/* -x bufsize, bytes; 0: the default */
	bool		op_follow;	/* -x follow: fork, vfork children and
					 * what they exec are traced too */
	size_t		op_ring;	/* each process's ring, as configured */
	int		op_cpupin;	/* -x cpupin: a CPU, INT_MAX: the
					 * target's; -1: off */
} trace_opts_t;

/* -- the registry of a scope (reg.c) ------------------------------------ */

/* A probe registered with the D runtime, known by its four-part name. */
typedef struct trace_probe {
	char		*tp_name;	/* "pid42:libc.so.6:malloc:entry" */
	/* its parts, the runtime's (dsl_rt_probe_names): as long as it */
	const char	*tp_prov, *tp_mod, *tp_func, *tp_pname;
	const pb_provider_t *tp_pv;	/* its provider (-l -v attributes) */
	char		**tp_argtypes;	/* -l -v: args[i]'s types */
	int		tp_nargtypes;
	uint32_t	tp_id;		/* D probe id */
	bool		tp_listed;	/* -l lists it */
	size_t		*tp_descs;	/* descriptions enabled on it */
	size_t		tp_ndescs;
	size_t		tp_ninline;	/* sites at inlined copies of its
					 * function (pr_ninline) */
	bool		tp_argsaid;	/* "arguments read 0" was said */
} trace_probe_t;

/* A description that a provider claimed in a process. */
typedef struct trace_claim {
	size_t		cl_desc;
	const pb_provider_t *cl_pv;
	long		cl_matched;	/* probes it matches in this image */
} trace_claim_t;

typedef struct trace_reg {
	trace_probe_t	*rg_probes;	/* every probe registered */
	size_t		rg_nprobes, rg_cap;
	trace_index_t	rg_byname;
	trace_claim_t	*rg_claims;
	size_t		rg_nclaims;
	size_t		*rg_pending;	/* -Z: descriptions no provider names
					 * yet (a library not loaded) */
	size_t		rg_npending;
	size_t		*rg_refused;	/* descriptions that named functions
					 * refused a probe (tm_refused) */
	size_t		rg_nrefused;
	long		*rg_extra;	/* [d]: probes description d was
					 * enabled on only because they
					 * existed (match_made) */
	size_t		rg_nextra;
} trace_reg_t;

/* -- the arming of a scope (arm.c) ------------------------------------ */

/* One probe at one arming point: what its firing needs. */
typedef struct trace_ref {
	uint32_t	tf_id;		/* D probe id */
	const pb_provider_t *tf_prov;	/* reads the firing's arguments */
	pb_fireref_t	tf_fr;		/* what it needs of probe and site */
	size_t		tf_probe;	/* index in the scope's registry */
} trace_ref_t;

/* A patched site; its index in am_sites is its tracer cookie. */
typedef struct trace_site {
	uint64_t	ts_addr;
	trace_ref_t	*ts_refs;	/* the probes it serves */
	size_t		ts_nrefs;
	bool		ts_armed;
	bool		ts_told;	/* in a fast-path report already */
	const char	*ts_slow;	/* why the fast path was not asked
					 * for it (report.c); NULL */
	const char	*ts_slowarg;	/* and the clause's reason */
	bool		ts_fastq;	/* fast asked for, or ts_slow said */
	bool		ts_wasfast;	/* ran fast once (report.c) */
	const char	*ts_fail;	/* why it could not be patched, or
					 * NULL once said */
	bool		ts_failed;	/* it could not be */
	const char	*ts_why;	/* why the tracer kept it int3 */
	bool		ts_ctx;		/* asked with a context block: it may
					 * run clause code (inproc.c) */
} trace_site_t;

/*
 * A counter a probe asks to have raised while enabled (pr_counter: a
 * USDT semaphore), once per probe: two probes sharing a semaphore raise
 * it twice, as each has a reader.  The tracer lowers it on every ending.
 */
typedef struct trace_ctr {
	uint64_t	tc_addr;
	uint64_t	tc_site;	/* the probe's site: gone with its
					 * object at dlclose */
	size_t		tc_probe;	/* index in the registry */
	bool		tc_raised;
} trace_ctr_t;

/*
 * A probe fired by a clock: a sample of a process's threads on CPU
 * (profile-N), or a tick in pidtrace's own scope (tick-N, and profile-N
 * with no process).
 */
typedef struct trace_timer {
	trace_ref_t	tm_ref;
	uint64_t	tm_period;	/* ns */
	uint64_t	tm_next;	/* CLOCK_MONOTONIC ns; 0: not started */
} trace_timer_t;

typedef struct trace_arm {
	trace_site_t	*am_sites;
	size_t		am_nsites, am_cap;
	trace_index_t	am_byaddr;
	trace_ctr_t	*am_ctrs;
	size_t		am_nctrs;
	trace_ref_t	*am_sysref;	/* [2 * nr + return]; tf_id 0 where
					 * none is enabled */
	size_t		am_nsysref;
	trace_timer_t	*am_timers;
	size_t		am_ntimers;
	pb_rtld_t	am_rtld;	/* the loader's r_brk, if any */
	bool		am_rtld_ok;
} trace_arm_t;

/* The tracer cookie of the loader's r_brk (site cookies are indices). */
#define RTLD_COOKIE	UINT32_MAX

/* -- scopes and processes ----------------------------------------------- */

/*
 * Where probes live: a process, or pidtrace's own scope (pid 0: dtrace's
 * probes, ticks; provider.h).
 */
struct trace_scope {
	struct trace	*sc_tr;
	trace_proc_t	*sc_proc;	/* NULL: pidtrace's own */
	pid_t		sc_pid;		/* 0: pidtrace's own */
	trace_reg_t	sc_reg;
	trace_arm_t	sc_arm;
};

/* A process grabbed (-p, -c): proc.c. */
struct trace_proc {
	trace_scope_t	p_sc;
	tr_session_t	*volatile p_s;	/* NULL once released */
	pid_t		p_pid;
	bool		p_launched;
	bool		p_script;	/* -c of a #! script (see
					 * trace_proc_deferred) */
	bool		p_early;	/* -c with syscall probes: traced
					 * from the exec, its other probes
					 * resolved at the entry point */
	bool		p_child;	/* -x follow: a child of a process
					 * traced, adopted in the loop */
	tr_handlers_t	p_h;		/* a child's handlers */
	bool		p_dwentry;	/* run to the entry point early by
					 * trace_dwtypes */
	pid_t		p_ppid;
	uid_t		p_uid;
	gid_t		p_gid;
	char		p_comm[256];
	int		p_status;	/* the process's, when gone */
	bool		p_gone;
	bool		p_armed;	/* h_ready armed it once */
	int		p_cpupin;	/* as op_cpupin; -1 once done */
	bool		p_fastsaid;	/* the first fast-path report made */
	bool		p_syssaid;	/* the image's syscall paths said (-v) */
	bool		p_whysaid;	/* tr_fast_why() was said */
	bool		p_fastpend;	/* sites asked for, not reported yet */
	bool		p_refused;	/* fastpath=require refused a probe */
	char		*p_report;	/* the last fast-path report */
	trace_addrsym_t	*p_syms;	/* for %a, %A and stacks */
	/* the modules read for a syscall site's bounds (h_sysfunc), for
	 * its landing addresses next (h_syslandings), every thread
	 * stopped meanwhile: read once a patch */
	pb_modlist_t	p_sysml;
	uint64_t	p_sysml_at;	/* that site; 0: p_sysml unused */
	trace_proc_t	*p_next;	/* the next grabbed */
};

struct trace {
	const pb_provider_t *const *tr_provs;
	FILE		*tr_notices;
	trace_opts_t	tr_opts;
	const dsl_prog_t *tr_pg;
	dsl_rt_t	*tr_rt;
	FILE		*tr_out;	/* the D output: flushed per firing */
	trace_scope_t	tr_own;		/* pidtrace's own scope */
	trace_proc_t	*tr_procs;	/* in grab order: the first is
					 * $target */
	bool		tr_exited;	/* exit() ran */
	bool		tr_signalled;	/* SIGINT & co */
	bool		tr_begun;	/* BEGIN has fired */
	bool		tr_nomatch;	/* ended: a #! script's program
					 * matched nothing (tr_nmdesc) */
	size_t		tr_nmdesc;
	char		tr_nmerr[600];
	uint64_t	(*tr_timed)(void *, uint64_t);
	void		*tr_timedarg;
	dsl_ip_t	*tr_ip;		/* D in the traced process (inproc.c),
					 * NULL when every clause runs here */
	trace_proc_t	*tr_ipproc;	/* the process it runs in */
	uint8_t		*tr_kinds;	/* [id - 1]: DSL_PK_*, the last plan's */
	uint32_t	tr_nkinds;
	bool		tr_ipattached;	/* its area is attached */
	uint64_t	*tr_ipentry;	/* [id]: its code's entry in the
					 * attached area, 0: none; NULL: none
					 * made since the area was attached */
	uint32_t	tr_nipentry;	/* ids tr_ipentry holds, + 1 */
	bool		tr_ipregen;	/* a plan changed a path since the
					 * code was made: make it all again */
	bool		tr_iploads;	/* its code loads (fixed up) */
	bool		tr_iploadwarn;	/* loads could not be on: said */
	const char	*tr_ipwhy;	/* why no clause runs in a process
					 * (-l says it), or NULL */
};

/*
 * One firing, however it came (a site's stop, a trampoline's record, a
 * sample, a syscall stop, a clock): the cookie of the D host hooks while
 * its clauses run.  NULL as a cookie is a firing of pidtrace's own
 * (BEGIN, END, a tick): no process, no thread.  firing_init (fire.c)
 * sets each field, with no memset: a new field is set there too.
 */
typedef struct trace_firing {
	trace_proc_t	*fg_proc;
	tr_session_t	*fg_s;
	tr_thread_t	*fg_th;		/* stopped: ustack() may walk it;
					 * NULL for a record */
	pid_t		fg_tid;
	uint64_t	fg_addr;	/* the site hit, for fi_nextpc */
	pid_t		fg_pid;		/* a vfork child's own pid (D's
					 * pid), its parent's ppid; 0: the
					 * process's */
	bool		fg_partregs;	/* fi_regs are a syscall stop's few:
					 * ustack() reads them all */
	uint64_t	fg_ns;		/* the thread's own timestamp; 0:
					 * read at the firing */
	uint32_t	fg_maxargs;	/* arguments there are: DSL_NARGS, 6
					 * for a record (dsl_rt_needs_stop) */
	bool		fg_flush;	/* flush the output after (a record's
					 * is flushed once drained) */
	pb_fire_t	fg_fire;	/* registers, reader; cookie: this */
	const trace_ref_t *fg_ref;	/* the probe firing now, for getarg */
	uint64_t	fg_nextpc;	/* fi_nextpc's answer, once asked */
	bool		fg_have_next;
	bool		fg_code;	/* a record after clause code ran: */
	bool		fg_all;		/* it ran nothing (DSL_JIT_ALL) */
	const dsl_jev_t	*fg_ev;		/* its faults, to report */
	uint32_t	fg_nev;
} trace_firing_t;

/* -- across files --------------------------------------------------------- */

/* A notice, "pidtrace: " and one line (trace.h). */
/* Whether a SIGINT, SIGTERM, SIGHUP or SIGPIPE asked for the end. */
bool	trace_run_interrupted(void);
void	trace_notice(const trace_t *tr, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* A provider's error: its leading "[D_TAG] " dropped unless -x errtags. */
void	trace_errtag(const trace_t *tr, char *err);

/* proc.c */
pid_t	trace_proc_tid(const trace_proc_t *p);
int	trace_proc_read(void *proc, uint64_t addr, void *buf, size_t len);
int	trace_proc_read_user(void *proc, uint64_t addr, void *buf,
	    size_t len);
trace_addrsym_t *trace_proc_syms(trace_proc_t *p);
void	trace_proc_ids(trace_proc_t *p);
/* A -c command held at its exec event: on to its entry point (-1, err). */
int	trace_proc_entry(trace_proc_t *p, char *err, size_t errlen);
/* -x follow: child, adopted from parent's session, as a process of tr's. */
trace_proc_t *trace_proc_adopt(trace_t *tr, trace_proc_t *parent,
	    tr_session_t *child);
/* Claim every description for a process that came after trace_enable. */
void	trace_enable_child(trace_proc_t *p);
void	trace_proc_pin(trace_proc_t *p, pid_t tid);
void	trace_proc_release(trace_proc_t *p);
void	trace_proc_free(trace_proc_t *p);
/* p_sysml freed, unused */
void	trace_proc_sysml_drop(trace_proc_t *p);

/* enable.c */
void	trace_enable_scope(trace_scope_t *sc, trace_t *tr, trace_proc_t *p);
void	trace_enable_refresh(trace_scope_t *sc, bool mapped);
void	trace_enable_exec_notice(trace_scope_t *sc);
void	trace_enable_unmatched(trace_scope_t *sc);
bool	trace_enable_hopeless(trace_scope_t *sc);
bool	trace_enable_early_unmatched(trace_scope_t *sc);

/* reg.c */
long	trace_reg_get(trace_scope_t *sc, const pb_provider_t *pv,
	    const pb_probe_t *pr);
int	trace_reg_enable(trace_scope_t *sc, size_t i, size_t d);
uint32_t trace_reg_shared(const trace_scope_t *sc, const char *name,
	    bool before);
bool	trace_reg_enabled(const trace_reg_t *rg, size_t d);
void	trace_reg_free(trace_reg_t *rg);

/* arm.c: whether a scope arms a probe (trace_arm_accepts) */
enum {
	ARM_NEVER,		/* no scope can: an error */
	ARM_NOT,		/* not this one: skip it */
	ARM_YES,
	ARM_LIST,		/* only listed (-l with no process) */
	ARM_ELSEWHERE,		/* it would fire in a traced process */
};
int	trace_arm_accepts(const trace_scope_t *sc, const pb_probe_t *pr);
int	trace_arm_add(trace_scope_t *sc, const pb_probe_t *pr, size_t idx);
void	trace_arm_all(trace_scope_t *sc, tr_session_t *s, bool stopped);
void	trace_arm_start(trace_scope_t *sc, tr_session_t *s);
void	trace_arm_unmapped(trace_scope_t *sc, tr_session_t *s);
void	trace_arm_exec(trace_scope_t *sc);
void	trace_arm_free(trace_arm_t *am);

/* fire.c */
int	trace_fire(trace_firing_t *fg, const trace_ref_t *refs, size_t nrefs);
int	trace_fire_self(trace_t *tr, uint32_t id);
void	trace_fire_handlers(tr_handlers_t *h);

/* report.c */
/* Arming's progress lines (trace_report_progress). */
typedef struct trace_progress {
	uint64_t	ap_t0, ap_next;
	size_t		ap_total;
	unsigned	ap_slow;	/* us a site, for the tests */
} trace_progress_t;

void	trace_report_progress_start(trace_progress_t *ap, size_t total);
void	trace_report_progress(const trace_scope_t *sc, trace_progress_t *ap,
	    size_t done);
void	trace_report_unpatched(trace_scope_t *sc, size_t from);
void	trace_report_sysstop(trace_proc_t *p, tr_session_t *s,
	    tr_thread_t *th, const char *probe, uint64_t pc);
void	trace_report_fast(trace_proc_t *p, tr_session_t *s);
void	trace_report_paths(trace_proc_t *p, tr_session_t *s);
void	trace_report_fault(trace_proc_t *p, tr_session_t *s, int sig);

/* inproc.c */
void	trace_inproc_new(trace_t *tr);
void	trace_inproc_free(trace_t *tr);
void	trace_inproc_prospect(trace_scope_t *sc);
void	trace_inproc_armed(trace_proc_t *p, tr_session_t *s);
void	trace_inproc_start(trace_t *tr);
void	trace_inproc_event(trace_proc_t *p, tr_session_t *s, int ev,
	    pid_t tid, uint32_t key);
void	trace_inproc_gone(trace_t *tr, pid_t tid);
void	trace_inproc_drops(trace_t *tr);
void	trace_inproc_path(const trace_scope_t *sc, size_t tp, uint32_t i,
	    char *buf, size_t len);
void	trace_inproc_list(trace_t *tr);
void	trace_inproc_sysreport(trace_proc_t *p);

/* run.c: the loader's r_brk, which fire.c's on_hit hands on */
void	trace_run_rtld(trace_proc_t *p, tr_session_t *s);

#endif /* PIDTRACE_TRACE_IMPL_H */
