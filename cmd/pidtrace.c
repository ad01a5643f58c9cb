/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidtrace: DTrace's command line over the D runtime.
 *
 * main() is: parse the flags (dtrace's, same meaning), compile every -n
 * and -s program into one D program, let each provider claim the probe
 * descriptions (enable_probes), then run: BEGIN, the loop (ticks from a
 * timer, and later the tracer's stops), END on exit() or SIGINT/SIGTERM,
 * the aggregations, the exit status.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dsl/dsl.h"
#include "cmd/dwtypes.h"
#include "cmd/trace.h"
#include "cmd/metrics.h"
#include "probes/procns.h"
#include "probes/provider.h"
#include "probes/syscall.h"
#include "probes/profile.h"

#define MAXPROGS	64
#define MAXTICKS	64
#define MAXGRABS	64

typedef struct cmd_prog {
	bool		cp_script;	/* -s FILE, else -n TEXT */
	const char	*cp_arg;	/* the file name or the text */
	char		*cp_text;	/* the D text */
	size_t		cp_matches;	/* probes its descriptions matched */
} cmd_prog_t;

/* A -p or -c, in command-line order: dtrace grabs them in that order. */
typedef struct cmd_grab {
	long		cg_pid;		/* -p */
	const char	*cg_command;	/* -c, else NULL */
} cmd_grab_t;

typedef struct cmd_tick {
	uint32_t	tk_id;		/* probe id */
	const char	*tk_name;	/* tick-1sec */
	uint64_t	tk_ns;		/* period */
	uint64_t	tk_next;	/* next firing, CLOCK_MONOTONIC ns */
} cmd_tick_t;

typedef struct cmd {
	cmd_prog_t	c_progs[MAXPROGS];
	size_t		c_nprogs;
	const char	*c_xopts[MAXPROGS];
	size_t		c_nxopts;
	const char	*c_args[10];	/* $0..$9 */
	int		c_nargs;
	bool		c_quiet, c_compile_only, c_list, c_zdefs;
	bool		c_verbose;	/* -v: -l lists argument types */
	const char	*c_outfile;
	cmd_grab_t	c_grabs[MAXGRABS];	/* -p and -c */
	size_t		c_ngrabs;
	FILE		*c_out;
	dsl_prog_t	*c_pg;
	dsl_rt_t	*c_rt;
	cmd_tick_t	c_ticks[MAXTICKS];
	size_t		c_nticks;
	uint32_t	c_nprobes;	/* registered so far */
	/* -p/-c: the first process ($target); trace_next() the others */
	cmd_trace_t	*c_tr;
	cmd_metrics_t	*c_metrics;	/* -x metrics, -x metrics-file */
	uint64_t	c_mnext;	/* next rendering, CLOCK_MONOTONIC ns */
} cmd_t;

static volatile sig_atomic_t interrupted;

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "Usage: pidtrace [-eqwlZhV] [-n program] [-s script] [-o output] "
	    "[-x opt[=val]]\n"
	    "\t[-p pid]... [-c command]... [args ...]\n\n"
	    "\t-n  enable probes described by a D program (several allowed)\n"
	    "\t-s  enable probes of a D script file (several allowed)\n"
	    "\t-q  quiet: only what the program prints\n"
	    "\t-w  allow destructive actions (system, raise, freopen)\n"
	    "\t-o  append output to a file\n"
	    "\t-x  set an option (quiet, aggsortkey, aggsortrev, "
	    "aggsortkeypos,\n\t    aggsortpos, strsize, errtags, defaultargs, "
	    "mangled,\n\t    ustackframes, stackfmt=folded, flamegraph=FILE;\n"
	    "\t    fastpath=off: a ptrace stop at every probe; bufsize=SIZE;\n"
	    "\t    oformat=json: JSON Lines; metrics=[ADDR:]PORT: serve\n"
	    "\t    Prometheus (127.0.0.1 unless ADDR); metrics-file=PATH)\n"
	    "\t-e  exit after compiling\n"
	    "\t-l  list the probes the programs match (all probes without "
	    "one)\n"
	    "\t-v  with -l: each probe's attributes and argument types "
	    "(DWARF);\n\t    refused without -l\n"
	    "\t-Z  allow descriptions that match no probe\n"
	    "\t-p  trace a running process (several allowed)\n"
	    "\t-c  run a command and trace it (several allowed)\n"
	    "\t    each process has its provider pid<PID>; $target is the "
	    "first\n\t    -p or -c given; syscall:: probes fire in them\n"
	    "\t    USDT probes are <provider><PID>: "
	    "python$target:::gc-start\n"
	    "\t-h  this help; -V the version\n"
	    "\targs are the macro arguments $1..$9 ($$1 as a string)\n");
}

