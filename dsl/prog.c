/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * prog.c: the compiled program as its readers see it: the host (its
 * descriptions and options, matching them against probes, freeing it) and
 * the runtime (the names of functions).  Part of the runtime: nothing
 * here reaches the compiler, so a runtime linked without one runs it.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dsl/rt.h"

/* The D name of each function F_* (progenyof() is not offered). */
static const char *const funcnames[F_NFUNCS] = {
	[F_STRLEN] = "strlen",
	[F_STRJOIN] = "strjoin",
	[F_SUBSTR] = "substr",
	[F_INDEX] = "index",
	[F_RINDEX] = "rindex",
	[F_STRSTR] = "strstr",
	[F_STRCHR] = "strchr",
	[F_STRRCHR] = "strrchr",
	[F_STRTOK] = "strtok",
	[F_BASENAME] = "basename",
	[F_DIRNAME] = "dirname",
	[F_LLTOSTR] = "lltostr",
	[F_TOUPPER] = "toupper",
	[F_TOLOWER] = "tolower",
	[F_RAND] = "rand",
	[F_COPYINSTR] = "copyinstr",
	[F_COPYIN] = "copyin",
	[F_STRINGOF] = "stringof",
	[F_PROGENYOF] = NULL,
	[F_ALLOCA] = "alloca",
	[F_BCOPY] = "bcopy",
	[F_SPECULATION] = "speculation",
	[F_HTONS] = "htons",
	[F_HTONL] = "htonl",
	[F_HTONLL] = "htonll",
	[F_NTOHS] = "ntohs",
	[F_NTOHL] = "ntohl",
	[F_NTOHLL] = "ntohll",
	[F_INET_NTOA] = "inet_ntoa",
	[F_INET_NTOA6] = "inet_ntoa6",
	[F_INET_NTOP] = "inet_ntop",
	[F_LINK_NTOP] = "link_ntop",
	[F_CLEANPATH] = "cleanpath",
	[F_USTACK] = "ustack",
	[F_JSTACK] = "jstack",
	[F_STACK] = "stack",
	[F_UFUNC] = "ufunc",
	[F_UMOD] = "umod",
	[F_USYM] = "usym",
	[F_UADDR] = "uaddr",
	[F_PRINTF] = "printf",
	[F_PRINTA] = "printa",
	[F_TRACE] = "trace",
	[F_PRINT] = "print",
	[F_EXIT] = "exit",
	[F_CLEAR] = "clear",
	[F_TRUNC] = "trunc",
	[F_NORMALIZE] = "normalize",
	[F_DENORMALIZE] = "denormalize",
	[F_SPECULATE] = "speculate",
	[F_COMMIT] = "commit",
	[F_DISCARD] = "discard",
	[F_STOP] = "stop",
	[F_RAISE] = "raise",
	[F_SYSTEM] = "system",
	[F_FREOPEN] = "freopen",
	[F_PANIC] = "panic",
	[F_CHILL] = "chill",
	[F_BREAKPOINT] = "breakpoint",
	[F_COPYOUT] = "copyout",
	[F_COPYOUTSTR] = "copyoutstr",
	[F_SETOPT] = "setopt",
	[F_COUNT] = "count",
	[F_SUM] = "sum",
	[F_AVG] = "avg",
	[F_MIN] = "min",
	[F_MAX] = "max",
	[F_STDDEV] = "stddev",
	[F_QUANTIZE] = "quantize",
	[F_LQUANTIZE] = "lquantize",
	[F_LLQUANTIZE] = "llquantize",
};

/*
 * The options, as dtrace-utils' dt_options.c parses them: booleans take
 * no value, yes/no and their kin, or a number; sizes a number with k, m,
 * g or t; rates a number with a unit (ns, us, ms, s, m, h, d) or hz.
 * Refused are those that act on the kernel, on D libraries, on the C
 * preprocessor or on the code dtrace generates, none of which pidtrace
 * has, each with its reason.  The preprocessor's options are the command
 * line's (cmd/pidtrace.c takes -x cpp, define, undef, incdir, cpphdrs
 * and cpppath before compiling); in a #pragma they come too late, as in
 * dtrace (its option context error).
 */
#define CPP_WHY	"the C preprocessor runs before the program is read: " \
	"give -C, -D, -U, -I or -H on the command line"
enum { OV_BOOL, OV_NUM, OV_SIZE, OV_RATE, OV_STR, OV_POLICY, OV_RESIZE,
	OV_NO };

