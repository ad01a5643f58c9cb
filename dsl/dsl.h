/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dsl.h: the D language, as the host (cmd/pidtrace.c, later an in-process
 * agent) sees it.
 *
 * Pipeline: dsl_compile() lexes, parses and checks every source text into
 * one immutable dsl_prog_t (flat arrays of nodes indexed by number, a
 * string table, variable and aggregation tables: no pointer into anything
 * of the host).  dsl_rt_create() makes the runtime state (variables,
 * aggregations, output); the host registers the probes it enabled and
 * which descriptions enable them, then calls dsl_eval_fire() on each firing.
 * dsl_rt_end() fires END and prints the aggregations.
 *
 * The language knows nothing of ptrace or ELF: it reads tracee memory only
 * through dh_readmem.  Nothing here is thread-safe: one thread drives a
 * runtime.
 */
#ifndef DSL_DSL_H
#define DSL_DSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct dsl_prog dsl_prog_t;	/* compiled program, immutable */
typedef struct dsl_rt dsl_rt_t;		/* variables, aggregations, output */
typedef struct dsl_typetab dsl_typetab_t;	/* C types */

/* One program text: a -n argument or the contents of a -s file. */
typedef struct dsl_src {
	const char	*ds_name;	/* for messages: "put.d"; pidtrace names
					 * a -n text by the text itself */
	const char	*ds_text;	/* NUL-terminated; a first #! line is
					 * skipped */
	size_t		ds_len;		/* bytes of ds_text */
	bool		ds_file;	/* a -s file: each probe description
					 * needs a predicate or actions (a
					 * bare one is a -n text's only) */
} dsl_src_t;

#define DSL_MAXMACROARGS	10	/* $0..$9 */

/*
 * C types the host knows (from DWARF of the traced process), given to
 * the compiler in dsl_copts_t.co_types.  A program's own struct, union,
 * enum and typedef declarations are added to a copy of it, so the
 * compiled program holds every type it uses in flat arrays (prog.h:
 * dsl_ctype_t, indexes, names in the table's own string table).
 *
 * Types are numbered from 1; every call returns the new type's number,
 * or 0 when out of memory or given a bad argument.  Build a type before
 * any that refers to it, except a struct or union, which may be created
 * first (dsl_type_struct), referred to, and given its members after.
 * Offsets and sizes are in bytes; the host computes the layout (DWARF
 * says it), the compiler only lays out the program's own declarations.
 */
dsl_typetab_t	*dsl_type_tab_create(void);
void		dsl_type_tab_free(dsl_typetab_t *);
int32_t		dsl_type_void(dsl_typetab_t *);
/* A named integer type: "int", "uint64_t", "char"... */
int32_t		dsl_type_int(dsl_typetab_t *, const char *name, size_t size,
		    bool sign);
/* A floating-point type: "float" (4), "double" (8), "long double" (16).
 * D keeps such values but does no arithmetic on them. */
int32_t		dsl_type_float(dsl_typetab_t *, const char *name, size_t size);
int32_t		dsl_type_ptr(dsl_typetab_t *, int32_t to);
int32_t		dsl_type_array(dsl_typetab_t *, int32_t elem, uint32_t n);
/* struct or union TAG ("" = anonymous) of size bytes; members added with
 * dsl_type_member in order. */
int32_t		dsl_type_struct(dsl_typetab_t *, const char *tag,
		    bool isunion, uint64_t size);
int32_t		dsl_type_member(dsl_typetab_t *, int32_t st,
		    const char *name, int32_t type, uint64_t off);
/* enum TAG (4 bytes), enumerators with dsl_type_enumerator. */
int32_t		dsl_type_enum(dsl_typetab_t *, const char *tag);
int32_t		dsl_type_enumerator(dsl_typetab_t *, int32_t en,
		    const char *name, int64_t value);
int32_t		dsl_type_typedef(dsl_typetab_t *, const char *name,
		    int32_t type);

