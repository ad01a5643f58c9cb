/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/trace/dwtypes.c: args[] typed from DWARF (trace.h,
 * trace_dwtypes): the glue between probes/dwarf.h's type graph of a
 * function (what a provider's pv_dwfunc finds for a probe) and D's type
 * table (dsl.h's dsl_type_*); neither stage knows the other.  Lazy: it
 * runs only when the compiler meets args[] in a clause, and reads only
 * the functions that clause's descriptions match.
 *
 * For each process grabbed (a #! script's interpreter has none of the
 * program's probes yet), each provider that has pv_dwfunc and whose
 * pv_names takes the description resolves it, registering and arming
 * nothing; the parameter types of an entry probe's function, or the
 * return type of a return probe's (args[0] the offset, args[1] the
 * value; Go's several results args[1], args[2]...), are mapped into the
 * table, each at the argument word its calling convention puts it in
 * (pv_arglocs, probes/abi.h): a C++ class passed by invisible reference
 * is a pointer to it, a Go string or slice or a string_view its pointer
 * with the word of its length.  Types the program declared win (looked
 * up by name first); another struct, union or array passed by value in
 * registers, or a floating-point value, stays untyped; functions
 * without DWARF do not count.  The functions matched must agree on the
 * types and words, else an error.
 *
 * The mapping is structural and by name: a struct, union, enum or
 * typedef whose D name ("struct point", "leveldb::Slice", "size_t") is
 * in the table already is that one, so a type the program declares wins
 * and two functions naming one type share it.  What D's table cannot
 * hold is left out rather than guessed: bit-fields, enumerators (they
 * would become D identifiers), floating-point values (kept as integers
 * of their size).  Members of C++ base classes and of anonymous structs
 * and unions are members of the struct holding them, at their offset.
 */
#include <config.h>

#include <dwarf.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/trace/impl.h"
#include "probes/abi.h"
#include "probes/dwarf.h"
#include "probes/provider.h"

#define MAXDEPTH	64	/* type nesting mapped; deeper is void */
#define MAXFLAT		4096	/* members of a struct, flattened */

typedef struct map {
	dsl_typetab_t *mp_tt;
	const pb_dwfunc_t *mp_f;
	int32_t *mp_memo;	/* df_types index -> D type; 0 not yet */
	int mp_depth;
	bool mp_nomem;
} map_t;

typedef struct flat {
	const char *fl_name;
	int32_t fl_type;
	uint64_t fl_off;
} flat_t;

static int32_t map_type(map_t *m, int32_t ty);

/* ty through typedefs and qualifiers, or NULL for void. */
static const pb_dwtype_t *
strip(const pb_dwfunc_t *f, int32_t ty)
{
	int hops = 0;

	while (ty >= 0 && (size_t)ty < f->df_ntypes && hops++ < MAXDEPTH) {
		const pb_dwtype_t *t = &f->df_types[ty];

		if (t->ty_kind != PB_DW_TYPEDEF && t->ty_kind != PB_DW_CONST &&
		    t->ty_kind != PB_DW_VOLATILE)
			return t;
		ty = t->ty_ref;
	}
	return NULL;
}

/* GCC's spelling of C's integer names, in the spelling D and C
 * programmers write ("long unsigned int" is "unsigned long"). */
static const char *
c_name(const char *name)
{
	static const char *const names[][2] = {
		{ "long int", "long" },
		{ "long unsigned int", "unsigned long" },
		{ "long long int", "long long" },
		{ "long long unsigned int", "unsigned long long" },
		{ "short int", "short" },
		{ "short unsigned int", "unsigned short" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i][0]) == 0)
			return names[i][1];
	return name;
}

static int32_t
map_base(map_t *m, const pb_dwtype_t *t)
{
	bool sign = t->ty_enc == DW_ATE_signed ||
	    t->ty_enc == DW_ATE_signed_char || t->ty_enc == DW_ATE_float;
	const char *name = c_name(t->ty_name != NULL ? t->ty_name : "int");
	int32_t uc;

	switch (t->ty_size) {
	case 1:
	case 2:
	case 4:
	case 8:
		return dsl_type_int(m->mp_tt, name, t->ty_size, sign);
	case 0:
		return dsl_type_void(m->mp_tt);
	default:
		/* long double, __int128: its bytes */
		uc = dsl_type_int(m->mp_tt, "unsigned char", 1, false);
		return uc != 0 ? dsl_type_array(m->mp_tt, uc,
		    (uint32_t)t->ty_size) : 0;
	}
}

static bool
has_name(const flat_t *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].fl_name, name) == 0)
			return true;
	return false;
}