static const struct optdesc {
	const char	*od_name;
	int8_t		od_opt;		/* O_*, or DSL_OPT_HOST */
	uint8_t		od_val;		/* OV_* */
	bool		od_dyn;		/* setopt() changes it */
	const char	*od_why;	/* OV_NO: why not */
} opts[] = {
	{ "aggpack", 0, OV_NO, false, "illumos's packed histograms are not "
	    "implemented (Oracle's Linux DTrace has no aggpack)" },
	{ "aggpercpu", 0, OV_NO, false, "pidtrace keeps one aggregation for "
	    "all CPUs" },
	{ "aggrate", DSL_OPT_HOST, OV_RATE, true, NULL },
	{ "aggsize", O_AGGSIZE, OV_SIZE, false, NULL },
	{ "aggsortkey", O_AGGSORTKEY, OV_BOOL, true, NULL },
	{ "aggsortkeypos", O_AGGSORTKEYPOS, OV_NUM, true, NULL },
	{ "aggsortpos", O_AGGSORTPOS, OV_NUM, true, NULL },
	{ "aggsortrev", O_AGGSORTREV, OV_BOOL, true, NULL },
	{ "aggzoom", O_AGGZOOM, OV_BOOL, true, NULL },
	{ "amin", 0, OV_NO, false, "pidtrace reports no stability "
	    "attributes" },
	{ "bufpolicy", DSL_OPT_HOST, OV_POLICY, false, NULL },
	{ "bufresize", DSL_OPT_HOST, OV_RESIZE, false, NULL },
	{ "bufsize", DSL_OPT_HOST, OV_SIZE, false, NULL },
	{ "cleanrate", DSL_OPT_HOST, OV_RATE, false, NULL },
	{ "core", 0, OV_NO, false, "pidtrace writes no core file of its "
	    "own" },
	{ "cpp", 0, OV_NO, false, CPP_WHY },
	{ "cpphdrs", 0, OV_NO, false, CPP_WHY },
	{ "cpppath", 0, OV_NO, false, CPP_WHY },
	{ "cpu", 0, OV_NO, false, "pidtrace traces processes, on whatever "
	    "CPU they run" },
	{ "cpupin", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "ctypes", 0, OV_NO, false, "pidtrace writes no CTF" },
	{ "debug", 0, OV_NO, false, "libdtrace's debugging output" },
	{ "defaultargs", O_DEFAULTARGS, OV_BOOL, false, NULL },
	{ "define", 0, OV_NO, false, CPP_WHY },
	{ "destructive", O_DESTRUCTIVE, OV_BOOL, false, NULL },
	{ "disasm", 0, OV_NO, false, "pidtrace generates no DIF or BPF to "
	    "show" },
	{ "droptags", O_DROPTAGS, OV_BOOL, false, NULL },
	{ "dtypes", 0, OV_NO, false, "pidtrace writes no CTF" },
	{ "dynvarsize", O_DYNVARSIZE, OV_SIZE, false, NULL },
	{ "empty", DSL_OPT_HOST, OV_BOOL, false, NULL },
	{ "encoding", 0, OV_NO, false, "pidtrace generates no DIF" },
	{ "errtags", O_ERRTAGS, OV_BOOL, false, NULL },
	{ "evaltime", 0, OV_NO, false, "pidtrace enables its probes when it "
	    "has grabbed the process (-c: once exec is done)" },
	{ "fastpath", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "flamegraph", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "flowindent", DSL_OPT_HOST, OV_BOOL, true, NULL },
	{ "follow", DSL_OPT_HOST, OV_BOOL, false, NULL },
	{ "grabanon", 0, OV_NO, false, "anonymous tracing is the kernel's" },
	{ "incdir", 0, OV_NO, false, CPP_WHY },
	{ "iregs", 0, OV_NO, false, "pidtrace has no registers to spare" },
	{ "jstackframes", DSL_OPT_HOST, OV_NUM, false, NULL },
	{ "jstackstrsize", DSL_OPT_HOST, OV_SIZE, false, NULL },
	{ "lazyload", 0, OV_NO, false, "pidtrace loads no DOF" },
	{ "ldpath", 0, OV_NO, false, "pidtrace links no objects" },
	{ "libdir", 0, OV_NO, false, "pidtrace has no D libraries" },
	{ "linkmode", 0, OV_NO, false, "pidtrace links no objects" },
	{ "linktype", 0, OV_NO, false, "pidtrace links no objects" },
	{ "mangled", DSL_OPT_HOST, OV_BOOL, false, NULL },
	{ "memread", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "metrics", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "metrics-file", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "nolibs", DSL_OPT_HOST, OV_BOOL, false, NULL },
	{ "nspec", O_NSPEC, OV_NUM, false, NULL },
	{ "oformat", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "pgmax", 0, OV_NO, false, "pidtrace compiles no D library "
	    "pages" },
	{ "printsize", O_PRINTSIZE, OV_SIZE, true, NULL },
	{ "procfs", 0, OV_NO, false, "pidtrace reads /proc itself" },
	{ "pspec", O_PSPEC, OV_BOOL, false, NULL },
	{ "quiet", O_QUIET, OV_BOOL, true, NULL },
	{ "rawbytes", O_RAWBYTES, OV_BOOL, true, NULL },
	{ "scratchsize", O_SCRATCHSIZE, OV_SIZE, false, NULL },
	{ "specsize", O_SPECSIZE, OV_SIZE, false, NULL },
	{ "stackfmt", DSL_OPT_HOST, OV_STR, false, NULL },
	{ "stackframes", 0, OV_NO, false, "pidtrace has no kernel stacks "
	    "(see ustackframes)" },
	{ "stackindent", O_STACKINDENT, OV_NUM, true, NULL },
	{ "statusrate", DSL_OPT_HOST, OV_RATE, false, NULL },
	{ "strip", 0, OV_NO, false, "pidtrace writes no DOF" },
	{ "strsize", O_STRSIZE, OV_SIZE, false, NULL },
	{ "switchrate", DSL_OPT_HOST, OV_RATE, true, NULL },
	{ "tree", 0, OV_NO, false, "libdtrace's parse trees" },
	{ "tregs", 0, OV_NO, false, "pidtrace has no registers to spare" },
	{ "undef", 0, OV_NO, false, CPP_WHY },
	{ "ustackframes", DSL_OPT_HOST, OV_NUM, false, NULL },
	{ "verbose", 0, OV_NO, false, "pidtrace generates no DIF to show" },
	{ "version", 0, OV_NO, false, "pidtrace implements one version of "
	    "D" },
	{ "zdefs", DSL_OPT_HOST, OV_BOOL, false, NULL },
};