static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;
	char msg[4096];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof (msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "pidtrace: %s\n", msg);
	exit(1);
}

static char *
read_file(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (fp == NULL)
		die("failed to open %s: %s", path, strerror(errno));
	for (;;) {
		if (len + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap);
			if (buf == NULL)
				die("out of memory");
		}
		n = fread(buf + len, 1, 4096, fp);
		len += n;
		if (n < 4096)
			break;
	}
	if (ferror(fp))
		die("failed to read %s: %s", path, strerror(errno));
	if (fp != stdin)
		fclose(fp);
	buf[len] = '\0';
	if (strlen(buf) != len)
		die("failed to compile script %s: contains a NUL byte", path);
	return (buf);
}

/* dtrace crops -n text at the first { / ; to name it in notices: the
 * reason for its "description 'BEGIN ' matched 1 probe". */
static const char *
prog_name(const cmd_prog_t *p, char *buf, size_t len)
{
	size_t n;

	if (p->cp_script)
		return (p->cp_arg);
	n = strcspn(p->cp_arg, "{/;");
	if (n >= len)
		n = len - 1;
	memcpy(buf, p->cp_arg, n);
	buf[n] = '\0';
	return (buf);
}

/* "failed to compile script x.d: ..." or "invalid probe specifier ...". */
static void __attribute__((noreturn))
compile_error(const cmd_t *c, const char *err)
{
	size_t i;
	char *msg = strdup(err), *p;

	if (msg == NULL)
		die("out of memory");
	for (p = msg; *p != '\0'; p++)
		if (*p == '\n' || *p == '\t')
			*p = ' ';
	for (i = 0; i < c->c_nprogs; i++) {
		const cmd_prog_t *pr = &c->c_progs[i];
		size_t n = strlen(pr->cp_arg);

		if (strncmp(msg, pr->cp_arg, n) != 0 || msg[n] != ':')
			continue;
		if (pr->cp_script)
			die("failed to compile script %s: %s", pr->cp_arg, msg);
		die("invalid probe specifier %s", msg);
	}
	die("%s", msg);
}

/* -- providers ---------------------------------------------------------- */

static uint32_t
add_probe(cmd_t *c, const char *prov, const char *mod, const char *func,
    const char *name)
{
	uint32_t id = dsl_rt_add_probe(c->c_rt, prov, mod, func, name);

	if (id == 0)
		die("out of memory");
	c->c_nprobes = id;
	return (id);
}

/* dtrace:::BEGIN, END, ERROR: ids 1, 2, 3, as in dtrace. */
static void
dtrace_provider(cmd_t *c)
{
	add_probe(c, "dtrace", "", "", "BEGIN");
	add_probe(c, "dtrace", "", "", "END");
	add_probe(c, "dtrace", "", "", "ERROR");
}

static size_t
dtrace_claim(cmd_t *c, size_t d, bool enable)
{
	const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, d);
	static const char *names[] = { "BEGIN", "END", "ERROR" };
	size_t n = 0, i;

	for (i = 0; i < 3; i++) {
		if (!dsl_prog_desc_match(pd, "dtrace", "", "", names[i]))
			continue;
		if (enable && dsl_rt_enable(c->c_rt, (uint32_t)i + 1, d) != 0)
			die("out of memory");
		n++;
	}
	return (n);
}

/*
 * tick-N[unit]: one firing per interval.  profile-N is the profile
 * provider's (probes/profile.c) when a process is traced: it samples the
 * process's threads; with none it fires as a tick.
 */
static uint64_t
tick_period(const cmd_t *c, const char *name)
{
	uint64_t ns = pb_profile_period(name, "tick-");

	if (ns == 0 && c->c_tr == NULL)
		ns = pb_profile_period(name, "profile-");
	return (ns);
}

static bool
has_glob(const char *s)
{
	return (strpbrk(s, "*?[\\") != NULL);
}