/* The members of struct or union sty at offset base into *v, those of
 * its bases and anonymous members in place. */
static void
flatten(map_t *m, const pb_dwtype_t *st, uint64_t base, flat_t **v,
    size_t *n, size_t *cap, int depth)
{
	size_t i;

	for (i = 0; i < st->ty_nmembers && !m->mp_nomem; i++) {
		const pb_dwmember_t *mb = &st->ty_members[i];
		const pb_dwtype_t *in;
		int32_t dt;

		if (mb->mb_bitsize != 0 || mb->mb_type < 0)
			continue;
		if (mb->mb_name == NULL || mb->mb_name[0] == '\0') {
			in = strip(m->mp_f, mb->mb_type);
			if (in != NULL && depth < 8 &&
			    (in->ty_kind == PB_DW_STRUCT ||
			    in->ty_kind == PB_DW_UNION))
				flatten(m, in, base + mb->mb_off, v, n, cap,
				    depth + 1);
			continue;
		}
		/* a derived class's member hides its base's */
		if (has_name(*v, *n, mb->mb_name) || *n >= MAXFLAT)
			continue;
		if ((dt = map_type(m, mb->mb_type)) == 0)
			continue;
		if (*n == *cap) {
			size_t nc = *cap ? 2 * *cap : 16;
			flat_t *nv = realloc(*v, nc * sizeof(*nv));

			if (nv == NULL) {
				m->mp_nomem = true;
				return;
			}
			*v = nv;
			*cap = nc;
		}
		(*v)[*n].fl_name = mb->mb_name;
		(*v)[*n].fl_type = dt;
		(*v)[(*n)++].fl_off = base + mb->mb_off;
	}
}

static int32_t
map_struct(map_t *m, int32_t ty, const pb_dwtype_t *t)
{
	bool isunion = t->ty_kind == PB_DW_UNION;
	char full[1024];
	flat_t *v = NULL;
	size_t n = 0, cap = 0, i;
	int32_t r = 0;

	if (t->ty_name != NULL) {
		snprintf(full, sizeof(full), "%s %s",
		    isunion ? "union" : "struct", t->ty_name);
		/* the program's own declaration wins; a mere forward
		 * reference (a cast to struct rec * before args[] are
		 * typed) is completed with DWARF's members */
		if ((r = dsl_type_lookup(m->mp_tt, full)) != 0 &&
		    dsl_type_complete(m->mp_tt, r, t->ty_size) == 0)
			return r;
	}
	if (r == 0)
		r = dsl_type_struct(m->mp_tt, t->ty_name != NULL ?
		    t->ty_name : "", isunion, t->ty_size);
	if (r == 0)
		return 0;
	/* before the members: a member may point back at it */
	m->mp_memo[ty] = r;
	flatten(m, t, 0, &v, &n, &cap, 0);
	for (i = 0; i < n && !m->mp_nomem; i++)
		if (dsl_type_member(m->mp_tt, r, v[i].fl_name, v[i].fl_type,
		    v[i].fl_off) == 0)
			break;	/* a member D cannot hold: stop there */
	free(v);
	return r;
}

static int32_t
map_type(map_t *m, int32_t ty)
{
	const pb_dwfunc_t *f = m->mp_f;
	const pb_dwtype_t *t;
	char full[1024];
	int32_t r = 0, to;

	if (ty < 0)
		return dsl_type_void(m->mp_tt);
	if ((size_t)ty >= f->df_ntypes)
		return 0;
	if (m->mp_memo[ty] != 0)
		return m->mp_memo[ty];
	if (m->mp_depth >= MAXDEPTH)
		return dsl_type_void(m->mp_tt);
	m->mp_depth++;
	t = &f->df_types[ty];
	switch (t->ty_kind) {
	case PB_DW_BASE:
		r = map_base(m, t);
		break;
	case PB_DW_POINTER:
	case PB_DW_REF:		/* references are pointers in D */
	case PB_DW_RVREF:
		to = map_type(m, t->ty_ref);
		r = dsl_type_ptr(m->mp_tt, to != 0 ? to :
		    dsl_type_void(m->mp_tt));
		break;
	case PB_DW_CONST:
	case PB_DW_VOLATILE:
		r = map_type(m, t->ty_ref);
		break;
	case PB_DW_TYPEDEF:
		if (t->ty_name != NULL &&
		    (r = dsl_type_lookup(m->mp_tt, t->ty_name)) != 0)
			break;
		to = map_type(m, t->ty_ref);
		r = to != 0 && t->ty_name != NULL ?
		    dsl_type_typedef(m->mp_tt, t->ty_name, to) : to;
		break;
	case PB_DW_STRUCT:
	case PB_DW_UNION:
		r = map_struct(m, ty, t);
		break;
	case PB_DW_ENUM:
		if (t->ty_size != 4 && t->ty_size != 0) {
			/* enum class E : uint8_t */
			r = dsl_type_int(m->mp_tt, t->ty_name != NULL ?
			    t->ty_name : "int", t->ty_size, true);
			break;
		}
		snprintf(full, sizeof(full), "enum %s",
		    t->ty_name != NULL ? t->ty_name : "");
		if (t->ty_name == NULL ||
		    (r = dsl_type_lookup(m->mp_tt, full)) == 0)
			r = dsl_type_enum(m->mp_tt, t->ty_name != NULL ?
			    t->ty_name : "");
		break;
	case PB_DW_ARRAY:
		to = map_type(m, t->ty_ref);
		r = to != 0 ? dsl_type_array(m->mp_tt, to,
		    (uint32_t)(t->ty_count > UINT32_MAX ? 0 : t->ty_count)) :
		    0;
		break;
	default:
		/* a function, a pointer to member: void (a pointer to it is
		 * a void *) */
		r = dsl_type_void(m->mp_tt);
		break;
	}
	m->mp_depth--;
	m->mp_memo[ty] = r;
	return r;
}

