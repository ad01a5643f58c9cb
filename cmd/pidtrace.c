/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pidtrace: DTrace's command line over the D runtime.
 *
 * main() is: parse the flags (dtrace's, same meaning), grab the
 * processes, compile every -n and -s program into one D program, let the
 * providers claim the probe descriptions (trace_enable, the glue of
 * cmd/trace/), then run: BEGIN, the loop, END on exit() or a signal, the
 * aggregations, the exit status.  The messages are dtrace's.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <malloc.h>
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
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "cmd/cpp.h"
#include "cmd/metrics.h"
#include "cmd/trace/trace.h"
#include "dsl/dsl.h"
#include "probes/provider.h"
#include "tracer/tracer.h"

#define MAXPROGS	64

typedef struct cmd_prog {
	bool		cp_script;	/* -s FILE, else -n TEXT */
	const char	*cp_arg;	/* the file name or the text */
	char		*cp_text;	/* the D text */
	char		*cp_own;	/* -P: the text made, cp_arg */
	size_t		cp_matches;	/* probes its descriptions matched */
	size_t		cp_inlined;	/* inlined copies they fire at too */
} cmd_prog_t;

/* A -p or -c, in command-line order: dtrace grabs them in that order. */
typedef struct cmd_grab {
	long		cg_pid;		/* -p */
	const char	*cg_command;	/* -c, else NULL */
} cmd_grab_t;

typedef struct cmd {
	cmd_prog_t	c_progs[MAXPROGS];
	size_t		c_nprogs;
	const char	*c_xopts[MAXPROGS];
	size_t		c_nxopts;
	const char	*c_args[10];	/* $0..$9 */
	int		c_nargs;
	bool		c_quiet, c_compile_only, c_list, c_zdefs;
	bool		c_verbose;	/* -v: -l lists argument types */
	bool		c_cpp;		/* -C: the C preprocessor first */
	const char	*c_cpppath;	/* -x cpppath, else "cpp" */
	char		*c_cppargs[MAXPROGS];	/* -D -U -I -H, for cpp */
	size_t		c_ncppargs;
	const char	*c_outfile;
	cmd_grab_t	*c_grabs;	/* -p and -c, as many as given */
	size_t		c_ngrabs;
	FILE		*c_out;
	FILE		*c_final;	/* bufpolicy=ring: c_out's own output */
	dsl_prog_t	*c_pg;
	dsl_rt_t	*c_rt;
	trace_t		*c_tr;		/* the processes, the probes */
	cmd_metrics_t	*c_metrics;	/* -x metrics, -x metrics-file */
	uint64_t	c_mnext;	/* next rendering, CLOCK_MONOTONIC ns */
} cmd_t;

/* What die() lets go of: the processes grabbed. */
static trace_t *grabbed;

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "Usage: pidtrace [-CeqFwHlvZhV] [-n program] [-s script] "
	    "[-P provider]\n\t[-o output] "
	    "[-x opt[=val]] [-D name[=def]] [-U name] [-I path]\n"
	    "\t[-p pid]... [-c command]... [args ...]\n\n"
	    "\t-n  enable probes described by a D program (several allowed)\n"
	    "\t-s  enable probes of a D script file (several allowed)\n"
	    "\t-P  enable every probe of a provider (-n 'provider:::')\n"
	    "\t-q  quiet: only what the program prints\n"
	    "\t-F  indent by calls: entry ->, return <-, per thread\n"
	    "\t-w  allow destructive actions (system, raise, freopen)\n"
	    "\t-o  append output to a file\n"
	    "\t-x  set an option (see pidtrace(1)): quiet, destructive, "
	    "flowindent,\n"
	    "\t    aggsortkey, aggsortrev, aggsortkeypos, aggsortpos, "
	    "aggzoom,\n"
	    "\t    strsize, scratchsize, printsize, errtags, droptags, "
	    "defaultargs,\n"
	    "\t    mangled, ustackframes, jstackframes, jstackstrsize, "
	    "stackindent,\n\t    rawbytes, "
	    "stackfmt=folded, flamegraph=FILE; fastpath=off: a ptrace\n"
	    "\t    stop at every probe, fastpath=record: no clause in the "
	    "process,\n"
	    "\t    fastpath=require: refuse a probe that would stop its "
	    "thread;\n"
	    "\t    memread=check (loads of pages the kernel read first), "
	    "load\n"
	    "\t    (unchecked loads) or syscall (process_vm_readv);\n"
	    "\t    bufsize=SIZE, bufpolicy=ring; dynvarsize, aggsize, "
	    "specsize,\n"
	    "\t    nspec; zdefs, empty, pspec; oformat=json: JSON Lines;\n"
	    "\t    metrics=[ADDR:]PORT: serve Prometheus (127.0.0.1 unless "
	    "ADDR);\n"
	    "\t    metrics-file=PATH; follow: trace fork and vfork children "
	    "and\n"
	    "\t    what they exec too; cpupin[=CPU]; cpp, define=, undef=,\n"
	    "\t    incdir=, cpphdrs: -C -D -U -I -H; cpppath=PATH: the "
	    "cpp to run;\n"
	    "\t    accepted, no effect: switchrate, aggrate, statusrate, "
	    "cleanrate,\n\t    bufresize, nolibs)\n"
	    "\t-C  run the C preprocessor (cpp) over the programs first\n"
	    "\t-D  define a macro for cpp (name or name=def); -U undefine "
	    "one\n"
	    "\t-I  add a directory cpp searches for #include files\n"
	    "\t-H  print the name of each file cpp includes\n"
	    "\t-e  exit after compiling\n"
	    "\t-l  list the probes the programs match (all probes without "
	    "one)\n"
	    "\t-v  with -l: each probe's attributes, argument types "
	    "(DWARF) and\n\t    where each clause runs; tracing: at the "
	    "end, the probe sites\n\t    and firings of each path\n"
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
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "pidtrace: %s\n", msg);
	trace_free(grabbed);
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
	return buf;
}