/* profile:::tick-N: created on demand from a literal name. */
static size_t
profile_claim(cmd_t *c, size_t d, bool enable)
{
	const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, d);
	uint64_t ns;
	size_t i;

	if (has_glob(pd->pd_name) || (pd->pd_prov[0] != '\0' &&
	    !dsl_prog_glob(pd->pd_prov, "profile")) || (pd->pd_mod[0] != '\0' &&
	    !dsl_prog_glob(pd->pd_mod, "")) || (pd->pd_func[0] != '\0' &&
	    !dsl_prog_glob(pd->pd_func, "")))
		return (0);
	if ((ns = tick_period(c, pd->pd_name)) == 0)
		return (0);
	if (ns < 100000)
		ns = 100000;	/* dtrace's floor is 200us; ours 100us */
	if (!enable)
		return (1);
	/* one probe per name, as dtrace's profile provider makes them */
	for (i = 0; i < c->c_nticks; i++)
		if (strcmp(c->c_ticks[i].tk_name, pd->pd_name) == 0)
			break;
	if (i == c->c_nticks) {
		if (c->c_nticks == MAXTICKS)
			die("too many tick probes");
		c->c_ticks[i].tk_id = add_probe(c, "profile", "", "",
		    pd->pd_name);
		c->c_ticks[i].tk_name = pd->pd_name;
		c->c_ticks[i].tk_ns = ns;
		c->c_nticks++;
	}
	if (dsl_rt_enable(c->c_rt, c->c_ticks[i].tk_id, d) != 0)
		die("out of memory");
	return (1);
}

/* Whether pd matches a probe of the syscall provider. */
static bool
syscall_desc(const dsl_pdesc_t *pd)
{
	const pb_provider_t *pv = &pb_syscall_provider;
	pb_probe_list_t list = PB_PROBE_LIST_INIT;
	pb_desc_t de = { pd->pd_prov, pd->pd_mod, pd->pd_func, pd->pd_name };
	char err[256];
	bool yes;

	yes = pv->pv_names(de.de_prov, 0) &&
	    pv->pv_resolve(0, 0, &de, PB_ZEROOK, &list, err,
	    sizeof (err)) > 0;
	pb_probe_list_free(&list);
	return (yes);
}

/*
 * Let each provider claim each description: dtrace (BEGIN END ERROR),
 * profile (tick-N), and the pid provider, which the tracer stage adds
 * here (pid$target::func:entry...).  Counts the matches for the notices
 * and rejects a description nothing matched, unless -Z.
 */
static void
enable_probes(cmd_t *c, bool enable)
{
	size_t d, nd = dsl_prog_ndescs(c->c_pg);
	size_t *matched = calloc(nd + 1, sizeof (*matched));

	if (matched == NULL)
		die("out of memory");
	for (d = 0; d < nd; d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, d);
		cmd_trace_t *t;
		size_t n = 0;

		n += dtrace_claim(c, d, enable);
		n += profile_claim(c, d, enable);
		for (t = c->c_tr; t != NULL && enable; t = trace_next(t)) {
			/* the pid provider, once per process grabbed */
			char perr[1024];
			const cmd_prog_t *p = &c->c_progs[pd->pd_src];
			long k = trace_claim(t, c->c_rt, c->c_pg, d,
			    c->c_zdefs, perr, sizeof (perr));

			if (k < 0 && p->cp_script)
				die("failed to compile script %s: %s:%d:%d: %s",
				    p->cp_arg, p->cp_arg, pd->pd_line,
				    pd->pd_col, perr);
			if (k < 0)
				die("invalid probe specifier %s: %s", p->cp_arg,
				    perr);
			n += (size_t)k;
		}
		matched[d] = n;
	}
	/*
	 * Once all are claimed: a description also matches the probes the
	 * others made (":::entry" and pid$target's, trace_matched_made),
	 * whatever the order of the clauses.
	 */
	for (d = 0; d < nd; d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, d);
		cmd_trace_t *t;
		size_t n = matched[d];

		for (t = c->c_tr; t != NULL && enable; t = trace_next(t))
			n += (size_t)trace_matched_made(t, d);
		c->c_progs[pd->pd_src].cp_matches += n;
		/* ours fire in traced processes only, dtrace's everywhere */
		if (n == 0 && c->c_tr == NULL && !c->c_list &&
		    syscall_desc(pd))
			die("probe description %s: syscall probes fire in "
			    "traced processes only: give -p PID or -c CMD",
			    pd->pd_text);
		if (n == 0 && !c->c_zdefs && !trace_deferred(c->c_tr) &&
		    !trace_refused(c->c_tr, d)) {
			const cmd_prog_t *p = &c->c_progs[pd->pd_src];
			const char *tag = dsl_prog_option(c->c_pg,
			    "errtags") != NULL ? "[D_PDESC_ZERO] " : "";

			if (p->cp_script)
				die("failed to compile script %s: %s:%d:%d: "
				    "%sprobe description %s does not match any "
				    "probes",
				    p->cp_arg, p->cp_arg, pd->pd_line,
				    pd->pd_col, tag, pd->pd_text);
			die("invalid probe specifier %s:%d:%d: %sprobe "
			    "description %s does not match any probes",
			    p->cp_arg, pd->pd_line, pd->pd_col, tag,
			    pd->pd_text);
		}
	}
	free(matched);
}

