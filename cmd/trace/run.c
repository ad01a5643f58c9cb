/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/run.c: the trace's loop.
 *
 * The glue between the stages, one file a stage, as dtrace-utils'
 * dt_cc.c lists its passes:
 *
 *   trace.c	the trace's life: made over the providers' table,
 *		configured once from the program's -x options, freed;
 *		its notices.
 *   proc.c	grab: attach to each -p, launch each -c to its entry
 *		point; D's pid, ppid, uid, gid, execname; the memory
 *		reader; -x cpupin.
 *   dwtypes.c	(while compiling) args[] typed from the DWARF of the
 *		providers' pv_dwfunc.
 *   addrsym.c	addresses named for %a, ufunc() and stacks.
 *   enable.c	claim: each description offered to every provider, in
 *		pidtrace's own scope (pid 0: dtrace's BEGIN END ERROR,
 *		ticks) and in each process; the refusals said.
 *   reg.c	the registry: each probe matched registered with the D
 *		runtime by its name, enabled; list.c: -l prints it.
 *   arm.c	arm: each probe the way its provider says (site, counter,
 *		syscall stop, sample, tick), from one table of kinds.
 *   run.c	run: the tracer's loop over every process (tr_run_many),
 *		or a wait for the ticks when there is none; the timers,
 *		the signals; BEGIN once all is armed, the re-resolution at
 *		each dlopen, dlclose and exec; the ending, END.
 *   fire.c	fire: a stop or record becomes each probe's arguments
 *		(the provider's pv_args) and a dsl_eval_fire().
 *   report.c	what the fast path did not take, said once (and under
 *		-x fastpath=require refused); a death by a fault of ours.
 *   inproc.c	D in the traced process: the plan of where each clause
 *		runs, the shared area, the clause code placed and entered
 *		from the trampolines, the last fold before the area goes.
 *   host.c	the D runtime's hooks into the firing's process.
 *   index.c	the open-addressing index of probes and sites.
 */
#include <config.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>

#include "cmd/trace/impl.h"

/* For the signal handlers: the trace running, and a signal seen. */
static trace_t *volatile the_trace;
static volatile sig_atomic_t interrupted;

static uint64_t
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* The earlier of two deadlines, 0 being none. */
static uint64_t
earlier(uint64_t a, uint64_t b)
{
	return a == 0 || (b != 0 && b < a) ? b : a;
}

/* -- timers ---------------------------------------------------------------- */

/*
 * The host's timed work and the ticks that are due, earliest first, each
 * period (late wake-ups still fire every tick, in time order); *next:
 * when the next is due (0: none).  DSL_FIRE_EXIT after exit().
 */
static int
ticks_due(trace_t *tr, uint64_t *next)
{
	trace_arm_t *am = &tr->tr_own.sc_arm;
	uint64_t hnext, now;
	trace_timer_t *due;
	size_t i;

	hnext = tr->tr_timed != NULL ? tr->tr_timed(tr->tr_timedarg,
	    mono_ns()) : 0;
	for (;;) {
		now = mono_ns();
		due = NULL;
		for (i = 0; i < am->am_ntimers; i++) {
			trace_timer_t *tm = &am->am_timers[i];

			if (tm->tm_next == 0)
				tm->tm_next = now + tm->tm_period;
			if (due == NULL || tm->tm_next < due->tm_next)
				due = tm;
		}
		*next = earlier(due != NULL ? due->tm_next : 0, hnext);
		if (due == NULL || due->tm_next > now)
			return 0;
		due->tm_next += due->tm_period;
		if (trace_fire_self(tr, due->tm_ref.tf_id) == DSL_FIRE_EXIT)
			return DSL_FIRE_EXIT;
		fflush(tr->tr_out);
	}
}

/*
 * Sample the processes whose profile-N probes are due, and say when the
 * next is due: the earlier of that and next (0: none).  A late period is
 * one sample, never a burst: samples taken back to back all land where
 * the thread was after the slowest stop, and would weigh that place more
 * than its time.
 */
static uint64_t
samples_due(trace_t *tr, uint64_t next)
{
	uint64_t now = mono_ns();
	trace_proc_t *p;
	size_t i;

	for (p = tr->tr_procs; p != NULL; p = p->p_next) {
		trace_arm_t *am = &p->p_sc.sc_arm;

		for (i = 0; i < am->am_ntimers; i++) {
			trace_timer_t *tm = &am->am_timers[i];

			if (p->p_s == NULL || p->p_gone)
				continue;
			if (tm->tm_next == 0)
				tm->tm_next = now + tm->tm_period;
			if (tm->tm_next <= now) {
				tr_sample(p->p_s, (uint32_t)i);
				while (tm->tm_next <= now)
					tm->tm_next += tm->tm_period;
			}
			next = earlier(next, tm->tm_next);
		}
	}
	return next;
}

/* Arm a one-shot SIGALRM for the next timer. */
static void
arm_timer(uint64_t next_ns)
{
	struct itimerval it;
	uint64_t now = mono_ns(), d;

	memset(&it, 0, sizeof(it));
	if (next_ns != 0) {
		d = next_ns > now ? next_ns - now : 1000;
		if (d < 1000)
			d = 1000;
		it.it_value.tv_sec = (time_t)(d / 1000000000ull);
		it.it_value.tv_usec = (suseconds_t)(d % 1000000000ull / 1000);
		if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
			it.it_value.tv_usec = 1;
	}
	setitimer(ITIMER_REAL, &it, NULL);
}

/* -- the tracer's handlers (the firing ones are fire.c's) ------------------ */

/*
 * BEGIN once every site of every process is armed and before any process
 * goes on, as dtrace fires it after enabling: a BEGIN that prints is a
 * handshake the tests can wait for.  tr_run_many arms every session
 * before it resumes any: the last process's first h_ready fires it.
 */
static void
begin_if_all_armed(trace_t *tr, tr_session_t *s)
{
	const trace_proc_t *o;

	for (o = tr->tr_procs; o != NULL; o = o->p_next)
		if ((!o->p_armed && !o->p_gone) || o->p_refused)
			return;	/* fastpath=require: no BEGIN, no END */
	if (tr->tr_begun)
		return;
	tr->tr_begun = true;
	if (trace_fire_self(tr, dsl_rt_begin_id(tr->tr_rt)) == DSL_FIRE_EXIT)
		tr_stop_async(s);
	fflush(NULL);
	/* BEGIN's globals move into the area; the code goes in */
	trace_inproc_start(tr);
}

/* End the trace: every session still traced leaves its loop. */
static void
stop_all(trace_t *tr)
{
	trace_proc_t *p;

	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		if (p->p_s != NULL && !p->p_gone)
			tr_stop_async(p->p_s);
}

/* Every thread is stopped: after attach, at the entry of a new image. */
static void
on_ready(void *arg, tr_session_t *s)
{
	trace_proc_t *p = arg;

	if (p->p_early && !p->p_armed) {
		/*
		 * A -c command at its exec event with syscall probes: those
		 * are on from here (trace_arm_start), BEGIN fires, and the
		 * rest is armed at the entry point, where the libraries are.
		 */
		p->p_armed = true;
		begin_if_all_armed(p->p_sc.sc_tr, s);
		return;
	}
	if (p->p_early) {
		p->p_early = false;
		trace_enable_refresh(&p->p_sc, true);
		if (trace_enable_early_unmatched(&p->p_sc)) {
			stop_all(p->p_sc.sc_tr);
			return;
		}
		trace_arm_all(&p->p_sc, s, true);
		return;
	}
	if (p->p_armed && p->p_sc.sc_arm.am_nsites == 0) {
		trace_enable_refresh(&p->p_sc, false);	/* after an exec */
		if (trace_enable_hopeless(&p->p_sc)) {
			stop_all(p->p_sc.sc_tr);
			return;
		}
		/* a child may match nothing (-x follow), as under -Z */
		if (!p->p_child)
			trace_enable_exec_notice(&p->p_sc);
	}
	trace_arm_all(&p->p_sc, s, true);
	if (!p->p_armed) {
		/*
		 * BEGIN once every site is armed (r_brk's too: arming may
		 * inject an mmap, which a SIGKILL of pidtrace must not
		 * interrupt after the handshake).
		 */
		p->p_armed = true;
		begin_if_all_armed(p->p_sc.sc_tr, s);
	}
}

/* The loader's r_brk: a library came or went once r_state is
 * consistent again. */
void
trace_run_rtld(trace_proc_t *p, tr_session_t *s)
{
	if (!pb_rtld_consistent(&p->p_sc.sc_arm.am_rtld, trace_proc_read, p))
		return;
	trace_arm_unmapped(&p->p_sc, s);
	trace_addrsym_flush(p->p_syms);
	tr_ustack_flush();
	trace_enable_refresh(&p->p_sc, true);
	trace_arm_all(&p->p_sc, s, false);
}

static void
on_thread_exit(void *arg, tr_session_t *s, pid_t tid)
{
	trace_proc_t *p = arg;

	(void)s;
	dsl_var_thread_gone(p->p_sc.sc_tr->tr_rt, (uint64_t)tid);
	trace_inproc_gone(p->p_sc.sc_tr, tid);
}

static void
on_fast(void *arg, tr_session_t *s, int ev, pid_t tid, uint32_t key)
{
	trace_inproc_event(arg, s, ev, tid, key);
}

static void
on_exec(void *arg, tr_session_t *s)
{
	trace_proc_t *p = arg;
	const pb_provider_t *const *pp;

	(void)s;
	/*
	 * The new image has none of these functions where they were: drop
	 * every site and probe; on_ready resolves the descriptions again
	 * when the new program reaches its entry (its probes get new ids).
	 */
	trace_arm_exec(&p->p_sc);
	p->p_syssaid = false;
	trace_addrsym_flush(p->p_syms);
	tr_ustack_flush();
	trace_proc_ids(p);
	for (pp = p->p_sc.sc_tr->tr_provs; *pp != NULL; pp++)
		if ((*pp)->pv_flush != NULL)
			(*pp)->pv_flush();
}

static void
on_exit_(void *arg, tr_session_t *s, int status)
{
	trace_proc_t *p = arg;
	const trace_t *tr = p->p_sc.sc_tr;
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;

	p->p_gone = true;
	p->p_status = status;
	/*
	 * Now, not at the end: the other processes may go on being traced.
	 * A death by a signal is said under -q too: a quiet run's output
	 * must not look complete when the program did not finish.
	 */
	if (sig == SIGKILL && p->p_refused && p->p_launched) {
		/* Ours: fastpath=require refused to start or go on. */
	} else if (sig != 0) {
		trace_notice(tr, "pid %d was killed by signal %d (SIG%s)",
		    (int)p->p_pid, sig, sigabbrev_np(sig) != NULL ?
		    sigabbrev_np(sig) : "?");
		trace_report_fault(p, s, sig);
	} else if (!tr->tr_opts.op_quiet && !p->p_child) {
		trace_notice(tr, "pid %d has exited", (int)p->p_pid);
	}
}

static void set_handlers(tr_handlers_t *h, trace_proc_t *p);

/*
 * -x follow: a child of p's is a process of the trace, traced by the
 * same program from here (a fork child before its first instruction, a
 * vfork child from its exec).
 */
static const tr_handlers_t *
on_child(void *arg, tr_session_t *s, tr_session_t *child)
{
	trace_proc_t *p = arg, *c;

	(void)s;
	c = trace_proc_adopt(p->p_sc.sc_tr, p, child);
	if (c == NULL) {
		trace_notice(p->p_sc.sc_tr, "pid %d: out of memory: its "
		    "child %d is not traced", (int)p->p_pid,
		    (int)tr_pid(child));
		return NULL;
	}
	set_handlers(&c->p_h, c);
	trace_arm_start(&c->p_sc, child);
	return &c->p_h;
}

/* What the tracer says while it runs: one line, under -q too. */
static void
on_notice(void *arg, tr_session_t *s, int code, uint64_t addr,
    const char *text)
{
	trace_proc_t *p = arg;
	const trace_t *tr = p->p_sc.sc_tr;

	(void)addr;
	if (code != TR_NOTE_SYS_STOPS || !tr->tr_opts.op_fastreq) {
		trace_notice(tr, "pid %d: %s", (int)p->p_pid, text);
		return;
	}
	/* -x fastpath=require: syscall probes would stop at every call */
	if (!p->p_refused)
		trace_notice(tr, "pid %d: -x fastpath=require: %s",
		    (int)p->p_pid, text);
	p->p_refused = true;
	if (p->p_launched && !tr->tr_begun && !p->p_gone)
		kill(p->p_pid, SIGKILL);
	tr_stop_async(s);
}

static int
on_wake(void *arg, tr_session_t *s)
{
	trace_proc_t *p = arg;
	trace_t *tr = p->p_sc.sc_tr;
	uint64_t next = 0;

	(void)s;
	if (ticks_due(tr, &next) == DSL_FIRE_EXIT)
		return 1;
	arm_timer(samples_due(tr, next));
	return 0;
}

/* -- signals --------------------------------------------------------------- */

/* Every session: any one still traced wakes the loop. */
static void
on_stop_signal(int sig)
{
	trace_t *tr = the_trace;
	trace_proc_t *p;

	if (tr == NULL) {
		/* before trace_run: kept for it; a second one is obeyed */
		if (interrupted) {
			signal(sig, SIG_DFL);
			raise(sig);
		}
		interrupted = 1;
		return;
	}
	tr->tr_signalled = true;
	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		if (p->p_s != NULL && !p->p_gone)
			tr_stop_async(p->p_s);
}

bool
trace_run_interrupted(void)
{
	const trace_t *tr = the_trace;

	return tr != NULL && tr->tr_signalled;
}

void
trace_run_catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	/* reading a script from a pipe or a FIFO goes on after the signal */
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* One process still traced does the timed work for all. */
static void
on_alarm(int sig)
{
	trace_t *tr = the_trace;
	trace_proc_t *p;

	(void)sig;
	if (tr == NULL)
		return;
	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		if (p->p_s != NULL && !p->p_gone) {
			tr_wake_async(p->p_s);
			return;
		}
}

/* Without a process: the first SIGINT/SIGTERM asks for the end (the loop
 * sees the flag); a second one before it did ends pidtrace at once,
 * whatever it is doing (there is nothing to restore). */
static void
on_signal(int sig)
{
	if (interrupted) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	interrupted = 1;
}

/* -- the loops ------------------------------------------------------------- */

/*
 * With no process: BEGIN, then the ticks until exit() or a signal.
 * Signals are blocked only from the check of the flag to the wait (ppoll
 * unblocks them atomically), so a ^C in between is not lost, and one
 * during a firing is seen at once.
 */
static int
run_alone(trace_t *tr)
{
	struct sigaction sa;
	sigset_t block, waitmask;
	struct timespec ts;
	uint64_t next, now;
	int status;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_SETMASK, NULL, &waitmask);
	sigdelset(&waitmask, SIGINT);
	sigdelset(&waitmask, SIGTERM);

	tr->tr_begun = true;
	if (trace_fire_self(tr, dsl_rt_begin_id(tr->tr_rt)) == DSL_FIRE_EXIT)
		goto end;
	fflush(tr->tr_out);
	if (tr->tr_own.sc_arm.am_ntimers == 0 &&
	    dsl_rt_errors(tr->tr_rt) > 0 && !interrupted) {
		/* BEGIN failed before exit() and no probe is left to fire:
		 * waiting for a ^C would wait forever */
		status = dsl_rt_end(tr->tr_rt, NULL);
		return status != 0 ? status : 1;
	}
	for (;;) {
		if (ticks_due(tr, &next) == DSL_FIRE_EXIT)
			goto end;
		now = mono_ns();
		if (next != 0 && next <= now)
			continue;
		if (next != 0) {
			ts.tv_sec = (time_t)((next - now) / 1000000000ull);
			ts.tv_nsec = (long)((next - now) % 1000000000ull);
		}
		sigprocmask(SIG_BLOCK, &block, NULL);
		if (!interrupted)	/* EINTR on a signal */
			ppoll(NULL, 0, next != 0 ? &ts : NULL, &waitmask);
		sigprocmask(SIG_UNBLOCK, &block, NULL);
		if (interrupted)
			break;
	}
	dsl_rt_interrupted(tr->tr_rt);
end:
	return dsl_rt_end(tr->tr_rt, NULL);
}