/* Find a type of the table by its D name: "struct point", "union u",
 * "enum color", a typedef or integer name ("uint64_t").  0 if none.  A
 * host that adds types (DWARF) looks a name up first, so that a type the
 * program declares wins over its own. */
int32_t		dsl_type_lookup(const dsl_typetab_t *, const char *name);
/* Struct or union st if it is a forward reference only (named, no
 * members yet: "struct rec *" in a cast), now of size bytes, for the
 * host to give it its members; else 0 (a declaration that wins). */
int32_t		dsl_type_complete(dsl_typetab_t *, int32_t st, uint64_t size);

/*
 * args[] of a probe description, from the host (co_argtypes): the C type
 * of each argument in the table given (0: untyped, an int64_t as argN)
 * and the parameter's name ("" if none): args[i] and args->name.
 */
#define DSL_ARGNAMELEN	64
typedef struct dsl_argtype {
	int32_t		at_type;
	char		at_name[DSL_ARGNAMELEN];
	/*
	 * The argument word (argN) args[i] reads, plus one; 0: word i.  A
	 * parameter the calling convention moves is not word i: one after
	 * a C++ string_view (two registers), a Go string (two), a
	 * hidden return pointer.
	 */
	uint16_t	at_word;
	/*
	 * A counted string or array (a Go string or slice, a C++
	 * string_view: a pointer and a length in two words): the word of
	 * its length, plus one; 0 if none.  stringof(args[i]) and
	 * copyinstr(args[i]) then read at most that many bytes (such
	 * strings need no NUL).
	 */
	uint16_t	at_lenword;
} dsl_argtype_t;

struct dsl_pdesc;		/* a probe description, below */

/* Compile options: what the command line says. */
typedef struct dsl_copts {
	const char	*co_args[DSL_MAXMACROARGS];	/* $0..$9, or NULL */
	int		co_nargs;	/* co_args set, $0 included */
	long		co_target;	/* $target and $pid: 0 when none */
	/* -x options in command-line order ("name" or "name=value"); the
	 * compiler applies those it knows (quiet, aggsortkey, strsize, ...)
	 * and rejects unknown names. */
	const char	**co_xopts;
	size_t		co_nxopts;
	const dsl_typetab_t *co_types;	/* the host's C types, or NULL */
	/*
	 * Optional: the types of args[] of the probes description pd
	 * matches (pid probes: from DWARF).  Called while compiling, only
	 * for clauses that use args[], about once per description; pd's strings
	 * live during the call.  Types are added to tt (the program's own
	 * table) with dsl_type_*; out[0..max) is zeroed by the caller.
	 * Returns how many arguments it typed (0: none, args[i] stays
	 * argN), or -1 with a one-line message in err (no place: the
	 * compiler adds the place of the args[] it was typing).
	 */
	int		(*co_argtypes)(void *cookie,
			    const struct dsl_pdesc *pd,
			    dsl_typetab_t *tt, dsl_argtype_t *out, size_t max,
			    char *err, size_t errlen);
	void		*co_cookie;
} dsl_copts_t;

/*
 * Compile srcs[0..nsrcs-1], in command-line order, into one program.  On
 * error returns NULL and writes one line (no newline) into err:
 * "NAME:LINE:COL: message" (with "[D_TAG] " before the message when
 * -x errtags), where NAME is the ds_name of the failing text; in a file
 * a line marker named (# N "inc.h", cpp's), "NAME: inc.h:LINE:COL: ...".
 * The caller
 * prefixes "pidtrace: failed to compile script NAME: " (or for -n
 * "pidtrace: invalid probe specifier ").  An error in a -x option has
 * no place: "failed to set -x NAME: Invalid option name".  Never crashes
 * on any input (fuzz/fuzz-d).
 */
dsl_prog_t	*dsl_compile(const dsl_src_t *srcs, size_t nsrcs,
		    const dsl_copts_t *opts, char *err, size_t errlen);
void		dsl_prog_free(dsl_prog_t *);