/* The D type of a value in a register: 0 (untyped) for what is not. */
static int32_t
reg_type(map_t *m, int32_t ty)
{
	const pb_dwtype_t *t = strip(m->mp_f, ty);

	if (t == NULL || t->ty_kind == PB_DW_STRUCT ||
	    t->ty_kind == PB_DW_UNION || t->ty_kind == PB_DW_ARRAY ||
	    t->ty_kind == PB_DW_FUNC || t->ty_kind == PB_DW_UNKNOWN ||
	    (t->ty_kind == PB_DW_BASE && (t->ty_enc == DW_ATE_float ||
	    t->ty_enc == DW_ATE_complex_float || t->ty_size > 8)))
		return 0;
	return map_type(m, ty);
}

typedef struct argctx {
	dsl_typetab_t *ac_tt;
	dsl_argtype_t ac_at[DSL_NARGS];
	size_t ac_max;
	int ac_n;		/* typed so far; -1 none yet */
	char ac_func[256];	/* the function that typed them */
	char *ac_err;
	size_t ac_errlen;
} argctx_t;

/*
 * args[i] from where the calling convention put it (probes/abi.h): its
 * word, the word of its length for a counted string, its type (a
 * pointer to it when it travels by reference).
 */
static void
place_arg(map_t *m, const pb_argloc_t *al, dsl_argtype_t *at)
{
	int32_t t;

	at->at_word = (uint16_t)(al->al_word < 0 ? PB_ABI_NOWORD + 1 :
	    al->al_word + 1);
	at->at_lenword = (uint16_t)(al->al_lenword < 0 ? 0 :
	    al->al_lenword + 1);
	if (al->al_type < 0 || al->al_word < 0) {
		at->at_type = 0;
		return;
	}
	if (!al->al_byref) {
		at->at_type = reg_type(m, al->al_type);
		return;
	}
	t = map_type(m, al->al_type);
	at->at_type = t != 0 ? dsl_type_ptr(m->mp_tt, t) : 0;
}