static void
set_handlers(tr_handlers_t *h, trace_proc_t *p)
{
	memset(h, 0, sizeof(*h));
	h->h_arg = p;
	h->h_ready = on_ready;
	h->h_thread_exit = on_thread_exit;
	h->h_exec = on_exec;
	h->h_exit = on_exit_;
	h->h_wake = on_wake;
	h->h_notice = on_notice;
	h->h_fast = on_fast;
	if (p->p_sc.sc_tr->tr_opts.op_follow) {
		h->h_child = on_child;
		tr_follow(p->p_s, true);
	}
	trace_fire_handlers(h);
}

/* The tracer's loop over every process. */
static int
run_procs(trace_t *tr)
{
	const tr_handlers_t **hs;
	tr_session_t **ss;
	struct sigaction sa;
	tr_handlers_t *h;
	trace_proc_t *p;
	uint64_t next = 0;
	size_t n = 0, i;
	bool refused = false;
	int rc;

	for (p = tr->tr_procs; p != NULL; p = p->p_next)
		n++;
	h = calloc(n, sizeof(*h));
	hs = calloc(n, sizeof(*hs));
	ss = calloc(n, sizeof(*ss));
	if (h == NULL || hs == NULL || ss == NULL) {
		free(h);
		free(hs);
		free(ss);
		trace_notice(tr, "out of memory");
		return -1;
	}
	for (p = tr->tr_procs, i = 0; p != NULL; p = p->p_next, i++) {
		set_handlers(&h[i], p);
		hs[i] = &h[i];
		ss[i] = p->p_s;
		trace_arm_start(&p->p_sc, p->p_s);
	}
	the_trace = tr;
	/* Our handlers only set a flag; the loop notices (tr_stop_async). */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	if (interrupted) {
		/* a signal while grabbing or compiling
		 * (trace_run_catch_signals): arm, fire BEGIN, and end at
		 * once, as a ^C just after */
		tr->tr_signalled = true;
		for (p = tr->tr_procs; p != NULL; p = p->p_next)
			if (p->p_s != NULL && !p->p_gone)
				tr_stop_async(p->p_s);
	}
	if (ticks_due(tr, &next) != DSL_FIRE_EXIT) {
		arm_timer(samples_due(tr, next));
		rc = tr_run_many(ss, hs, n);
		arm_timer(0);
		if (rc < 0)
			trace_notice(tr, "tracing pid %d failed: %s",
			    (int)tr->tr_procs->p_pid, strerror(errno));
	}
	for (p = tr->tr_procs; p != NULL; p = p->p_next) {
		tr_session_t *s = p->p_s;

		if (s != NULL && p->p_armed)
			trace_report_fast(p, s);	/* a dlopen's, unsaid */
		if (s != NULL && p->p_armed)
			trace_report_paths(p, s);
		refused |= p->p_refused;
		if (!p->p_gone && p->p_launched) {
			/* As dtrace: a process we created dies with us. */
			kill(p->p_pid, SIGKILL);
		}
		p->p_s = NULL;	/* the signal handlers look at it */
		if (s != NULL && tr_fast_drops(s) != 0)
			trace_notice(tr, "%llu drops in pid %d",
			    (unsigned long long)tr_fast_drops(s),
			    (int)p->p_pid);
		tr_free(s);
		if (p->p_script && !tr->tr_opts.op_zdefs && !tr->tr_nomatch)
			trace_enable_unmatched(&p->p_sc);
	}
	trace_inproc_drops(tr);
	free(h);
	free(hs);
	free(ss);
	if (tr->tr_signalled)
		dsl_rt_interrupted(tr->tr_rt);
	the_trace = NULL;
	if ((refused && !tr->tr_begun) || tr->tr_nomatch) {
		trace_inproc_free(tr);
		return 1;	/* refused to start: nothing ran */
	}
	rc = dsl_rt_end(tr->tr_rt, NULL);
	trace_inproc_free(tr);	/* before the runtime goes */
	return refused ? 1 : rc;
}

bool
trace_run_nomatch(const trace_t *tr, size_t *d, char *err, size_t errlen)
{
	if (!tr->tr_nomatch)
		return false;
	*d = tr->tr_nmdesc;
	snprintf(err, errlen, "%s", tr->tr_nmerr);
	return true;
}

int
trace_run(trace_t *tr, uint64_t (*timed)(void *arg, uint64_t now_ns),
    void *arg)
{
	tr->tr_timed = timed;
	tr->tr_timedarg = arg;
	return tr->tr_procs != NULL ? run_procs(tr) : run_alone(tr);
}