/* dtrace crops -n text at the first { / ; to name it in notices: the
 * reason for its "description 'BEGIN ' matched 1 probe". */
static const char *
prog_name(const cmd_prog_t *p, char *buf, size_t len)
{
	size_t n;

	if (p->cp_script)
		return p->cp_arg;
	n = strcspn(p->cp_arg, "{/;");
	if (n >= len)
		n = len - 1;
	memcpy(buf, p->cp_arg, n);
	buf[n] = '\0';
	return buf;
}

/* Does msg begin with the n bytes of name, whose newlines and tabs the
 * one-line message has as blanks (a -n text of several lines)? */
static bool
same_name(const char *msg, const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (msg[i] != ((name[i] == '\n' || name[i] == '\t') ? ' ' :
		    name[i]))
			return false;
	return true;
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

		if (!same_name(msg, pr->cp_arg, n) || msg[n] != ':')
			continue;
		/* in a file it includes (-C): "x.d: inc.h:3:1: ..." */
		if (msg[n + 1] == ' ') {
			if (pr->cp_script)
				die("failed to compile script %s: %s",
				    pr->cp_arg, msg + n + 2);
			die("invalid probe specifier %s: %s", pr->cp_arg,
			    msg + n + 2);
		}
		if (pr->cp_script)
			die("failed to compile script %s: %s", pr->cp_arg, msg);
		die("invalid probe specifier %s", msg);
	}
	die("%s", msg);
}

/* "failed to compile script x.d: x.d:3:1: ..." or "invalid probe
 * specifier ...": an error at description d. */
static void __attribute__((noreturn))
desc_error(const cmd_t *c, size_t d, const char *tag, const char *what)
{
	const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, d);
	const cmd_prog_t *p = &c->c_progs[pd->pd_src];

	if (p->cp_script)
		die("failed to compile script %s: %s:%d:%d: %s%s", p->cp_arg,
		    p->cp_arg, pd->pd_line, pd->pd_col, tag, what);
	die("invalid probe specifier %s:%d:%d: %s%s", p->cp_arg, pd->pd_line,
	    pd->pd_col, tag, what);
}

/*
 * Let the providers claim each description (cmd/trace/enable.c): count
 * the matches for the notices, reject a description nothing matched
 * unless -Z.
 */
