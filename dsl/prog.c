/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * prog.c: the compiled program as its readers see it: the host (its
 * descriptions and options, matching them against probes, freeing it) and
 * the runtime (the names of functions).  Part of the runtime: nothing
 * here reaches the compiler, so a runtime linked without one runs it.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dsl/prog.h"

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
	[F_USTACK] = "ustack",
	[F_JSTACK] = "jstack",
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
