/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * compile.c: dsl_compile, the compile driver, and the options.
 *
 * The compile pipeline, in one paragraph (after libdtrace's dt_cc.c): the
 * -x options are applied (dsl_compile_option, which lex.c also calls for
 * #pragma D option); each source is parsed (parse.c pulling tokens from
 * lex.c) into one program; then check.c checks every clause twice, first
 * to learn the variables' types, then to resolve, type and fold every
 * node.  Unused macro arguments are refused, and string offsets of the
 * descriptions become pointers last, once the string table stops moving.
 * The first error anywhere longjmps back here (diag.c).
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/cc.h"

void *
dsl_compile_grow(dsl_cc_t *cc, void *arr, uint32_t *cap, uint32_t need,
    size_t elsize)
{
	uint32_t n;
	void *p;

	if (need <= *cap)
		return arr;
	n = *cap ? *cap : 16;
	while (n < need) {
		if (n > (1u << 28))
			dsl_diag_error(cc, cc->cc_line, 0, NULL,
			    "program too large");
		n *= 2;
	}
	p = realloc(arr, (size_t)n * elsize);
	if (p == NULL)
		dsl_diag_error(cc, cc->cc_line, 0, NULL, "out of memory");
	memset((char *)p + (size_t)*cap * elsize, 0,
	    (size_t)(n - *cap) * elsize);
	*cap = n;
	return p;
}

/* Options: -x name[=value] and #pragma D option. */
static const char *const optnames[O_NOPTS] = {
	[O_QUIET] = "quiet", [O_AGGSORTKEY] = "aggsortkey",
	[O_AGGSORTREV] = "aggsortrev", [O_AGGSORTKEYPOS] = "aggsortkeypos",
	[O_AGGSORTPOS] = "aggsortpos", [O_STRSIZE] = "strsize",
	[O_ERRTAGS] = "errtags", [O_DEFAULTARGS] = "defaultargs",
	[O_NSPEC] = "nspec", [O_DESTRUCTIVE] = "destructive",
	[O_SCRATCHSIZE] = "scratchsize",
};

/*
 * The value of a number or size option as dtrace parses it: a decimal,
 * octal or hex number (sizes may end in k, m, g or t), no sign, nothing
 * else; -1 when invalid.
 */
static int64_t
optnum(const char *val, bool size)
{
	unsigned long long v;
	char *e;

	if (*val == '-' || *val == '+' || *val == '\0')
		return -1;
	errno = 0;
	v = strtoull(val, &e, 0);
	if (errno != 0 || e == val)
		return -1;
	if (size && *e != '\0' && e[1] == '\0') {
		int sh = 0;

		switch (*e++) {
		case 'k': case 'K': sh = 10; break;
		case 'm': case 'M': sh = 20; break;
		case 'g': case 'G': sh = 30; break;
		case 't': case 'T': sh = 40; break;
		default: return -1;
		}
		if (v > (unsigned long long)INT64_MAX >> sh)
			return -1;
		v <<= sh;
	}
	if (*e != '\0' || v > (unsigned long long)INT64_MAX)
		return -1;
	return (int64_t)v;
}

/* Options the host owns or that have no effect here, accepted as dtrace
 * accepts them. */
static const char *const hostopts[] = {
	"mangled", "bufsize", "aggsize", "switchrate", "aggrate", "dynvarsize",
	"specsize", "cleanrate", "statusrate", "bufpolicy",
	"bufresize", "flowindent", "zdefs", "rawbytes",
	"stackframes", "ustackframes", "jstackframes", "jstackstrsize",
	"cpu", "grabanon", "stackindent", "aggpercpu", "aggzoom", "aggpack",
	"aggsortkeypos", "evaltime", "strip", "version", "nolibs", "amin",
	"define", "incdir", "undef", "cpp", "cpppath", "debug", "droptags",
	"empty", "encoding", "iregs", "lazyload", "ldpath", "libdir",
	"linkmode", "linktype", "pgmax", "procfs", "pspec", "ctypes",
	"dtypes", "tree", "tregs", "verbose", "disasm", "core", "errtags",
	"cpupin", "stackfmt", "flamegraph", "fastpath",
	"oformat", "metrics", "metrics-file",	/* emit.c, cmd/metrics.c */
	NULL,
};

void
dsl_compile_option(dsl_cc_t *cc, const char *opt, int line, int col)
{
	dsl_prog_t *pg = cc->cc_pg;
	char name[128];
	const char *eq = strchr(opt, '='), *val = eq ? eq + 1 : "";
	size_t n = eq ? (size_t)(eq - opt) : strlen(opt);
	int i;
	bool known = false;

	if (n == 0 || n >= sizeof(name))
		dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET", line == 0 ?
		    "failed to set -x %s: Invalid option name" :
		    "failed to set option '%s': Invalid option name", opt);
	memcpy(name, opt, n);
	name[n] = '\0';
	if ((strcmp(name, "nspec") == 0 && optnum(val, false) < 0) ||
	    (strcmp(name, "scratchsize") == 0 &&
	    (optnum(val, true) < 0 || optnum(val, true) > (1 << 24))) ||
	    ((strcmp(name, "specsize") == 0 || strcmp(name, "bufsize") == 0 ||
	    strcmp(name, "aggsize") == 0 || strcmp(name, "dynvarsize") == 0) &&
	    optnum(val, true) < 0)) {
		if (line == 0)
			dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET",
			    "failed to set -x %s: Invalid value for specified "
			    "option", opt);
		dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET",
		    "failed to set option '%s' to '%s': Invalid value for "
		    "specified option", name, val);
	}
	for (i = 0; i < O_NOPTS; i++) {
		if (strcmp(optnames[i], name) == 0) {
			char *e;
			long long v = 1;

			known = true;
			if (*val != '\0') {
				v = strtoll(val, &e, 0);
				if (*e != '\0' && i != O_STRSIZE)
					v = 1;
				if (i == O_STRSIZE) {
					if (*e == 'k' || *e == 'K')
						v *= 1024;
					if (v <= 0 || v > 65536)
						dsl_diag_error(cc, line, col,
						    "D_PRAGMA_OPTSET", "failed "
						    "to set option 'strsize' "
						    "to '%s': Invalid value",
						    val);
				}
			}
			if (i == O_SCRATCHSIZE)
				v = optnum(val, true);
			pg->pg_opts[i] = v;
			if (i == O_STRSIZE)
				pg->pg_strsize = (uint32_t)v;
			if (i == O_ERRTAGS)
				cc->cc_errtags = true;
		}
	}
	for (i = 0; !known && hostopts[i] != NULL; i++)
		if (strcmp(hostopts[i], name) == 0)
			known = true;
	if (!known)
		dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET", line == 0 ?
		    "failed to set -x %s: Invalid option name" :
		    "failed to set option '%s': Invalid option name", name);
	pg->pg_optvals = dsl_compile_grow(cc, pg->pg_optvals, &cc->cc_optcap,
	    pg->pg_noptvals + 1, sizeof(dsl_optval_t));
	pg->pg_optvals[pg->pg_noptvals].ov_name = dsl_parse_str(cc, name,
	    strlen(name));
	pg->pg_optvals[pg->pg_noptvals].ov_value = dsl_parse_str(cc, val,
	    strlen(val));
	pg->pg_noptvals++;
}