/* A probe description of the program, after $target/$N substitution. */
typedef struct dsl_pdesc {
	const char	*pd_prov;	/* "" = any; may hold * ? [...] globs */
	const char	*pd_mod;
	const char	*pd_func;
	const char	*pd_name;
	const char	*pd_text;	/* prov:mod:func:name, for messages */
	size_t		pd_src;		/* the srcs[] index it is in */
	int		pd_line;	/* where it is, for messages */
	int		pd_col;
} dsl_pdesc_t;

/* The descriptions in program order (clause order, then comma order).
 * The pointers live as long as the program. */
size_t		dsl_prog_ndescs(const dsl_prog_t *);
const dsl_pdesc_t *dsl_prog_desc(const dsl_prog_t *, size_t i);

/* Glob match (* ? [...], as DTrace's gmatch) of every field of a
 * description against a probe; empty description fields match anything. */
bool		dsl_prog_desc_match(const dsl_pdesc_t *, const char *prov,
		    const char *mod, const char *func, const char *name);
bool		dsl_prog_glob(const char *pattern, const char *s);

/*
 * Whether the clause of description d walks the user stack (ustack(),
 * jstack(), ucaller): its probes must stop the firing thread (the host
 * gives dh_ustack a thread in ptrace-stop), never take a path that
 * records without stopping.
 */
bool		dsl_prog_desc_stack(const dsl_prog_t *, size_t d);

/* Option values after compile (-x and #pragma D option). */
bool		dsl_prog_quiet(const dsl_prog_t *);
/* Whether the program has destructive actions (system(), raise(),
 * freopen()); *allowed (if not NULL) says whether the destructive option
 * (-w) is set.  dtrace refuses to enable one that has them unallowed
 * ("Destructive actions not allowed"). */
bool		dsl_prog_destructive(const dsl_prog_t *, bool *allowed);
/* Why the program cannot be enabled as its options ask, in dtrace's
 * words ("Enabling exceeds size of buffer": -x aggsize or dynvarsize too
 * small for one entry), or NULL.  dtrace refuses it once its probes
 * matched ("could not enable tracing: ..."). */
const char	*dsl_prog_enable_error(const dsl_prog_t *);
/* The value of an option as given ("" if set with no value), or NULL if
 * unset: lets the host read options it owns (mangled, bufsize, ...). */
const char	*dsl_prog_option(const dsl_prog_t *, const char *name);

