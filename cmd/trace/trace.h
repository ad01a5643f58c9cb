/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/trace.h: the glue between the stages, as a library
 * (libtrace.a): the processes traced (-p, -c), their probes resolved by
 * the providers of probes/provider.h, registered with the D runtime and
 * armed through the tracer; each firing becomes a dsl_eval_fire().  run.c
 * walks through the files and stages.  Every name says its file
 * (doc/STYLE.md): trace_proc_grab is proc.c's, trace_new trace.c's.
 *
 * Errors: functions that can fail return -1 with one line in err (no
 * "pidtrace: " prefix, no newline); nothing here calls exit().  Notices
 * that do not stop the trace (a refused return probe, a process that
 * exited, drops) go to the notices stream given to trace_new, one line
 * each, "pidtrace: ..."; -q hides those that only inform, never those
 * that say a probe or data was lost.
 *
 * The order of calls: trace_new, trace_proc_grab for each -p and -c (in
 * command-line order), the compiler (trace_dwtypes), trace_configure,
 * trace_proc_launched, trace_host, trace_enable, then trace_list or
 * trace_run, then trace_free.  One thread.
 */
#ifndef PIDTRACE_TRACE_H
#define PIDTRACE_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "dsl/dsl.h"
#include "probes/provider.h"

typedef struct trace trace_t;

/*
 * A trace over the providers provs (NULL-terminated: pb_providers, or a
 * test's own), its notices written to notices.  NULL when out of memory.
 */
trace_t	*trace_new(const pb_provider_t *const *provs, FILE *notices);

/*
 * Release every process still held (one we launched is killed, as
 * dtrace's are; the others are detached untouched) and free everything.
 */
void	trace_free(trace_t *);

/*
 * Grab a process: attach to pid, or launch command (split on blanks, as
 * dtrace -c does) and hold it at its exec event (trace_proc_launched
 * decides where it starts); every thread is stopped when this returns.
 * A pid given twice is grabbed once (a thread id names its process).
 * -1 on failure: err says why, or is "" when the tracer's message says
 * it (tr_errmsg, tr_errhint); the processes grabbed before are still
 * held (trace_free lets them go).
 */
int	trace_proc_grab(trace_t *, pid_t pid, const char *command, char *err,
	    size_t errlen);

/*
 * -p of a process in a rootless container (a subordinate uid of ours in
 * our user namespace's child): enter that namespace, as `podman unshare`
 * does (procns.h).  Call it for every -p before the first trace_proc_grab,
 * while pidtrace has no thread (setns(2) refuses a threaded caller).
 * 0 (entered, or nothing to enter; pid 0 for -c), or -1 with err saying
 * what to run instead.
 */
int	trace_proc_userns(pid_t pid, char *err, size_t errlen);

/* $target: the first process grabbed, 0 if none. */
pid_t	trace_proc_target(const trace_t *);

/*
 * Whether -c ran a #! script: its interpreter is what stops at the entry
 * point, the program it execs comes later.  Its descriptions may match
 * nothing at first; they are resolved again at each exec (and a notice
 * names those that still match nothing).
 */
bool	trace_proc_deferred(const trace_t *);

/*
 * dsl_copts_t's co_argtypes, its cookie the trace: args[] of description
 * pd typed from the DWARF of every function it matches in the processes
 * grabbed (dwtypes.c).  Compile time only.
 */
int	trace_dwtypes(void *trace, const struct dsl_pdesc *pd,
	    dsl_typetab_t *tt, dsl_argtype_t *out, size_t max, char *err,
	    size_t errlen);

/* trace_configure's flags, from the command line. */
#define TRACE_ZDEFS	0x01	/* -Z: a description may match nothing */
#define TRACE_LIST	0x02	/* -l: register to list, arm nothing */
#define TRACE_VERBOSE	0x04	/* -l -v: each probe's argument types */

/*
 * Whether the values of the options the glue and the mains read
 * (oformat, fastpath) are known ones: 0, or -1 and dtrace's message
 * ("failed to set -x ... : Invalid value") in err.  A misspelt value is
 * an error, never taken for the default.
 */
int	trace_check_options(const dsl_prog_t *pg, char *err, size_t errlen);

/*
 * -x memread's value (NULL or empty: the default) as inproc.h's
 * DSL_MR_*, or -1 when it is none of check, load, syscall.
 */
int	trace_memread(const char *v);