/* dt_opt_runtime's booleans: nothing, a yes or no word, or a number. */
static bool
optbool(const char *val, int64_t *v)
{
	static const char *const yes[] = { "yes", "enable", "enabled",
	    "true", "on", "set" };
	static const char *const no[] = { "no", "disable", "disabled",
	    "false", "off", "unset" };
	unsigned long long n;
	size_t i;
	char *e;

	*v = 1;
	if (*val == '\0')
		return true;
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (strcasecmp(val, yes[i]) == 0)
			return true;
		if (strcasecmp(val, no[i]) == 0) {
			*v = 0;
			return true;
		}
	}
	if (*val == '-' || *val == '+')
		return false;
	errno = 0;
	n = strtoull(val, &e, 0);
	if (*e != '\0' || errno != 0 || n > INT64_MAX)
		return false;
	*v = (int64_t)n;
	return true;
}

/* dt_optval_parse: a number, maybe with k, m, g or t; no sign. */
static bool
optsize(const char *val, int64_t *v)
{
	unsigned long long n;
	int sh = 0;
	char *e;

	if (*val == '-' || *val == '+' || *val == '\0')
		return false;
	errno = 0;
	n = strtoull(val, &e, 0);
	if (errno != 0 || e == val)
		return false;
	if (*e != '\0' && e[1] == '\0') {
		switch (*e++) {
		case 'k': case 'K': sh = 10; break;
		case 'm': case 'M': sh = 20; break;
		case 'g': case 'G': sh = 30; break;
		case 't': case 'T': sh = 40; break;
		default: return false;
		}
	}
	if (*e != '\0' || n > (unsigned long long)INT64_MAX >> sh)
		return false;
	*v = (int64_t)(n << sh);
	return true;
}