static void
enable_probes(cmd_t *c)
{
	size_t d, nd = dsl_prog_ndescs(c->c_pg), bad;
	trace_match_t *m = calloc(nd + 1, sizeof(*m));
	char err[1024], what[1200];

	if (m == NULL)
		die("out of memory");
	if (trace_enable(c->c_tr, c->c_rt, m, &bad, err, sizeof(err)) < 0) {
		const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, bad);
		const cmd_prog_t *p = &c->c_progs[pd->pd_src];

		free(m);	/* die() exits: nothing of ours stays */
		if (p->cp_script)
			die("failed to compile script %s: %s:%d:%d: %s",
			    p->cp_arg, p->cp_arg, pd->pd_line, pd->pd_col,
			    err);
		die("invalid probe specifier %s: %s", p->cp_arg, err);
	}
	for (d = 0; d < nd && !c->c_list; d++) {
		const dsl_pdesc_t *pd = dsl_prog_desc(c->c_pg, d);

		c->c_progs[pd->pd_src].cp_matches += m[d].tm_probes;
		c->c_progs[pd->pd_src].cp_inlined += m[d].tm_inlined;
		/* ours fire in traced processes only, dtrace's everywhere */
		if (m[d].tm_probes == 0 && m[d].tm_elsewhere != NULL) {
			snprintf(what, sizeof(what), "probe description %s: "
			    "%s probes fire in traced processes only: give "
			    "-p PID or -c CMD", pd->pd_text,
			    m[d].tm_elsewhere);
			free(m);
			die("%s", what);
		}
		if (m[d].tm_probes == 0 && !c->c_zdefs &&
		    !trace_proc_deferred(c->c_tr) && !m[d].tm_refused) {
			snprintf(what, sizeof(what), "probe description %s "
			    "does not match any probes", pd->pd_text);
			free(m);
			desc_error(c, d, dsl_prog_option(c->c_pg, "errtags") !=
			    NULL ? "[D_PDESC_ZERO] " : "", what);
		}
	}
	free(m);
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

	return poll(&p, 1, 0) == 1 && (p.revents & POLLERR) != 0;
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

/* -- running --------------------------------------------------------------- */

/*
 * -x metrics: render the aggregations for the exporters each second, on
 * this (the tracing) thread.  Returns when the next rendering is due (0:
 * no exporter).
 */
static uint64_t
metrics_tick(void *arg, uint64_t now)
{
	cmd_t *c = arg;

	if (c->c_metrics == NULL)
		return 0;
	if (c->c_mnext == 0 || now >= c->c_mnext) {
		metrics_update(c->c_metrics, c->c_rt);
		c->c_mnext = now + 1000000000ULL;
	}
	return c->c_mnext;
}

/* A new -p or -c at the end of the list. */
static cmd_grab_t *
add_grab(cmd_t *c)
{
	cmd_grab_t *g = realloc(c->c_grabs, (c->c_ngrabs + 1) * sizeof(*g));

	if (g == NULL)
		die("out of memory");
	c->c_grabs = g;
	g += c->c_ngrabs++;
	memset(g, 0, sizeof(*g));
	return g;
}

/* A -D, -U, -I (opt the flag, arg its argument) or -H for cpp. */
static void
add_cpparg(cmd_t *c, const char *opt, const char *arg)
{
	char *a;

	if (c->c_ncppargs == MAXPROGS)
		die("too many preprocessor options");
	if (arg != NULL && *arg == '\0')
		die("option %s requires an argument", opt);
	a = malloc(strlen(opt) + (arg != NULL ? strlen(arg) : 0) + 1);
	if (a == NULL)
		die("out of memory");
	strcpy(a, opt);
	if (arg != NULL)
		strcat(a, arg);
	c->c_cppargs[c->c_ncppargs++] = a;
}

/*
 * The preprocessor's -x options, dtrace's names for -C (cpp), -D
 * (define), -U (undef), -I (incdir), -H (cpphdrs) and the cpp to run
 * (cpppath).  They act before anything is compiled, so the command line
 * takes them; true if opt was one.
 */