/* What the runtime needs from the host. */
typedef struct dsl_host {
	FILE	*dh_out;	/* trace output: the -o file or stdout */
	FILE	*dh_err;	/* runtime error lines; NULL = stderr */
	bool	dh_quiet;	/* force quiet (the program's quiet option,
				 * -q or -x quiet, also sets it) */
	/* Read len bytes of the traced process at addr (copyin, copyinstr,
	 * stringof): 0, or -1 with errno set.  NULL = no process: every read
	 * is a runtime error ("invalid address"). */
	int	(*dh_readmem)(void *cookie, uint64_t addr, void *buf,
		    size_t len);
	/* Argument i (>= DSL_NARGS or not in the ctx) on demand; optional. */
	int	(*dh_getarg)(void *cookie, int i, uint64_t *val);
	/* Name an address for printf's %a and %A ("libc.so.6`malloc+0x1a"
	 * in buf, NUL-terminated): 0, or -1 if unknown (then printed in
	 * hex).  Optional; called on the firing path of printf(). */
	int	(*dh_addr2sym)(void *cookie, uint64_t addr, char *buf,
		    size_t len);
	/* Walk the user stack of the firing thread into pcs: pcs[0] its
	 * pc, then each caller's return address, at most max.  Returns the
	 * number of frames, 0 if unknown.  Optional (ustack(), jstack(),
	 * ucaller); called on the firing path of clauses that use them. */
	int	(*dh_ustack)(void *cookie, uint64_t *pcs, int max);
	/* The firing thread's time on CPU in ns (vtimestamp) when the ctx
	 * has none: 0 if unknown (then vtimestamp is timestamp).  Optional;
	 * called on the firing path of clauses that read vtimestamp. */
	uint64_t (*dh_vtimestamp)(void *cookie);
	/* Name pc of process pid when a stack is printed, perhaps after
	 * the process is gone: as dh_addr2sym, with dh_cookie, but 1 when
	 * the name is a JIT's (code in no file, named by the runtime: what
	 * dtrace's ustack helpers give), which a stack with string space
	 * (jstack(), ustack's strsize) prints only within it, and one
	 * without (ustack()) in full.  Optional (frames print in hex
	 * without it). */
	int	(*dh_pcsym)(void *hcookie, int32_t pid, uint64_t pc,
		    char *buf, size_t len);
	/* raise(): send sig to thread tid of the process cookie (the
	 * ctx's cx_cookie) traces: 0, or -1 with errno set.  Optional; a
	 * firing without a process (BEGIN, END, tick) signals pidtrace
	 * itself, as dtrace's raise() there signals dtrace. */
	int	(*dh_raise)(void *cookie, int32_t tid, int sig);
	/* uregs[r]: register r of the firing thread, r in DTrace's R_*
	 * numbering for x86-64 (Oracle's regs.d: R_R15 0 ... R_RDI 14,
	 * R_RIP 16, R_RSP 19, R_TRAPNO 25): 0, or -1 when the firing has
	 * no such register (uregs[] then reads 0).  Optional; called on
	 * the firing path of clauses that read uregs[], whose probes
	 * stop the thread (dsl_rt_needs_stop). */
	int	(*dh_ureg)(void *cookie, int r, uint64_t *val);
	void	*dh_cookie;
} dsl_host_t;

#define DSL_NARGS	10

/* One firing, filled by the host.  Strings live until dsl_eval_fire returns. */
typedef struct dsl_ctx {
	uint64_t	cx_args[DSL_NARGS];	/* arg0..arg9 */
	uint32_t	cx_nargs;	/* how many of cx_args are valid, the
					 * rest from dh_getarg (else 0); 0 =
					 * all ten are valid */
	int32_t		cx_pid;
	int32_t		cx_ppid;
	int32_t		cx_tid;		/* keys self-> storage */
	uint32_t	cx_uid;
	uint32_t	cx_gid;
	int32_t		cx_cpu;
	int32_t		cx_errno;	/* errno: the error of the system call
					 * a syscall return probe saw, else 0 */
	const char	*cx_execname;	/* NULL = "" */
	uint64_t	cx_timestamp;	/* ns, CLOCK_MONOTONIC; 0 = read it */
	uint64_t	cx_vtimestamp;	/* ns on CPU; 0 = cx_timestamp */
	uint64_t	cx_walltimestamp;	/* ns since the epoch at the
					 * firing (a record's); 0 = read it */
	void		*cx_cookie;	/* passed to the dh_ hooks */
} dsl_ctx_t;

/* Fill a context that describes this process (BEGIN, END and tick
 * firings when nothing is traced): pid, tid, uid, cpu... */
void		dsl_rt_ctx_self(dsl_ctx_t *);

/* Create the runtime of a program; the program must outlive it.  host is
 * copied.  Returns NULL only when out of memory. */
dsl_rt_t	*dsl_rt_create(const dsl_prog_t *, const dsl_host_t *host);

/*
 * Register a probe the host enabled, with its four-part name as the user
 * sees it (the host decides whether func is demangled).  Ids are 1-based,
 * dense, in registration order: they are the ID column and `id`.  Register
 * dtrace:::BEGIN, END and ERROR first (ids 1, 2, 3 as in DTrace).  Returns
 * 0 when out of memory.  Not for the firing path.
 */
uint32_t	dsl_rt_add_probe(dsl_rt_t *, const char *prov, const char *mod,
		    const char *func, const char *name);
/*
 * The four parts of probe id's name, as registered; they live as long as
 * the runtime, for a host that would otherwise keep a copy of its own.
 * -1 when there is no such probe.
 */
