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

/*
 * Apply option opt, "name" or "name=value", from -x (line 0) or a
 * #pragma D option line: prog.c's table says what it is.  Every option
 * is also kept as given, for the host (dsl_prog_option).
 */
void
dsl_compile_option(dsl_cc_t *cc, const char *opt, int line, int col)
{
	dsl_prog_t *pg = cc->cc_pg;
	char name[128], what[300];
	const char *eq = strchr(opt, '='), *val = eq ? eq + 1 : "", *why;
	size_t n = eq ? (size_t)(eq - opt) : strlen(opt);
	int64_t v;
	bool dyn;
	int o;

	if (n == 0 || n >= sizeof(name))
		dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET", line == 0 ?
		    "failed to set -x %s: Invalid option name" :
		    "failed to set option '%s': Invalid option name", opt);
	memcpy(name, opt, n);
	name[n] = '\0';
	if (line == 0)
		snprintf(what, sizeof(what), "-x %s", opt);
	else if (eq != NULL)
		snprintf(what, sizeof(what), "option '%s' to '%s'", name, val);
	else
		snprintf(what, sizeof(what), "option '%s'", name);
	o = dsl_prog_optparse(name, val, &v, &why, &dyn);
	/* strsize: a string and its NUL, within what a firing can hold */
	if (o == O_STRSIZE && (v <= 0 || v > 65536))
		o = DSL_OPT_BADVAL;
	/* scratchsize: alloca()'s memory, at most 16 MiB a firing */
	if (o == O_SCRATCHSIZE && v > (1 << 24))
		o = DSL_OPT_BADVAL;
	if (o == DSL_OPT_BADNAME)
		dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET", line == 0 ?
		    "failed to set -x %s: Invalid option name" :
		    "failed to set option '%s': Invalid option name", name);
	if (o == DSL_OPT_BADVAL)
		dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET", "failed to "
		    "set %s: Invalid value for specified option", what);
	if (o == DSL_OPT_REFUSED)
		dsl_diag_error(cc, line, col, "D_PRAGMA_OPTSET", "failed to "
		    "set %s: not available: %s", what, why);
	if (o >= 0) {
		pg->pg_opts[o] = v;
		if (o == O_STRSIZE)
			pg->pg_strsize = (uint32_t)v;
		if (o == O_ERRTAGS)
			cc->cc_errtags = true;
	}
	pg->pg_optvals = dsl_compile_grow(cc, pg->pg_optvals, &cc->cc_optcap,
	    pg->pg_noptvals + 1, sizeof(dsl_optval_t));
	pg->pg_optvals[pg->pg_noptvals].ov_name = dsl_parse_str(cc, name,
	    strlen(name));
	pg->pg_optvals[pg->pg_noptvals].ov_value = dsl_parse_str(cc, val,
	    strlen(val));
	pg->pg_noptvals++;
}

/*
 * The C types dtrace's prototypes name and a user process has no DWARF
 * for: struct in_addr and struct in6_addr, with Linux's layout
 * (<netinet/in.h>: in6_u holds u6_addr8[16], u6_addr16[8] and
 * u6_addr32[4]), for inet_ntoa6() and inet_ntop().  Made when a program
 * names one it neither declares nor has from the host, so that its own
 * declaration may still come first.  The type, or 0 if tag is none of
 * them.
 */
int32_t
dsl_compile_builtin(dsl_cc_t *cc, const char *tag)
{
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	int32_t u8, u16, u32, t, un;

	if (strcmp(tag, "in_addr") != 0 && strcmp(tag, "in6_addr") != 0)
		return 0;
	u8 = dsl_type_int(tt, "uint8_t", 1, false);
	u16 = dsl_type_int(tt, "uint16_t", 2, false);
	u32 = dsl_type_int(tt, "uint32_t", 4, false);
	if (u8 == 0 || u16 == 0 || u32 == 0)
		dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, NULL,
		    "out of memory");
	if (strcmp(tag, "in_addr") == 0) {
		t = dsl_type_struct(tt, "in_addr", false, 4);
		if (t == 0 || dsl_type_member(tt, t, "s_addr", u32, 0) == 0)
			dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, NULL,
			    "out of memory");
		return t;
	}
	un = dsl_type_struct(tt, "", true, 16);
	t = dsl_type_struct(tt, "in6_addr", false, 16);
	if (un == 0 || t == 0 || dsl_type_member(tt, un, "u6_addr8",
	    dsl_type_array(tt, u8, 16), 0) == 0 || dsl_type_member(tt, un,
	    "u6_addr16", dsl_type_array(tt, u16, 8), 0) == 0 ||
	    dsl_type_member(tt, un, "u6_addr32", dsl_type_array(tt, u32, 4),
	    0) == 0 || dsl_type_member(tt, t, "in6_u", un, 0) == 0)
		dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, NULL,
		    "out of memory");
	return t;
}

static void
free_files(dsl_cc_t *cc)
{
	uint32_t i;

	for (i = 1; i < cc->cc_nfiles; i++)
		free(cc->cc_files[i]);
	free(cc->cc_files);
}

dsl_prog_t *
dsl_compile(const dsl_src_t *srcs, size_t nsrcs, const dsl_copts_t *opts,
    char *err, size_t errlen)
{
	static const dsl_copts_t noopts;
	dsl_cc_t *volatile cc;
	dsl_prog_t *volatile pg;
	size_t i;
	int eline, ecol, esrc, efile;

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
		free(cc->cc_vardef);
		free_files(cc);
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
	/* nothing to run would wait for ever: dtrace refuses it unless -x
	 * empty asks for it (the error is at the end of the last text),
	 * once the declarations have been checked (an inline's definition
	 * is wrong before the program is empty) */
	eline = cc->cc_line;
	ecol = cc->cc_p != NULL ? (int)(cc->cc_p - cc->cc_linep) + 1 : 1;
	esrc = cc->cc_src;
	efile = cc->cc_file;
	cc->cc_file = 0;	/* the checker's errors: a node's file */
	dsl_check(cc);
	if (nsrcs > 0 && pg->pg_nclauses == 0 &&
	    dsl_prog_option(pg, "empty") == NULL) {
		cc->cc_src = esrc;
		cc->cc_file = efile;
		dsl_diag_error(cc, eline, ecol, "D_EMPTY",
		    "empty D program translation unit: no probe clause");
	}
	/* extraneous macro arguments are an error, as in dtrace */
	for (i = 1; i < (size_t)cc->cc_copts->co_nargs &&
	    i < DSL_MAXMACROARGS; i++) {
		if (cc->cc_copts->co_args[i] != NULL && !cc->cc_argused[i] &&
		    pg->pg_opts[O_DEFAULTARGS] <= 0) {
			cc->cc_src = nsrcs > 0 ? (int)nsrcs - 1 : -1;
			cc->cc_file = 0;
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
	free(cc->cc_vardef);
	free_files(cc);
	free(cc);
	if (err != NULL && errlen > 0)
		err[0] = '\0';
	return pg;
}