static bool
cpp_xopt(cmd_t *c, const char *opt)
{
	/* the name ("=": it takes a value) and cpp's flag for it */
	static const struct { const char *x, *flag; } map[] = {
		{ "cpp", NULL },
		{ "cpphdrs", "-H" },
		{ "cpppath=", NULL },
		{ "define=", "-D" },
		{ "undef=", "-U" },
		{ "incdir=", "-I" },
	};
	size_t i, n;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		n = strlen(map[i].x);
		if (map[i].x[n - 1] == '=' ? strncmp(opt, map[i].x, n) != 0 :
		    strcmp(opt, map[i].x) != 0)
			continue;
		if (map[i].x[n - 1] == '=' && opt[n] == '\0')
			die("failed to set -x %.*s: a value expected",
			    (int)(n - 1), opt);
		if (strcmp(map[i].x, "cpp") == 0)
			c->c_cpp = true;
		else if (strcmp(map[i].x, "cpppath=") == 0)
			c->c_cpppath = opt + n;
		else
			add_cpparg(c, map[i].flag, map[i].x[n - 1] == '=' ?
			    opt + n : NULL);
		return true;
	}
	return false;
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
		while ((ch = getopt_long(argc, argv,
		    "+n:s:P:qFwo:x:elvZp:c:hVCD:U:I:H", longopts, NULL)) !=
		    -1) {
			switch (ch) {
			case 'n':
			case 's':
				if (c->c_nprogs == MAXPROGS)
					die("too many programs");
				c->c_progs[c->c_nprogs].cp_script = ch == 's';
				c->c_progs[c->c_nprogs].cp_arg = optarg;
				c->c_nprogs++;
				break;
			case 'P': {
				/* -P prov is -n 'prov:::', as in dtrace */
				char *text = malloc(strlen(optarg) + 4);

				if (text == NULL)
					die("out of memory");
				if (c->c_nprogs == MAXPROGS)
					die("too many programs");
				sprintf(text, "%s:::", optarg);
				c->c_progs[c->c_nprogs].cp_script = false;
				c->c_progs[c->c_nprogs].cp_arg = text;
				c->c_progs[c->c_nprogs].cp_own = text;
				c->c_nprogs++;
				break;
			}
			case 'F':
				/* -F is -x flowindent, as in dtrace */
				if (c->c_nxopts == MAXPROGS)
					die("too many -x options");
				c->c_xopts[c->c_nxopts++] = "flowindent";
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
			case 'C':
				c->c_cpp = true;
				break;
			case 'D':
				add_cpparg(c, "-D", optarg);
				break;
			case 'U':
				add_cpparg(c, "-U", optarg);
				break;
			case 'I':
				add_cpparg(c, "-I", optarg);
				break;
			case 'H':
				add_cpparg(c, "-H", NULL);
				break;
			case 'x':
				if (cpp_xopt(c, optarg))
					break;
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
				add_grab(c)->cg_pid = pid;
				break;
			}
			case 'c':
				add_grab(c)->cg_command = optarg;
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
	size_t i;

	for (i = 0; i < c->c_nxopts; i++)
		if (strncmp(c->c_xopts[i], "oformat=", 8) == 0)
			json = strcmp(c->c_xopts[i] + 8, "json") == 0;
	return json;
}

/* dtrace grabs the processes before compiling, in command-line order:
 * $target is the first one's pid ("the first such process", the Dynamic
 * Tracing Guide's "Target Process ID"). */
static void
grab(cmd_t *c)
{
	struct rlimit rl;
	char err[512];
	int saved = -1;
	size_t i;

	c->c_tr = grabbed = trace_new(pb_providers, stderr);
	if (c->c_tr == NULL)
		die("out of memory");
	/*
	 * A process holds a few descriptors (its memory, its ring): the
	 * soft limit of 1024 would stop a few hundred -p short of what the
	 * hard limit allows.
	 */
	if (c->c_ngrabs > 64 && getrlimit(RLIMIT_NOFILE, &rl) == 0 &&
	    rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		(void)setrlimit(RLIMIT_NOFILE, &rl);
	}
	/* all before the first attach, while pidtrace has no thread */
	for (i = 0; i < c->c_ngrabs; i++)
		if (trace_proc_userns((pid_t)c->c_grabs[i].cg_pid, err,
		    sizeof(err)) < 0)
			die("attach: %s", err);
	/*
	 * -x oformat=json given on the command line, the JSON on standard
	 * output: a -c command writes its standard output to pidtrace's
	 * standard error, so that the stream stays JSON Lines for the
	 * program reading it (pidtrace ... -c ./a.out | jq .; t/output/
	 * json-child.sh).  The command inherits the descriptors at its fork.
	 */
	if (c->c_outfile == NULL && json_on_cmdline(c)) {
		fflush(stdout);
		saved = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
		if (saved >= 0 && dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
			close(saved);
			saved = -1;
		}
	}
	for (i = 0; i < c->c_ngrabs; i++) {
		if (trace_proc_grab(c->c_tr, (pid_t)c->c_grabs[i].cg_pid,
		    c->c_grabs[i].cg_command, err, sizeof(err)) == 0)
			continue;
		if (err[0] != '\0')
			die("%s", err);
		/* the tracer's message and hints, in our shape */
		fprintf(stderr, "pidtrace: %s\n", tr_errmsg());
		for (size_t k = 0; tr_errhint(k) != NULL; k++)
			fprintf(stderr, "hint: %s\n", tr_errhint(k));
		trace_free(c->c_tr);
		exit(1);
	}
	if (saved >= 0) {
		dup2(saved, STDOUT_FILENO);
		close(saved);
	}
}

