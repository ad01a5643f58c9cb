/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace.h: the process providers in pidtrace: a traced process
 * (-p/-c), its probes resolved by the providers of probes/provider.h,
 * registered with the D runtime and armed through the tracer; each
 * firing becomes a dsl_eval_fire().  Only cmd/pidtrace.c calls this.
 */
#ifndef PIDTRACE_CMD_TRACE_H
#define PIDTRACE_CMD_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "dsl/dsl.h"

typedef struct cmd_trace cmd_trace_t;

/*
 * Grab the process: attach to pid, or launch command (split on blanks,
 * as dtrace -c does) and run it to its entry point.  Every thread is
 * stopped when this returns.  Called once per -p and -c, in command-line
 * order: each process grabbed joins the list trace_next() walks (a pid
 * given twice is grabbed once).  On failure prints "pidtrace: ..." lines,
 * releases the processes grabbed before (a launched one is killed) and
 * exits 1.
 */
cmd_trace_t	*trace_open(pid_t pid, const char *command);

/* The process grabbed after this one, or NULL. */
cmd_trace_t	*trace_next(const cmd_trace_t *);

/* The process id ($target). */
pid_t		trace_pid(const cmd_trace_t *);

/*
 * Whether -c ran a #! script: its interpreter is what stops at the entry
 * point, the program it execs comes later.  Its descriptions may match
 * nothing at first; they are resolved again at each exec (and a notice
 * names those that still match nothing).
 */
bool		trace_deferred(const cmd_trace_t *);

/*
 * Whether description d named, in any process of the list, functions
 * whose probe could not be placed (a return probe: retsite.h), each
 * said in a notice.  Such a description matching nothing is no error:
 * the other probes run.
 */
bool		trace_refused(const cmd_trace_t *, size_t d);

/* Fill the host hooks (dh_readmem, dh_getarg) for this process. */
void		trace_host(cmd_trace_t *, dsl_host_t *host);

/*
 * Let the providers claim description index d of pg: each provider of
 * pb_providers whose pv_names says its provider field names it in this
 * process (pid<PID> for pid) resolves it, and every probe is registered
 * and enabled.  Returns the number of probes matched, or -1 with a
 * message in err.  zdefs: no match is not an error (-Z); nor is it when
 * the description names several processes (pid*) or providers: call it
 * for each process and add up.
 */
long		trace_claim(cmd_trace_t *, dsl_rt_t *rt, const dsl_prog_t *pg,
		    size_t d, bool zdefs, char *err, size_t errlen);

/*
 * How many probes of this process description d matches only because
 * they exist: made by the other descriptions' providers, not by one its
 * provider field names (":::entry" and the pid probes that
 * "pid$target::f:entry" made, provider.h, pv_names).  Final once every
 * description has been claimed; add it to trace_claim's count.
 */
long		trace_matched_made(const cmd_trace_t *, size_t d);

/*
 * -l: print the probes trace_claim registered, in dtrace's listing
 * format, then let the process go (a launched one is killed).
 */
void		trace_list(cmd_trace_t *);

/*
 * -l without a program: register every probe of the providers that list
 * all of theirs (provider.h, pv_listall: usdt) so that trace_list prints
 * them.  Errors are notices.
 */
void		trace_list_all(cmd_trace_t *, dsl_rt_t *rt);

/*
 * -l -v: call before trace_claim; each probe then reads its argument
 * types (DWARF, for pid) and trace_list prints them after it, in dtrace
 * -lv's block ("Argument Types", "args[0]: const char *").
 */
void		trace_list_verbose(void);

/*
 * For typing args[] while compiling (cmd/dwtypes.c): resolve description
 * pd with the pid provider in every process grabbed, registering and
 * arming nothing, and call fn on each probe matched until it returns
 * non-zero (which this returns).  0 when none matched; -1 with a message
 * in err when resolution failed.  Not the firing path.
 */
struct pb_probe;
int		trace_each_pid_probe(const dsl_pdesc_t *pd,
		    int (*fn)(void *arg, const struct pb_probe *pr),
		    void *arg, char *err, size_t errlen);

/*
 * Run: arm every site of every process grabbed (t is the first), fire
 * BEGIN (the processes are still stopped), trace until exit(), a signal
 * (SIGINT/SIGTERM/SIGHUP/SIGPIPE) or the end of every process (one that
 * ends is released and noticed, the others go on), detach all, END
 * and the aggregations.  tick fires the due tick probes and says when the
 * next one is due (0 = none); it returns DSL_FIRE_EXIT after exit().
 * quiet: no "pid N has exited" notice.  Returns the exit status.
 */
int		trace_run(cmd_trace_t *, dsl_rt_t *rt, bool quiet,
		    int (*tick)(void *arg, uint64_t *next_ns), void *arg);

#endif /* PIDTRACE_CMD_TRACE_H */