int		dsl_rt_probe_names(const dsl_rt_t *, uint32_t id,
		    const char **prov, const char **mod, const char **func,
		    const char **name);
/* Run the clause of description desc_index when probe probe_id fires.  A
 * clause with several descriptions matching one probe runs once.  Returns
 * 0, or -1 for a bad id or index.  Not for the firing path. */
int		dsl_rt_enable(dsl_rt_t *, uint32_t probe_id, size_t desc_index);
/*
 * Whether a clause enabled on probe_id needs the traced thread stopped
 * when it runs: it reads tracee memory (copyin, copyinstr, stringof) or
 * an argument past arg5 (from the stack).  Such probes keep the host's
 * stopping path; the others may run from a record taken in the thread.
 * why (may be NULL) gets the first reason, e.g. "copyinstr()".  Not for
 * the firing path.
 */
bool		dsl_rt_needs_stop(const dsl_rt_t *, uint32_t probe_id,
		    const char **why);
/*
 * The argument words the clauses enabled on probe_id read: bit N for
 * argN (args[i] counts as the words it reads, at_word and at_lenword),
 * bit 63 for arg63 and past.  A host whose quick path records only some
 * words of some probes stops the others.  Not for the firing path.
 */
uint64_t	dsl_rt_args_read(const dsl_rt_t *, uint32_t probe_id);
/* How many (probe, clause) pairs are enabled: the enabled probe ids
 * (EPIDs) 1..n of runtime error messages. */
size_t		dsl_rt_nenabled(const dsl_rt_t *);

#define DSL_FIRE_OK	0
#define DSL_FIRE_EXIT	1	/* exit() has been called (now or before) */

/*
 * Run every clause enabled on probe_id, in program order: predicates,
 * statements, output.  Cheap: no malloc unless a new thread, key or
 * aggregation entry appears.  A runtime error (division by zero, bad
 * address) stops the clause, prints one line on dh_err, fires ERROR, and
 * the next clause runs.  After exit() every later firing but END is
 * ignored.  Output goes to dh_out unflushed: the host flushes when it
 * wants the user to see it (the command flushes after each tick).
 */
int		dsl_eval_fire(dsl_rt_t *, uint32_t probe_id,
		    const dsl_ctx_t *ctx);
/* The id of a registered dtrace:::BEGIN / END (0 if none). */
uint32_t	dsl_rt_begin_id(const dsl_rt_t *);
/* How many runtime errors (faults) have been reported so far. */
uint64_t	dsl_rt_errors(const dsl_rt_t *);
/* True once exit() ran. */
bool		dsl_rt_exited(const dsl_rt_t *);

/* Free the self-> storage of a thread that exited. */
void		dsl_var_thread_gone(dsl_rt_t *, uint64_t tid);

/*
 * The end of tracing: fire END (once, with ctx, or a context of this
 * process when ctx is NULL), print the blank line and every aggregation
 * not yet printed (dtrace's dtrace_aggregate_print), flush the output.
 * Returns the exit status: exit()'s argument, else 0.
 */
int		dsl_rt_end(dsl_rt_t *, const dsl_ctx_t *ctx);
void		dsl_rt_destroy(dsl_rt_t *);

/*
 * -x flamegraph=FILE: write to fp an interactive SVG flame graph (hover,
 * click to zoom, search) of the first aggregation keyed by a stack
 * (ustack(), jstack()), frames named through dh_pcsym.  The host opens
 * the file (the option's value): the language writes no file.  Call
 * after dsl_rt_end.  0, or -1 on a write error.
 */
int		dsl_flame_svg(dsl_rt_t *, FILE *fp);

/* A SIGINT or SIGTERM ended tracing: prints the newline dtrace prints
 * after a ^C (quiet or not).  Call it before dsl_rt_end. */
void		dsl_rt_interrupted(dsl_rt_t *);

#endif /* DSL_DSL_H */