dsl_prog_t *
dsl_compile(const dsl_src_t *srcs, size_t nsrcs, const dsl_copts_t *opts,
    char *err, size_t errlen)
{
	static const dsl_copts_t noopts;
	dsl_cc_t *volatile cc;
	dsl_prog_t *volatile pg;
	size_t i;

	if (err != NULL && errlen > 0)
		err[0] = '\0';
	cc = calloc(1, sizeof(*cc));
	pg = calloc(1, sizeof(*pg));
	if (cc == NULL || pg == NULL) {
		free(cc);
		free(pg);
		if (err != NULL)
			snprintf(err, errlen, "out of memory");
		return NULL;
	}
	cc->cc_srcs = srcs;
	cc->cc_nsrcs = nsrcs;
	cc->cc_copts = opts != NULL ? opts : &noopts;
	cc->cc_err = err;
	cc->cc_errlen = errlen;
	cc->cc_pg = pg;
	cc->cc_src = -1;
	for (i = 0; i < O_NOPTS; i++)
		pg->pg_opts[i] = -1;
	pg->pg_strsize = DSL_STRSIZE;

	if (setjmp(cc->cc_jmp) != 0) {
		dsl_prog_free(cc->cc_pg);
		free(cc->cc_inlines);
		free(cc->cc_tstr);
		free(cc->cc_pstr);
		free(cc->cc_dstr);
		free(cc);
		return NULL;
	}
	dsl_parse_str(cc, "", 0);	/* offset 0 is "" */
	if (dsl_type_tab_copy(&pg->pg_tt, cc->cc_copts->co_types) != 0)
		dsl_diag_error(cc, 0, 0, NULL, "out of memory");
	for (i = 0; i < cc->cc_copts->co_nxopts; i++) {
		const char *o = cc->cc_copts->co_xopts[i];

		/* errtags first, so it tags errors of the other options */
		if (strcmp(o, "errtags") == 0)
			cc->cc_errtags = true;
	}
	for (i = 0; i < cc->cc_copts->co_nxopts; i++)
		dsl_compile_option(cc, cc->cc_copts->co_xopts[i], 0, 0);
	for (i = 0; i < nsrcs; i++) {
		dsl_lex_init(cc, (int)i);
		dsl_parse(cc);
	}
	dsl_check(cc);
	/* extraneous macro arguments are an error, as in dtrace */
	for (i = 1; i < (size_t)cc->cc_copts->co_nargs &&
	    i < DSL_MAXMACROARGS; i++) {
		if (cc->cc_copts->co_args[i] != NULL && !cc->cc_argused[i] &&
		    pg->pg_opts[O_DEFAULTARGS] <= 0) {
			cc->cc_src = nsrcs > 0 ? (int)nsrcs - 1 : -1;
			dsl_diag_error(cc, 1, 1, "D_MACRO_UNUSED", "extraneous "
			    "argument '%s' ($%zu is not referenced)",
			    cc->cc_copts->co_args[i], i);
		}
	}
	for (i = 0; i < pg->pg_ndescs; i++) {
		dsl_pdesc_t *d = &pg->pg_descs[i];

		d->pd_prov = pg->pg_strtab + (uintptr_t)d->pd_prov;
		d->pd_mod = pg->pg_strtab + (uintptr_t)d->pd_mod;
		d->pd_func = pg->pg_strtab + (uintptr_t)d->pd_func;
		d->pd_name = pg->pg_strtab + (uintptr_t)d->pd_name;
		d->pd_text = pg->pg_strtab + (uintptr_t)d->pd_text;
	}
	free(cc->cc_inlines);
	free(cc->cc_tstr);
	free(cc->cc_pstr);
	free(cc->cc_dstr);
	free(cc);
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	return pg;
}