/* -x metrics, -x metrics-file: the exporters. */
static void
metrics_start(cmd_t *c)
{
	const char *ml = dsl_prog_option(c->c_pg, "metrics");
	const char *mf = dsl_prog_option(c->c_pg, "metrics-file");

	if (ml == NULL && mf == NULL)
		return;
	if ((c->c_metrics = metrics_open(ml, mf)) == NULL) {
		trace_free(c->c_tr);
		exit(1);
	}
	if (metrics_address(c->c_metrics) != NULL)
		fprintf(stderr, "pidtrace: metrics on http://%s/metrics\n",
		    metrics_address(c->c_metrics));
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
	int status;
	bool allowed;
	const char *why, *opt;

	/* a ^C while attaching or compiling ends the trace cleanly */
	trace_run_catch_signals();
	/*
	 * glibc's default, fixed: raised by each big free, it let the
	 * tables of a probe on every function grow in the heap by copies
	 * that left holes in the RSS.  Mapped, a big table grows by mremap
	 * and goes back to the system when freed.
	 */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	parse_args(c, argc, argv);
	if (c->c_nprogs == 0 && !c->c_list) {
		usage(stderr);
		return 2;
	}
	for (i = 0; i < c->c_nprogs; i++) {
		cmd_prog_t *p = &c->c_progs[i];

		p->cp_text = p->cp_script ? read_file(p->cp_arg) :
		    strdup(p->cp_arg);
		if (p->cp_text == NULL)
			die("out of memory");
		if (c->c_cpp) {
			/* before any process is grabbed: a failure harms
			 * nothing */
			char *pp = cpp_run(c->c_cpppath != NULL ?
			    c->c_cpppath : "cpp",
			    (const char *const *)c->c_cppargs, c->c_ncppargs,
			    p->cp_arg, p->cp_text, err, sizeof(err));

			if (pp == NULL && p->cp_script)
				die("failed to compile script %s: %s",
				    p->cp_arg, err);
			if (pp == NULL)
				die("invalid probe specifier %s: %s",
				    p->cp_arg, err);
			free(p->cp_text);
			p->cp_text = pp;
		}
		/* -n: the text names itself in messages, as in dtrace */
		srcs[i].ds_name = p->cp_arg;
		srcs[i].ds_text = p->cp_text;
		srcs[i].ds_len = strlen(p->cp_text);
		srcs[i].ds_file = p->cp_script;
		if (p->cp_script && c->c_nargs > 0 && i == 0)
			c->c_args[0] = p->cp_arg;	/* $0 */
	}
	grab(c);
	memset(&co, 0, sizeof(co));
	for (i = 0; i < (size_t)c->c_nargs; i++)
		co.co_args[i] = c->c_args[i];
	co.co_nargs = c->c_nargs;
	co.co_target = trace_proc_target(c->c_tr);
	co.co_xopts = c->c_xopts;
	co.co_nxopts = c->c_nxopts;
	if (co.co_target != 0) {
		co.co_argtypes = trace_dwtypes;	/* args[] from DWARF */
		co.co_cookie = c->c_tr;
	}
	c->c_pg = dsl_compile(srcs, c->c_nprogs, &co, err, sizeof(err));
	if (c->c_pg == NULL)
		compile_error(c, err);
	if (dsl_prog_quiet(c->c_pg))
		c->c_quiet = true;
	if (dsl_prog_option(c->c_pg, "zdefs") != NULL)
		c->c_zdefs = true;	/* -x zdefs is -Z */
	if (trace_check_options(c->c_pg, err, sizeof(err)) < 0)
		die("%s", err);
	if (c->c_compile_only && !c->c_list) {
		dsl_prog_free(c->c_pg);
		trace_free(c->c_tr);
		return 0;
	}
	trace_configure(c->c_tr, c->c_pg, (c->c_zdefs ? TRACE_ZDEFS : 0) |
	    (c->c_list ? TRACE_LIST : 0) | (c->c_verbose ? TRACE_VERBOSE : 0));
	if (trace_proc_launched(c->c_tr, err, sizeof(err)) < 0) {
		fprintf(stderr, "pidtrace: %s\n", err);
		trace_free(c->c_tr);
		exit(1);
	}

	c->c_out = stdout;
	if (c->c_outfile != NULL && !c->c_list) {
		c->c_out = fopen(c->c_outfile, "a");
		if (c->c_out == NULL)
			die("failed to open output file '%s': %s", c->c_outfile,
			    strerror(errno));
	}
	if ((opt = dsl_prog_option(c->c_pg, "bufpolicy")) != NULL &&
	    strcmp(opt, "ring") == 0) {
		c->c_final = c->c_out;
		c->c_out = trace_outring_open(c->c_tr, c->c_final);
		if (c->c_out == NULL)
			die("out of memory");
	}
	memset(&host, 0, sizeof(host));
	host.dh_out = c->c_out;
	host.dh_err = stderr;
	trace_host(c->c_tr, &host);
	c->c_rt = dsl_rt_create(c->c_pg, &host);
	if (c->c_rt == NULL)
		die("out of memory");
	enable_probes(c);
	if (c->c_list) {
		trace_list(c->c_tr, stdout);
		trace_free(c->c_tr);
		return 0;
	}
	if (!c->c_quiet) {
		for (i = 0; i < c->c_nprogs; i++) {
			char buf[1024], more[64] = "";
			const cmd_prog_t *p = &c->c_progs[i];

			/* entry probes fire at inlined copies too */
			if (p->cp_inlined != 0)
				snprintf(more, sizeof(more), " (and %zu "
				    "inlined cop%s)", p->cp_inlined,
				    p->cp_inlined == 1 ? "y" : "ies");
			fprintf(stderr,
			    "pidtrace: %s '%s' matched %zu probe%s%s\n",
			    p->cp_script ? "script" : "description",
			    prog_name(p, buf, sizeof(buf)), p->cp_matches,
			    p->cp_matches == 1 ? "" : "s", more);
		}
	}
	/* as dtrace_go() refuses, once the probes matched; nothing is
	 * patched in a process before the run */
	if (dsl_prog_destructive(c->c_pg, &allowed) && !allowed)
		die("could not enable tracing: Destructive actions not "
		    "allowed");
	if ((why = dsl_prog_enable_error(c->c_pg)) != NULL)
		die("could not enable tracing: %s", why);
	metrics_start(c);
	status = trace_run(c->c_tr, metrics_tick, c);
	if (status < 0)
		status = 1;
	{
		char nm[1024];
		size_t d;

		if (trace_run_nomatch(c->c_tr, &d, nm, sizeof(nm))) {
			fflush(c->c_out);
			desc_error(c, d, "", nm);
		}
	}
	flamegraph(c);
	if (c->c_metrics != NULL) {
		/* the file ends with the final counts */
		metrics_update(c->c_metrics, c->c_rt);
		metrics_close(c->c_metrics);
	}
	if (c->c_final != NULL) {
		/* the ring's lines, at last */
		fclose(c->c_out);
		c->c_out = c->c_final;
	}
	if ((fflush(c->c_out) != 0 || ferror(c->c_out)) &&
	    !reader_gone(c->c_out))
		die("failed to write output: %s", strerror(errno));
	dsl_rt_destroy(c->c_rt);
	dsl_prog_free(c->c_pg);
	trace_free(c->c_tr);
	for (i = 0; i < c->c_nprogs; i++) {
		free(c->c_progs[i].cp_text);
		free(c->c_progs[i].cp_own);
	}
	free(c->c_grabs);
	for (i = 0; i < c->c_ncppargs; i++)
		free(c->c_cppargs[i]);
	return status;
}