/*
 * -l without a process: the syscall provider's probes are the same in
 * every process (probes/syscall.h), so they are listed from the table,
 * those the descriptions match (every one without a program).
 */
static void
list_syscalls(cmd_t *c)
{
	const pb_provider_t *pv = &pb_syscall_provider;
	pb_probe_list_t list = PB_PROBE_LIST_INIT;
	pb_desc_t all = { PB_SYSCALL_PROVIDER, "", "", "" }, de;
	size_t d, nd = dsl_prog_ndescs(c->c_pg), i;
	char err[256];

	for (d = 0; d < nd || (nd == 0 && d == 0); d++) {
		if (nd == 0) {
			de = all;
		} else {
			const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, d);

			de.de_prov = pd->pd_prov;
			de.de_mod = pd->pd_mod;
			de.de_func = pd->pd_func;
			de.de_name = pd->pd_name;
			if (!pv->pv_names(de.de_prov, 0))
				continue;
		}
		if (pv->pv_resolve(0, 0, &de, PB_ZEROOK, &list, err,
		    sizeof (err)) < 0)
			die("%s", err);
	}
	for (i = 0; i < list.pl_n; i++) {
		const pb_probe_t *pr = &list.pl_probes[i];

		printf("%5u %10s %17s %33s %s\n", add_probe(c,
		    pr->pr_provider, pr->pr_mod, pr->pr_func, pr->pr_name),
		    pr->pr_provider, pr->pr_mod, pr->pr_func, pr->pr_name);
	}
	pb_probe_list_free(&list);
}

/* -l: dtrace's listing format, for the probes the programs match (every
 * fixed probe without a program). */
static void
list_probes(cmd_t *c)
{
	static const char *names[] = { "BEGIN", "END", "ERROR" };
	size_t d, nd = dsl_prog_ndescs(c->c_pg);
	cmd_trace_t *t, *next;
	uint32_t id;

	c->c_zdefs = true;
	if (c->c_verbose)
		trace_list_verbose();
	enable_probes(c, true);
	printf("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE",
	    "FUNCTION", "NAME");
	for (id = 1; id <= 3; id++) {
		bool hit = nd == 0;

		for (d = 0; d < nd && !hit; d++)
			hit = dsl_prog_desc_match(dsl_prog_desc(c->c_pg, d),
			    "dtrace", "", "", names[id - 1]);
		if (!hit)
			continue;
		printf("%5u %10s %17s %33s %s\n", id, "dtrace", "", "",
		    names[id - 1]);
		/* dtrace -lv: the dtrace provider is Stable/Stable/Common */
		if (c->c_verbose)
			printf("\n\tProbe Description Attributes\n"
			    "\t\tIdentifier Names: Stable\n"
			    "\t\tData Semantics:   Stable\n"
			    "\t\tDependency Class: Common\n"
			    "\n\tArgument Attributes\n"
			    "\t\tIdentifier Names: Stable\n"
			    "\t\tData Semantics:   Stable\n"
			    "\t\tDependency Class: Common\n"
			    "\n\tArgument Types\n\t\tNone\n\n");
	}
	for (d = 0; d < c->c_nticks; d++)
		printf("%5u %10s %17s %33s %s\n", c->c_ticks[d].tk_id,
		    "profile", "", "", c->c_ticks[d].tk_name);
	if (c->c_tr == NULL)
		list_syscalls(c);
	for (t = c->c_tr; t != NULL; t = next) {
		/* the pid provider's, -p/-c, each process in turn */
		next = trace_next(t);
		if (nd == 0)
			trace_list_all(t, c->c_rt);
		trace_list(t);
	}
}