/*
 * Read the program's options once (-x mangled, cpupin, fastpath,
 * bufsize, quiet) with the command line's flags, and set each process's
 * fast path up.
 */
void	trace_configure(trace_t *, const dsl_prog_t *pg, int flags);

/*
 * After trace_configure: where each -c command starts.  With a syscall
 * probe in the program, at its exec event, so that the dynamic loader's
 * calls are traced as strace and dtrace -c see them; its other probes
 * are resolved again at the entry point, when the libraries are mapped,
 * and a description that matches nothing there ends the trace with
 * trace_run_nomatch's error.  Else (or with -l) it runs to its entry
 * point now.  -1 with err when it exits first.
 */
int	trace_proc_launched(trace_t *, char *err, size_t errlen);

/* Fill the host hooks of host (dh_readmem, dh_getarg, ...); host->dh_out
 * is the output flushed after each firing that printed. */
void	trace_host(trace_t *, dsl_host_t *host);

/*
 * -x bufpolicy=ring (outring.c): a stream that holds the newest bufsize
 * bytes written to it (dtrace's 4m when unset), in whole lines, and
 * writes them to out when it is closed, saying on the notices stream how
 * many lines it dropped.  Called after trace_configure.  NULL when out of
 * memory.
 */
FILE	*trace_outring_open(const trace_t *, FILE *out);

/* What trace_enable says of each description. */
typedef struct trace_match {
	size_t		tm_probes;	/* the probes it is enabled on */
	/*
	 * It matches none, no process is traced, and this provider's
	 * probes would match in one: "syscall" (the command says so rather
	 * than "does not match any probes").  NULL otherwise.
	 */
	const char	*tm_elsewhere;
	/*
	 * It named, in some process, functions whose probe could not be
	 * placed (a return probe: retsite.h), each said in a notice.  Such
	 * a description matching nothing is no error: the other probes
	 * run.
	 */
	bool		tm_refused;
	/*
	 * The inlined copies of functions its entry probes fire at
	 * besides the functions' own entries (pr_ninline), for the
	 * "matched" line.
	 */
	size_t		tm_inlined;
} trace_match_t;

/*
 * Register the probes that always exist (dtrace's BEGIN, END, ERROR:
 * ids 1, 2, 3), then let the providers claim every description of the
 * program in pidtrace's own scope and in each process, registering and
 * enabling what they match with rt; m[d] (one per description) says
 * what each matched.  With TRACE_LIST and a program without
 * descriptions, every probe that can be listed is registered (-l).
 * -1 with err and *bad the description at fault.
 */
int	trace_enable(trace_t *, dsl_rt_t *rt, trace_match_t *m, size_t *bad,
	    char *err, size_t errlen);

/*
 * -l: print the probes registered, in dtrace's listing format (with -v,
 * each one's attributes and argument types), then let every process go.
 */
void	trace_list(trace_t *, FILE *out);

/*
 * Run: arm every probe, fire BEGIN once every process is armed (they
 * are still stopped), trace until exit(), a signal (SIGINT, SIGTERM; with
 * processes SIGHUP and SIGPIPE too) or the end of every process (one
 * that ends is released and noticed, the others go on), release all,
 * END and the aggregations.  Without a process: BEGIN, then the ticks
 * until exit() or a signal.  timed(arg, now) does the host's timed work
 * (the metrics) and says when it is next due (0: never); it may be
 * NULL.  Returns the exit status, or -1 after a notice when tracing
 * could not start.
 */
int	trace_run(trace_t *, uint64_t (*timed)(void *arg, uint64_t now_ns),
	    void *arg);

/*
 * After trace_run returned 1: whether the trace ended because a -c of a
 * #! script exec'd a program that its descriptions do not match, and
 * nothing else could fire (dtrace refuses such a script before it
 * starts); *d is the description, err the error (one line, dtrace's
 * tag first under -x errtags).
 */
bool	trace_run_nomatch(const trace_t *, size_t *d, char *err,
	    size_t errlen);

/*
 * Catch SIGINT, SIGTERM and SIGHUP from now on: one that arrives before
 * trace_run (while grabbing, compiling or resolving) is kept, and
 * trace_run then ends as if it came at its start; a second one before
 * trace_run ends pidtrace at once (nothing is patched yet).  Call it
 * first thing in main.
 */
void	trace_run_catch_signals(void);

#endif /* PIDTRACE_TRACE_H */