static int
one_probe(argctx_t *ac, const pb_provider_t *pv, const pb_probe_t *pr)
{
	dsl_argtype_t at[DSL_NARGS];
	pb_argloc_t al[DSL_NARGS];
	pb_dwfunc_t df;
	map_t m;
	size_t i, nal, max = ac->ac_max < DSL_NARGS ? ac->ac_max :
	    DSL_NARGS;
	int n = 0, r, k;

	if (pr->pr_kind != PB_ENTRY && pr->pr_kind != PB_RETURN)
		return 0;
	if ((r = pv->pv_dwfunc(pr, &df)) <= 0) {
		if (r < 0)
			snprintf(ac->ac_err, ac->ac_errlen, "out of memory");
		return r;
	}
	memset(&m, 0, sizeof(m));
	memset(at, 0, sizeof(at));
	m.mp_tt = ac->ac_tt;
	m.mp_f = &df;
	if ((m.mp_memo = calloc(df.df_ntypes + 1, sizeof(int32_t))) == NULL)
		m.mp_nomem = true;
	nal = pv->pv_arglocs != NULL ? pv->pv_arglocs(pr, &df, al, max) :
	    pb_abi_args(&df, PB_ABI_SYSV, pr->pr_kind == PB_RETURN, al,
	    max);
	if (m.mp_nomem) {
		/* nothing */
	} else if (pr->pr_kind == PB_ENTRY) {
		/* parameters in order; Go's results are not among them */
		for (i = 0; i < df.df_nparams && (size_t)n < nal; i++) {
			if (df.df_params[i].pa_out)
				continue;
			place_arg(&m, &al[n], &at[n]);
			snprintf(at[n].at_name, sizeof(at[n].at_name), "%s",
			    df.df_params[i].pa_name != NULL ?
			    df.df_params[i].pa_name : "");
			n++;
		}
	} else if (nal >= 1) {
		at[0].at_type = dsl_type_int(ac->ac_tt, "uint64_t", 8, false);
		at[0].at_word = 1;
		n = 1;
		/* the return value, or Go's results, named as DWARF does */
		for (i = 0; (size_t)n < nal; n++) {
			place_arg(&m, &al[n], &at[n]);
			while (i < df.df_nparams && !df.df_params[i].pa_out)
				i++;
			if (i < df.df_nparams && df.df_params[i].pa_name &&
			    df.df_params[i].pa_name[0] != '~')
				snprintf(at[n].at_name, sizeof(at[n].at_name),
				    "%s", df.df_params[i].pa_name);
			i++;
		}
	}
	free(m.mp_memo);
	pb_dwfunc_free(&df);
	if (m.mp_nomem) {
		snprintf(ac->ac_err, ac->ac_errlen, "out of memory");
		return -1;
	}
	if (ac->ac_n < 0) {
		memcpy(ac->ac_at, at, sizeof(at));
		ac->ac_n = n;
		snprintf(ac->ac_func, sizeof(ac->ac_func), "%s", pr->pr_func);
		return 0;
	}
	for (k = 0; k < n || k < ac->ac_n; k++)
		if ((k < n ? at[k].at_type : 0) !=
		    (k < ac->ac_n ? ac->ac_at[k].at_type : 0) ||
		    (k < n && k < ac->ac_n &&
		    (at[k].at_word != ac->ac_at[k].at_word ||
		    at[k].at_lenword != ac->ac_at[k].at_lenword))) {
			snprintf(ac->ac_err, ac->ac_errlen, "args[%d] has "
			    "another type in %s than in %s: args[] needs "
			    "a description whose functions agree", k,
			    pr->pr_func, ac->ac_func);
			return -1;
		}
	return 0;
}

/* one_probe on each probe that pd matches, until it says non-zero. */
static int
each_probe(trace_t *tr, const dsl_pdesc_t *pd, argctx_t *ac, char *err,
    size_t errlen)
{
	pb_desc_t desc = { pd->pd_prov, pd->pd_mod, pd->pd_func, pd->pd_name };
	const pb_provider_t *const *pp;
	trace_proc_t *p;
	size_t i;
	int r = 0;

	for (p = tr->tr_procs; p != NULL && r == 0; p = p->p_next) {
		if (p->p_script)
			continue;
		/* The types are in the libraries, mapped at the entry. */
		if (p->p_s != NULL && tr_launch_atexec(p->p_s)) {
			if (trace_proc_entry(p, err, errlen) < 0)
				return -1;
			p->p_dwentry = true;
		}
		for (pp = tr->tr_provs; *pp != NULL && r == 0; pp++) {
			pb_probe_list_t list = PB_PROBE_LIST_INIT;

			if ((*pp)->pv_dwfunc == NULL ||
			    !(*pp)->pv_names(pd->pd_prov, p->p_pid))
				continue;
			if ((*pp)->pv_resolve(p->p_pid, trace_proc_tid(p),
			    &desc, PB_ZEROOK, &list, err, errlen) < 0)
				return -1;
			for (i = 0; i < list.pl_n && r == 0; i++)
				r = one_probe(ac, *pp, &list.pl_probes[i]);
			pb_probe_list_free(&list);
		}
	}
	return r;
}

int
trace_dwtypes(void *trace, const struct dsl_pdesc *pd, dsl_typetab_t *tt,
    dsl_argtype_t *out, size_t max, char *err, size_t errlen)
{
	argctx_t ac;

	memset(&ac, 0, sizeof(ac));
	ac.ac_tt = tt;
	ac.ac_max = max;
	ac.ac_n = -1;
	ac.ac_err = err;
	ac.ac_errlen = errlen;
	if (each_probe(trace, pd, &ac, err, errlen) < 0)
		return -1;
	if (ac.ac_n <= 0)
		return 0;
	memcpy(out, ac.ac_at, (size_t)ac.ac_n * sizeof(*out));
	return ac.ac_n;
}