/*
 * Whether out is a pipe (or socket) whose reader went away: pidtrace ...
 * | head -1.  SIGPIPE ended the trace (a clean detach, as SIGINT); that
 * is the reader's choice, not an error to report.
 */
static bool
reader_gone(FILE *out)
{
	struct pollfd p = { .fd = fileno(out), .events = 0 };

	return (poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0);
}

/* -x flamegraph=FILE: the SVG of the stack-keyed aggregation, at the end. */
static void
flamegraph(cmd_t *c)
{
	const char *path = dsl_prog_option(c->c_pg, "flamegraph");
	FILE *fp;

	if (path == NULL)
		return;
	if (*path == '\0')
		path = "flamegraph.svg";
	if ((fp = fopen(path, "we")) == NULL ||
	    (dsl_flame_svg(c->c_rt, fp) | fclose(fp)) != 0)
		fprintf(stderr, "pidtrace: flamegraph: %s: %s\n", path,
		    strerror(errno));
}

/* -- running ------------------------------------------------------------ */

static uint64_t
mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec);
}

/* The first SIGINT/SIGTERM asks for the end (the loop sees the flag);
 * a second one before it did ends pidtrace at once, whatever it is
 * doing (the no-process loop has nothing to restore). */
static void
on_signal(int sig)
{
	if (interrupted) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
	interrupted = 1;
}

static int
fire_self(cmd_t *c, uint32_t id)
{
	dsl_ctx_t cx;

	dsl_rt_ctx_self(&cx);
	return (dsl_eval_fire(c->c_rt, id, &cx));
}

/*
 * -x metrics: render the aggregations for the exporters each second, on
 * this (the tracing) thread.  Returns when the next rendering is due (0:
 * no exporter).
 */
static uint64_t
metrics_tick(cmd_t *c, uint64_t now)
{
	if (c->c_metrics == NULL)
		return (0);
	if (c->c_mnext == 0 || now >= c->c_mnext) {
		metrics_update(c->c_metrics, c->c_rt);
		c->c_mnext = now + 1000000000ULL;
	}
	return (c->c_mnext);
}

/* The earlier of two deadlines, 0 being none. */
static uint64_t
earlier(uint64_t a, uint64_t b)
{
	return (a == 0 || (b != 0 && b < a) ? b : a);
}

/*
 * With a process: fire the tick probes that are due; *next_ns is when
 * the next one is (0: no ticks).  The tracer's loop calls it on a timer.
 */
static int
run_ticks(void *arg, uint64_t *next_ns)
{
	cmd_t *c = arg;
	cmd_tick_t *due;
	size_t i;
	uint64_t mnext = metrics_tick(c, mono_ns());

	for (;;) {
		uint64_t t = mono_ns();

		due = NULL;
		for (i = 0; i < c->c_nticks; i++) {
			if (c->c_ticks[i].tk_next == 0)
				c->c_ticks[i].tk_next = t + c->c_ticks[i].tk_ns;
			if (due == NULL || c->c_ticks[i].tk_next < due->tk_next)
				due = &c->c_ticks[i];
		}
		*next_ns = earlier(due != NULL ? due->tk_next : 0, mnext);
		if (due == NULL || due->tk_next > t)
			return (0);
		due->tk_next += due->tk_ns;
		if (fire_self(c, due->tk_id) == DSL_FIRE_EXIT)
			return (DSL_FIRE_EXIT);
		fflush(c->c_out);
	}
}

/*
 * The loop of a run with no process: BEGIN, then ticks until exit() or a
 * signal.  The tracer stage replaces the sleep with its stop loop.
 */