/* dt_opt_rate: a number with a unit of time, or hz; in ns. */
static bool
optrate(const char *val, int64_t *v)
{
	static const struct { const char *u; int64_t ns; } units[] = {
		{ "", 1 }, { "ns", 1 }, { "nsec", 1 }, { "us", 1000 },
		{ "usec", 1000 }, { "ms", 1000000 }, { "msec", 1000000 },
		{ "s", 1000000000 }, { "sec", 1000000000 },
		{ "m", 60000000000LL }, { "min", 60000000000LL },
		{ "h", 3600000000000LL }, { "hour", 3600000000000LL },
		{ "d", 86400000000000LL }, { "day", 86400000000000LL },
		{ "hz", 0 },
	};
	unsigned long long n;
	size_t i;
	char *e;

	if (*val == '-' || *val == '+' || *val == '\0')
		return false;
	errno = 0;
	n = strtoull(val, &e, 0);
	if (errno != 0 || e == val || n > INT64_MAX)
		return false;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(units[i].u, e) != 0)
			continue;
		*v = units[i].ns == 0 ? (n != 0 ? 1000000000LL /
		    (int64_t)n : 0) : (int64_t)n * units[i].ns;
		return true;
	}
	return false;
}

int
dsl_prog_optparse(const char *name, const char *val, int64_t *v,
    const char **why, bool *dynamic)
{
	const struct optdesc *od = NULL;
	size_t i;
	bool ok;

	*v = 1;
	*why = NULL;
	*dynamic = false;
	for (i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
		if (strcmp(opts[i].od_name, name) == 0)
			od = &opts[i];
	if (od == NULL)
		return DSL_OPT_BADNAME;
	*dynamic = od->od_dyn;
	switch (od->od_val) {
	case OV_BOOL:
		ok = optbool(val, v);
		break;
	case OV_NUM:
		ok = optbool(val, v) && (*val == '\0' ||
		    (*val >= '0' && *val <= '9'));
		break;
	case OV_SIZE:
		/* a buffer of no bytes holds nothing (dtrace-utils'
		 * buffering/err.zerobuf refuses bufsize=0) */
		ok = optsize(val, v) && (*v > 0 ||
		    strcmp(name, "bufsize") != 0);
		break;
	case OV_RATE:
		ok = optrate(val, v);
		break;
	case OV_POLICY:
		/* pidtrace writes its output as it is made (dtrace's switch
		 * policy) or, with ring, keeps the newest and writes it at
		 * the end; fill would stop tracing when a buffer fills */
		ok = strcmp(val, "switch") == 0 || strcmp(val, "fill") == 0 ||
		    strcmp(val, "ring") == 0;
		if (ok && strcmp(val, "fill") == 0) {
			*why = "pidtrace writes its output as it is made "
			    "(switch) or at the end (ring); it has no buffer "
			    "that fills";
			return DSL_OPT_REFUSED;
		}
		break;
	case OV_RESIZE:
		/* its buffers grow as needed: auto or manual alike */
		ok = strcmp(val, "auto") == 0 || strcmp(val, "manual") == 0;
		break;
	case OV_NO:
		*why = od->od_why;
		return DSL_OPT_REFUSED;
	default:
		ok = true;
		break;
	}
	if (!ok)
		return DSL_OPT_BADVAL;
	return od->od_opt;
}

const char *
dsl_prog_funcname(int f)
{
	return f >= 0 && f < F_NFUNCS ? funcnames[f] : "?";
}

void
dsl_prog_free(dsl_prog_t *pg)
{
	if (pg == NULL)
		return;
	free(pg->pg_nodes);
	free(pg->pg_strtab);
	free(pg->pg_clauses);
	free(pg->pg_descs);
	free(pg->pg_desc_clause);
	free(pg->pg_vars);
	free(pg->pg_aggs);
	free(pg->pg_optvals);
	dsl_type_tab_fini(&pg->pg_tt);
	free(pg);
}

size_t
dsl_prog_ndescs(const dsl_prog_t *pg)
{
	return pg->pg_ndescs;
}

const dsl_pdesc_t *
dsl_prog_desc(const dsl_prog_t *pg, size_t i)
{
	return i < pg->pg_ndescs ? &pg->pg_descs[i] : NULL;
}

bool
dsl_prog_quiet(const dsl_prog_t *pg)
{
	return pg->pg_opts[O_QUIET] > 0;
}

bool
dsl_prog_destructive(const dsl_prog_t *pg, bool *allowed)
{
	uint32_t i;

	if (allowed != NULL)
		*allowed = pg->pg_opts[O_DESTRUCTIVE] > 0;
	for (i = 0; i < pg->pg_nclauses; i++)
		if (pg->pg_clauses[i].cl_destruct)
			return true;
	return false;
}

bool
dsl_prog_desc_stack(const dsl_prog_t *pg, size_t d)
{
	return d < pg->pg_ndescs &&
	    pg->pg_clauses[pg->pg_desc_clause[d]].cl_stack;
}

/* The bytes of a key of n elements of types kt (strings at their most). */
static size_t
keybytes(const dsl_prog_t *pg, int n, const uint8_t *kt)
{
	size_t b = 0;
	int i;

	for (i = 0; i < n; i++)
		b += kt[i] == DT_STR ? pg->pg_strsize : 8;
	return b;
}

const char *
dsl_prog_enable_error(const dsl_prog_t *pg)
{
	const char *full = "Enabling exceeds size of buffer";
	size_t dsize = 8;
	uint32_t i;

	for (i = 0; i < pg->pg_nvars; i++)
		if (pg->pg_vars[i].va_scope == V_ARRAY &&
		    pg->pg_vars[i].va_type == DT_STR)
			dsize = (pg->pg_strsize + 7) & ~(size_t)7;
	/* as dtrace-utils: an aggregation's entry (its id, keys and data),
	 * an array's element (keys and value) must fit: aggsize=8 is too
	 * small for a count(), dynvarsize=15 for an int keyed by an int,
	 * 20 is not (its aggs/err.aggsize-too-small, assocs/
	 * err.dynvarsize-too-small, tst.store_zero_safe) */
	for (i = 0; i < pg->pg_naggs && pg->pg_opts[O_AGGSIZE] > 0; i++) {
		const dsl_agg_t *ag = &pg->pg_aggs[i];

		if (8 + dsl_agg_words(ag) * 8 +
		    keybytes(pg, ag->ag_nkeys, ag->ag_ktype) >
		    (uint64_t)pg->pg_opts[O_AGGSIZE])
			return full;
	}
	for (i = 0; i < pg->pg_nvars && pg->pg_opts[O_DYNVARSIZE] > 0; i++) {
		const dsl_var_t *v = &pg->pg_vars[i];

		if (v->va_scope == V_ARRAY && v->va_nkeys >= 0 &&
		    dsize + (v->va_self ? 8 : 0) +
		    keybytes(pg, v->va_nkeys, v->va_ktype) >
		    (uint64_t)pg->pg_opts[O_DYNVARSIZE])
			return full;
	}
	return NULL;
}

const char *
dsl_prog_option(const dsl_prog_t *pg, const char *name)
{
	const char *v = NULL;
	uint32_t i;

	for (i = 0; i < pg->pg_noptvals; i++)
		if (strcmp(dsl_prog_str(pg, pg->pg_optvals[i].ov_name),
		    name) == 0)
			v = dsl_prog_str(pg, pg->pg_optvals[i].ov_value);
	return v;
}

/* gmatch: * ? [a-z] [!x], as DTrace matches probe descriptions. */
bool
dsl_prog_glob(const char *p, const char *s)
{
	for (; *p != '\0'; p++, s++) {
		if (*p == '*') {
			while (p[1] == '*')
				p++;
			if (p[1] == '\0')
				return true;
			for (; *s != '\0'; s++)
				if (dsl_prog_glob(p + 1, s))
					return true;
			return dsl_prog_glob(p + 1, s);
		}
		if (*s == '\0')
			return false;
		if (*p == '?')
			continue;
		if (*p == '[') {
			const char *q = p + 1;
			bool neg = false, hit = false;

			if (*q == '!' || *q == '^') {
				neg = true;
				q++;
			}
			for (; *q != '\0' && (*q != ']' || q == p + 1 +
			    (neg ? 1 : 0)); q++) {
				if (q[1] == '-' && q[2] != ']' &&
				    q[2] != '\0') {
					if (*s >= q[0] && *s <= q[2])
						hit = true;
					q += 2;
				} else if (*q == *s) {
					hit = true;
				}
			}
			if (*q != ']')
				return false;
			if (hit == neg)
				return false;
			p = q;
			continue;
		}
		if (*p == '\\' && p[1] != '\0')
			p++;
		if (*p != *s)
			return false;
	}
	return *s == '\0';
}

bool
dsl_prog_desc_match(const dsl_pdesc_t *d, const char *prov, const char *mod,
    const char *func, const char *name)
{
	return (d->pd_prov[0] == '\0' || dsl_prog_glob(d->pd_prov, prov)) &&
	    (d->pd_mod[0] == '\0' || dsl_prog_glob(d->pd_mod, mod)) &&
	    (d->pd_func[0] == '\0' || dsl_prog_glob(d->pd_func, func)) &&
	    (d->pd_name[0] == '\0' || dsl_prog_glob(d->pd_name, name));
}