static int
run(cmd_t *c)
{
	struct sigaction sa;
	sigset_t block, waitmask;
	size_t i;
	int status;

	if (c->c_tr != NULL)
		return (trace_run(c->c_tr, c->c_rt, c->c_quiet, run_ticks, c));

	/* Signals are blocked only from the check of the flag to the wait
	 * (ppoll unblocks them atomically), so a ^C in between is not lost,
	 * and one during a firing is seen at once. */
	memset(&sa, 0, sizeof (sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_SETMASK, NULL, &waitmask);
	sigdelset(&waitmask, SIGINT);
	sigdelset(&waitmask, SIGTERM);

	if (fire_self(c, dsl_rt_begin_id(c->c_rt)) == DSL_FIRE_EXIT)
		goto end;
	fflush(c->c_out);
	if (c->c_nticks == 0 && dsl_rt_errors(c->c_rt) > 0 && !interrupted) {
		/* BEGIN failed before exit() and no probe is left to fire:
		 * waiting for a ^C would wait forever */
		status = dsl_rt_end(c->c_rt, NULL);
		return (status != 0 ? status : 1);
	}
	{
		uint64_t t = mono_ns();

		for (i = 0; i < c->c_nticks; i++)
			c->c_ticks[i].tk_next = t + c->c_ticks[i].tk_ns;
	}
	for (;;) {
		uint64_t t = mono_ns(), mnext = metrics_tick(c, t), wake;
		cmd_tick_t *due = NULL;
		struct timespec ts;

		/* the earliest tick first, so that late wake-ups still fire
		 * every tick, in time order */
		for (i = 0; i < c->c_nticks; i++)
			if (due == NULL || c->c_ticks[i].tk_next < due->tk_next)
				due = &c->c_ticks[i];
		if (due != NULL && due->tk_next <= t) {
			due->tk_next += due->tk_ns;
			if (fire_self(c, due->tk_id) == DSL_FIRE_EXIT)
				goto end;
			fflush(c->c_out);
			continue;
		}
		wake = earlier(due != NULL ? due->tk_next : 0, mnext);
		if (wake != 0 && wake <= t)
			continue;
		if (wake != 0) {
			ts.tv_sec = (time_t)((wake - t) / 1000000000ULL);
			ts.tv_nsec = (long)((wake - t) % 1000000000ULL);
		}
		sigprocmask(SIG_BLOCK, &block, NULL);
		if (!interrupted)	/* EINTR on a signal */
			ppoll(NULL, 0, wake != 0 ? &ts : NULL, &waitmask);
		sigprocmask(SIG_UNBLOCK, &block, NULL);
		if (interrupted)
			break;
	}
	dsl_rt_interrupted(c->c_rt);
end:
	return (dsl_rt_end(c->c_rt, NULL));
}

static void
parse_args(cmd_t *c, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int ch;

	c->c_args[0] = "pidtrace";
	c->c_nargs = 1;
	/* as dtrace: flags and macro arguments may be interleaved */
	while (optind < argc) {
		while ((ch = getopt_long(argc, argv, "+n:s:qwo:x:elvZp:c:hV",
		    longopts, NULL)) != -1) {
			switch (ch) {
			case 'n':
			case 's':
				if (c->c_nprogs == MAXPROGS)
					die("too many programs");
				c->c_progs[c->c_nprogs].cp_script = ch == 's';
				c->c_progs[c->c_nprogs].cp_arg = optarg;
				c->c_nprogs++;
				break;
			case 'q':
				/* -q is -x quiet, as in dtrace */
				c->c_quiet = true;
				if (c->c_nxopts == MAXPROGS)
					die("too many -x options");
				c->c_xopts[c->c_nxopts++] = "quiet";
				break;
			case 'w':
				/* -w is -x destructive, as in dtrace */
				if (c->c_nxopts == MAXPROGS)
					die("too many -x options");
				c->c_xopts[c->c_nxopts++] = "destructive";
				break;
			case 'o':
				c->c_outfile = optarg;
				break;
			case 'x':
				if (c->c_nxopts == MAXPROGS)
					die("too many -x options");
				c->c_xopts[c->c_nxopts++] = optarg;
				break;
			case 'e':
				c->c_compile_only = true;
				break;
			case 'l':
				c->c_list = true;
				break;
			case 'v':
				c->c_verbose = true;
				break;
			case 'Z':
				c->c_zdefs = true;
				break;
			case 'p': {
				char *e;
				long pid;

				errno = 0;
				pid = strtol(optarg, &e, 10);
				if (errno != 0 || *e != '\0' || pid <= 0 ||
				    pid > INT_MAX)
					die("invalid process id: %s", optarg);
				if (c->c_ngrabs == MAXGRABS)
					die("too many -p and -c options");
				c->c_grabs[c->c_ngrabs++].cg_pid = pid;
				break;
			}
			case 'c':
				if (c->c_ngrabs == MAXGRABS)
					die("too many -p and -c options");
				c->c_grabs[c->c_ngrabs++].cg_command = optarg;
				break;
			case 'h':
				usage(stdout);
				exit(0);
			case 'V':
				printf("pidtrace %s: D over ptrace "
				    "(after Sun D 1.x)\n", PACKAGE_VERSION);
				exit(0);
			default:
				usage(stderr);
				exit(2);
			}
		}
		if (optind < argc) {
			if (c->c_nargs == 10)
				die("too many macro arguments (the last is "
				    "$9)");
			c->c_args[c->c_nargs++] = argv[optind++];
		}
	}
}

/* -x oformat=json among the command line's options (the last wins). */
static bool
json_on_cmdline(const cmd_t *c)
{
	bool json = false;
	int i;

	for (i = 0; i < c->c_nxopts; i++)
		if (strncmp(c->c_xopts[i], "oformat=", 8) == 0)
			json = strcmp(c->c_xopts[i] + 8, "json") == 0;
	return json;
}

/*
 * -p of a process in a rootless container (a subordinate uid of ours in
 * our user namespace's child): enter that namespace before attaching,
 * as `podman unshare` does, while we have no thread (setns(2) refuses a
 * threaded caller).  A process that cannot be reached that way fails
 * here with what to run instead.
 */
static void
enter_userns(long pid)
{
	char err[512];

	if (pid > 0 && pb_proc_userns_enter((pid_t)pid, err, sizeof(err)) < 0)
		die("attach: %s", err);
}

int
main(int argc, char **argv)
{
	static cmd_t cmd;
	cmd_t *c = &cmd;
	dsl_src_t srcs[MAXPROGS];
	dsl_copts_t co;
	dsl_host_t host;
	char err[1024];
	size_t i;
	int status, saved;
	bool allowed;

	parse_args(c, argc, argv);
	if (c->c_nprogs == 0 && !c->c_list) {
		usage(stderr);
		return (2);
	}
	/*
	 * dtrace -v without -l compiles and prints each clause's minimum
	 * stability attributes; D here has no attributes but the listed
	 * probes', so say so rather than accept a flag that does nothing.
	 */
	if (c->c_verbose && !c->c_list) {
		fprintf(stderr, "pidtrace: -v without -l: the stability report "
		    "of dtrace -v is not implemented (-l -v lists the probes' "
		    "attributes and argument types)\n");
		return (2);
	}
	for (i = 0; i < c->c_nprogs; i++) {
		cmd_prog_t *p = &c->c_progs[i];

		p->cp_text = p->cp_script ? read_file(p->cp_arg) :
		    strdup(p->cp_arg);
		if (p->cp_text == NULL)
			die("out of memory");
		/* -n: the text names itself in messages, as in dtrace */
		srcs[i].ds_name = p->cp_arg;
		srcs[i].ds_text = p->cp_text;
		srcs[i].ds_len = strlen(p->cp_text);
		if (p->cp_script && c->c_nargs > 0 && i == 0)
			c->c_args[0] = p->cp_arg;	/* $0 */
	}

	/*
	 * dtrace grabs the processes before compiling, in command-line
	 * order: $target is the first one's pid ("the first such process",
	 * the Dynamic Tracing Guide's "Target Process ID").
	 */
	for (i = 0; i < c->c_ngrabs; i++)
		enter_userns(c->c_grabs[i].cg_pid);
	/*
	 * -x oformat=json given on the command line, the JSON on standard
	 * output: a -c command writes its standard output to pidtrace's
	 * standard error, so that the stream stays JSON Lines for the
	 * program reading it (pidtrace ... -c ./a.out | jq .; t/output/
	 * json-child.sh).  The command inherits the descriptors at its fork.
	 */
	saved = -1;
	if (c->c_outfile == NULL && json_on_cmdline(c)) {
		fflush(stdout);
		saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
		if (saved >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
			close(saved);
			saved = -1;
		}
	}
	for (i = 0; i < c->c_ngrabs; i++) {
		cmd_trace_t *t = trace_open((pid_t)c->c_grabs[i].cg_pid,
		    c->c_grabs[i].cg_command);

		if (c->c_tr == NULL)
			c->c_tr = t;
	}
	if (saved >= 0) {
		dup2(saved, STDOUT_FILENO);
		close(saved);
	}
	memset(&co, 0, sizeof (co));
	for (i = 0; i < (size_t)c->c_nargs; i++)
		co.co_args[i] = c->c_args[i];
	co.co_nargs = c->c_nargs;
	co.co_target = c->c_tr != NULL ? trace_pid(c->c_tr) : 0;
	co.co_xopts = c->c_xopts;
	co.co_nxopts = c->c_nxopts;
	if (c->c_tr != NULL)
		co.co_argtypes = dwtypes_argtypes;	/* args[] from DWARF */
	c->c_pg = dsl_compile(srcs, c->c_nprogs, &co, err, sizeof (err));
	if (c->c_pg == NULL)
		compile_error(c, err);
	if (dsl_prog_quiet(c->c_pg))
		c->c_quiet = true;
	if (dsl_prog_destructive(c->c_pg, &allowed) && !allowed)
		die("could not enable tracing: Destructive actions not "
		    "allowed");
	{
		/* -x oformat: dsl/emit.c's JSON Lines, or dtrace's text */
		const char *of = dsl_prog_option(c->c_pg, "oformat");

		/* none: FreeBSD's name for the text */
		if (of != NULL && strcmp(of, "json") != 0 &&
		    strcmp(of, "text") != 0 && strcmp(of, "none") != 0)
			die("failed to set -x oformat to '%s': Invalid value "
			    "(json, or text or none)", of);
	}
	if (c->c_compile_only && !c->c_list) {
		dsl_prog_free(c->c_pg);
		return (0);
	}

	c->c_out = stdout;
	if (c->c_outfile != NULL && !c->c_list) {
		c->c_out = fopen(c->c_outfile, "a");
		if (c->c_out == NULL)
			die("failed to open output file '%s': %s", c->c_outfile,
			    strerror(errno));
	}
	memset(&host, 0, sizeof (host));
	host.dh_out = c->c_out;
	host.dh_err = stderr;
	if (c->c_tr != NULL)
		trace_host(c->c_tr, &host);
	/* the tracer stage sets dh_readmem/dh_getarg for its process */
	c->c_rt = dsl_rt_create(c->c_pg, &host);
	if (c->c_rt == NULL)
		die("out of memory");
	dtrace_provider(c);
	if (c->c_list) {
		list_probes(c);
		return (0);
	}
	enable_probes(c, true);
	if (!c->c_quiet) {
		for (i = 0; i < c->c_nprogs; i++) {
			char buf[1024];
			const cmd_prog_t *p = &c->c_progs[i];

			fprintf(stderr,
			    "pidtrace: %s '%s' matched %zu probe%s\n",
			    p->cp_script ? "script" : "description",
			    prog_name(p, buf, sizeof (buf)), p->cp_matches,
			    p->cp_matches == 1 ? "" : "s");
		}
	}
	{
		const char *ml = dsl_prog_option(c->c_pg, "metrics");
		const char *mf = dsl_prog_option(c->c_pg, "metrics-file");

		if (ml != NULL || mf != NULL) {
			c->c_metrics = metrics_open(ml, mf);
			if (c->c_metrics == NULL)
				exit(1);
			if (metrics_address(c->c_metrics) != NULL)
				fprintf(stderr, "pidtrace: metrics on "
				    "http://%s/metrics\n",
				    metrics_address(c->c_metrics));
		}
	}
	status = run(c);
	flamegraph(c);
	if (c->c_metrics != NULL) {
		/* the file ends with the final counts */
		metrics_update(c->c_metrics, c->c_rt);
		metrics_close(c->c_metrics);
	}
	if ((fflush(c->c_out) != 0 || ferror(c->c_out)) &&
	    !reader_gone(c->c_out))
		die("failed to write output: %s", strerror(errno));
	dsl_rt_destroy(c->c_rt);
	dsl_prog_free(c->c_pg);
	for (i = 0; i < c->c_nprogs; i++)
		free(c->c_progs[i].cp_text);
	return (status);
}
