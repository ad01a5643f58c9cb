/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.c: the checker, which turns the parsed nodes of a program into
 * the runnable form (compile.c calls it once every source is parsed).
 *
 * Every clause is checked twice.  The first pass only learns the types
 * of variables from their first assignment in program order (a predicate
 * may read self->ts before the clause that sets it), the second resolves
 * every name to a slot or id, types every node, folds sizeof, fixes each
 * aggregation's function and key types, and rejects what DTrace rejects,
 * with its tags.  The second goes in program order as dtrace's cooking
 * does, each clause's statements before its predicate: a global read
 * before any statement assigns it is an unknown name there.
 */
#include <config.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/cc.h"
#include "dsl/printf.h"

/* Function signatures: args: i int, s string, * any, a aggregation. */
typedef struct fsig {
	int		fs_min, fs_max;
	int		fs_ret;		/* DT_* */
	int		fs_size;	/* integer return size */
	bool		fs_signed;
	const char	*fs_args;
} fsig_t;

static const fsig_t sigs[F_NFUNCS] = {
	[F_STRLEN] = { 1, 1, DT_INT, 8, false, "s" },
	[F_STRJOIN] = { 2, 2, DT_STR, 0, false, "ss" },
	[F_SUBSTR] = { 2, 3, DT_STR, 0, false, "sii" },
	[F_INDEX] = { 2, 3, DT_INT, 4, true, "ssi" },
	[F_RINDEX] = { 2, 3, DT_INT, 4, true, "ssi" },
	[F_STRSTR] = { 2, 2, DT_STR, 0, false, "ss" },
	[F_STRCHR] = { 2, 2, DT_STR, 0, false, "si" },
	[F_STRRCHR] = { 2, 2, DT_STR, 0, false, "si" },
	[F_STRTOK] = { 2, 2, DT_STR, 0, false, "*s" },
	[F_BASENAME] = { 1, 1, DT_STR, 0, false, "s" },
	[F_DIRNAME] = { 1, 1, DT_STR, 0, false, "s" },
	[F_LLTOSTR] = { 1, 2, DT_STR, 0, false, "ii" },
	[F_TOUPPER] = { 1, 1, DT_STR, 0, false, "s" },
	[F_TOLOWER] = { 1, 1, DT_STR, 0, false, "s" },
	[F_RAND] = { 0, 0, DT_INT, 4, true, "" },
	[F_COPYINSTR] = { 1, 2, DT_STR, 0, false, "ii" },
	[F_COPYIN] = { 2, 2, DT_INT, 8, false, "ii" },
	[F_STRINGOF] = { 1, 1, DT_STR, 0, false, "*" },
	[F_PROGENYOF] = { 0, 0, 0, 0, false, NULL },
	[F_ALLOCA] = { 1, 1, DT_INT, 8, false, "i" },
	[F_BCOPY] = { 3, 3, DT_VOID, 0, false, "*ii" },
	[F_SPECULATION] = { 0, 0, DT_INT, 4, true, "" },
	[F_HTONS] = { 1, 1, DT_INT, 2, false, "i" },
	[F_HTONL] = { 1, 1, DT_INT, 4, false, "i" },
	[F_HTONLL] = { 1, 1, DT_INT, 8, false, "i" },
	[F_NTOHS] = { 1, 1, DT_INT, 2, false, "i" },
	[F_NTOHL] = { 1, 1, DT_INT, 4, false, "i" },
	[F_NTOHLL] = { 1, 1, DT_INT, 8, false, "i" },
	[F_INET_NTOA] = { 1, 1, DT_STR, 0, false, "i" },
	[F_INET_NTOA6] = { 1, 2, DT_STR, 0, false, "ii" },
	[F_INET_NTOP] = { 2, 2, DT_STR, 0, false, "ii" },
	[F_LINK_NTOP] = { 2, 2, DT_STR, 0, false, "ii" },
	[F_CLEANPATH] = { 1, 1, DT_STR, 0, false, "s" },
	[F_USTACK] = { 0, 2, DT_STR, 0, false, "ii" },
	[F_JSTACK] = { 0, 2, DT_STR, 0, false, "ii" },
	[F_STACK] = { 0, 1, DT_STR, 0, false, "i" },
	[F_UFUNC] = { 1, 1, DT_STR, 0, false, "i" },
	[F_UMOD] = { 1, 1, DT_STR, 0, false, "i" },
	[F_USYM] = { 1, 1, DT_STR, 0, false, "i" },
	[F_UADDR] = { 1, 1, DT_STR, 0, false, "i" },
	[F_PRINTF] = { 1, 64, DT_VOID, 0, false, "s" },
	[F_PRINTA] = { 1, 1 + DSL_PRINTA_MAX, DT_VOID, 0, false, "*" },
	[F_TRACE] = { 1, 1, DT_VOID, 0, false, "*" },
	[F_PRINT] = { 1, 1, DT_VOID, 0, false, "*" },
	[F_EXIT] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_CLEAR] = { 1, 1, DT_VOID, 0, false, "a" },
	[F_TRUNC] = { 1, 2, DT_VOID, 0, false, "ai" },
	[F_NORMALIZE] = { 2, 2, DT_VOID, 0, false, "ai" },
	[F_DENORMALIZE] = { 1, 1, DT_VOID, 0, false, "a" },
	[F_SPECULATE] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_COMMIT] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_DISCARD] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_STOP] = { 0, 0, DT_VOID, 0, false, "" },
	[F_RAISE] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_SYSTEM] = { 1, 64, DT_VOID, 0, false, "s" },
	[F_FREOPEN] = { 1, 64, DT_VOID, 0, false, "s" },
	[F_PANIC] = { 0, 0, DT_VOID, 0, false, "" },
	[F_CHILL] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_BREAKPOINT] = { 0, 0, DT_VOID, 0, false, "" },
	[F_COPYOUT] = { 3, 3, DT_VOID, 0, false, "iii" },
	[F_COPYOUTSTR] = { 3, 3, DT_VOID, 0, false, "sii" },
	[F_SETOPT] = { 1, 2, DT_VOID, 0, false, "ss" },
	[F_COUNT] = { 0, 0, DT_VOID, 0, false, "" },
	[F_SUM] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_AVG] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_MIN] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_MAX] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_STDDEV] = { 1, 1, DT_VOID, 0, false, "i" },
	[F_QUANTIZE] = { 1, 2, DT_VOID, 0, false, "ii" },
	[F_LQUANTIZE] = { 3, 5, DT_VOID, 0, false, "iiiii" },
	[F_LLQUANTIZE] = { 5, 6, DT_VOID, 0, false, "iiiiii" },
};

static const struct builtin {
	const char	*bi_name;
	int		bi_type, bi_size;
	bool		bi_signed;
} builtins[B_NBUILTIN] = {
	[B_TIMESTAMP] = { "timestamp", DT_INT, 8, false },
	[B_VTIMESTAMP] = { "vtimestamp", DT_INT, 8, false },
	[B_WALLTIMESTAMP] = { "walltimestamp", DT_INT, 8, true },
	[B_PID] = { "pid", DT_INT, 4, true },
	[B_PPID] = { "ppid", DT_INT, 4, true },
	[B_TID] = { "tid", DT_INT, 4, true },
	[B_UID] = { "uid", DT_INT, 4, false },
	[B_GID] = { "gid", DT_INT, 4, false },
	[B_EXECNAME] = { "execname", DT_STR, 0, false },
	[B_PROBEPROV] = { "probeprov", DT_STR, 0, false },
	[B_PROBEMOD] = { "probemod", DT_STR, 0, false },
	[B_PROBEFUNC] = { "probefunc", DT_STR, 0, false },
	[B_PROBENAME] = { "probename", DT_STR, 0, false },
	[B_CPU] = { "cpu", DT_INT, 4, true },
	[B_EPID] = { "epid", DT_INT, 4, false },
	[B_ID] = { "id", DT_INT, 4, false },
	[B_ERRNO] = { "errno", DT_INT, 4, true },
	[B_UCALLER] = { "ucaller", DT_INT, 8, false },
	[B_USTACKDEPTH] = { "ustackdepth", DT_INT, 4, false },
};

/*
 * uregs[] indexes for x86-64, named and numbered as Oracle's Linux
 * DTrace names them in its regs.d (the kernel's pt_regs order, then the
 * segment registers and the trap number), with the i386 and generic
 * aliases it defines.  They are constants, not variables: a misspelt
 * one is an unknown name.
 */
static const struct ureg {
	const char	*ur_name;
	int		ur_index;
} uregnames[] = {
	{ "R_R15", 0 }, { "R_R14", 1 }, { "R_R13", 2 }, { "R_R12", 3 },
	{ "R_RBP", 4 }, { "R_RBX", 5 }, { "R_R11", 6 }, { "R_R10", 7 },
	{ "R_R9", 8 }, { "R_R8", 9 }, { "R_RAX", 10 }, { "R_RCX", 11 },
	{ "R_RDX", 12 }, { "R_RSI", 13 }, { "R_RDI", 14 }, { "R_ERR", 15 },
	{ "R_RIP", 16 }, { "R_CS", 17 }, { "R_RFL", 18 }, { "R_RSP", 19 },
	{ "R_SS", 20 }, { "R_DS", 21 }, { "R_ES", 22 }, { "R_FS", 23 },
	{ "R_GS", 24 }, { "R_TRAPNO", 25 },
	{ "R_EBX", 5 }, { "R_ECX", 11 }, { "R_EDX", 12 }, { "R_ESI", 13 },
	{ "R_EDI", 14 }, { "R_EBP", 4 }, { "R_EAX", 10 }, { "R_EIP", 16 },
	{ "R_EFL", 18 }, { "R_ESP", 19 },
	{ "R_PC", 16 }, { "R_FP", 4 }, { "R_SP", 19 }, { "R_PS", 18 },
	{ "R_R0", 10 }, { "R_R1", 5 },
};
#define NUREGNAMES	(sizeof(uregnames) / sizeof(uregnames[0]))

typedef struct check {
	dsl_cc_t	*ck_cc;
	bool		ck_strict;	/* second pass */
	bool		ck_changed;	/* first pass learned a type */
	dsl_clause_t	*ck_clause;
	int		ck_action;	/* action number in the clause */
	unsigned	ck_cflags;	/* CF_*: what the clause did so far */
	bool		ck_xlok;	/* the node checked next may be an
					 * xlate<>(): a member's operand */
} check_t;

/* What a clause's statements did so far, for speculation's rules. */
#define CF_DATAREC	0x1
#define CF_AGG		0x2
#define CF_SPEC		0x4
#define CF_COMMIT	0x8

static void expr(check_t *, int32_t n);
static void expr1(check_t *, int32_t n);
static bool null_string(check_t *, int32_t);
static bool is_ref(check_t *, int32_t);
static bool same_type(check_t *, int32_t, int32_t);
static void decay(check_t *, int32_t);
static void decay_chars(check_t *, int32_t);
static void taint(check_t *, int32_t);
static bool void_ptr(check_t *, int32_t);
static const char *tname(check_t *, int32_t, char *, size_t);
static bool is_ptr(check_t *, int32_t t);
static const dsl_ctype_t *ctype(check_t *, int32_t t);

#define NODE(ck, i)	CC_NODE((ck)->ck_cc, (i))
#define PG(ck)		((ck)->ck_cc->cc_pg)

static const char *
nname(check_t *ck, int32_t n)
{
	return dsl_prog_str(PG(ck), (uint32_t)NODE(ck, n)->dn_ival);
}

static void
set_int(dsl_node_t *n, int size, bool sign)
{
	n->dn_type = DT_INT;
	n->dn_size = (uint8_t)size;
	n->dn_signed = sign;
}

static int
find_func(const char *name)
{
	int f;

	for (f = 0; f < F_NFUNCS; f++)
		if (dsl_prog_funcname(f) != NULL && strcmp(dsl_prog_funcname(f),
		    name) == 0)
			return f;
	return -1;
}

static int
find_builtin(const char *name)
{
	int b;

	if (strncmp(name, "arg", 3) == 0 && name[3] >= '0' &&
	    name[3] <= '9' && name[4] == '\0')
		return 100 + name[3] - '0';
	for (b = 0; b < B_NBUILTIN; b++)
		if (strcmp(builtins[b].bi_name, name) == 0)
			return b;
	return -1;
}

static dsl_var_t *
find_var(check_t *ck, int scope, const char *name, bool create)
{
	dsl_prog_t *pg = PG(ck);
	dsl_cc_t *cc = ck->ck_cc;
	dsl_var_t *v;
	uint32_t i;

	for (i = 0; i < pg->pg_nvars; i++) {
		v = &pg->pg_vars[i];
		if (v->va_scope == scope &&
		    strcmp(dsl_prog_str(pg, v->va_name), name) == 0)
			return v;
	}
	if (!create)
		return NULL;
	{
		uint32_t off = dsl_parse_str(cc, name, strlen(name));

		pg->pg_vars = dsl_compile_grow(cc, pg->pg_vars, &cc->cc_varcap,
		    pg->pg_nvars + 1, sizeof(dsl_var_t));
		v = &pg->pg_vars[pg->pg_nvars++];
		memset(v, 0, sizeof(*v));
		v->va_name = off;
		v->va_scope = (uint8_t)scope;
		v->va_type = DT_VOID;
		v->va_nkeys = -1;
	}
	return v;
}

/*
 * Whether variable v has a value at this point of the program: it was
 * declared, or an earlier statement assigned it.  dtrace resolves names
 * in program order, so a read before any assignment is an unknown name
 * (dtrace-utils' end/err.D_IDENT_UNDEF.timespent reads in END what a
 * later BEGIN clause sets).  Only the strict pass, which goes in program
 * order, asks.
 */
static bool
var_defined(check_t *ck, const dsl_var_t *v)
{
	uint32_t i = (uint32_t)(v - PG(ck)->pg_vars);

	return i < ck->ck_cc->cc_vardefcap && ck->ck_cc->cc_vardef[i];
}

static void
var_define(check_t *ck, const dsl_var_t *v)
{
	dsl_cc_t *cc = ck->ck_cc;
	uint32_t i = (uint32_t)(v - PG(ck)->pg_vars);

	cc->cc_vardef = dsl_compile_grow(cc, cc->cc_vardef,
	    &cc->cc_vardefcap, i + 1, 1);
	cc->cc_vardef[i] = 1;
}

#define MAXBYVAL	(1U << 20)	/* bytes a variable holds by value */

/* The size of a value of C type t that a variable holds by value (a
 * struct, union or array), or 0; MAXBYVAL + 1 for any larger. */
static uint32_t
byval_size(check_t *ck, int32_t t)
{
	const dsl_ctype_t *ty = dsl_type_resolve(&PG(ck)->pg_tt, t, NULL);

	if (ty == NULL || (ty->ty_kind != TY_STRUCT &&
	    ty->ty_kind != TY_UNION && ty->ty_kind != TY_ARRAY))
		return 0;
	return ty->ty_size > MAXBYVAL ? MAXBYVAL + 1 : (uint32_t)ty->ty_size;
}

/* Refuse, at line and col, a variable name of C type t too large to
 * hold by value. */
static void
byval_limit(check_t *ck, int32_t t, const char *name, int32_t n, int line,
    int col)
{
	if (byval_size(ck, t) <= MAXBYVAL)
		return;
	if (n != DSL_NONE)
		dsl_diag_nerror(ck->ck_cc, n, "D_DECL_TYPE", "%s: a variable "
		    "holds at most %u bytes by value", name, MAXBYVAL);
	dsl_diag_error(ck->ck_cc, line, col, "D_DECL_TYPE", "%s: a "
	    "variable holds at most %u bytes by value", name, MAXBYVAL);
}

/*
 * Give a variable its type at its first assignment or declaration.  A
 * C type ctype (0: none) that is a struct, union or array is held by
 * value: the variable has that many bytes of its scope's memory (an
 * array's element as many of its own).
 */
static void
type_var(check_t *ck, dsl_var_t *v, int type, int size, bool sign,
    int32_t ctype)
{
	dsl_prog_t *pg = PG(ck);
	uint32_t bytes, *mem = NULL;

	if (v->va_type != DT_VOID || type == DT_VOID)
		return;
	v->va_type = (uint8_t)type;
	v->va_size = (uint8_t)(type == DT_INT ? size : 0);
	v->va_signed = sign;
	if (ctype != 0)
		v->va_ctype = ctype;
	ck->ck_changed = true;
	if ((bytes = byval_size(ck, v->va_ctype)) > MAXBYVAL) {
		v->va_type = DT_VOID;	/* refused by the caller */
		return;
	}
	if (bytes > 0) {
		v->va_bytes = bytes;
		if (bytes > pg->pg_maxbytes)
			pg->pg_maxbytes = bytes;
		switch (v->va_scope) {
		case V_GLOBAL: mem = &pg->pg_nglobal_mem; break;
		case V_THIS: mem = &pg->pg_nthis_mem; break;
		case V_SELF: mem = &pg->pg_nself_mem; break;
		default:
			v->va_slot = (uint32_t)(v - pg->pg_vars);
			return;
		}
		v->va_slot = *mem;
		*mem += (bytes + 7) & ~7U;
		return;
	}
	switch (v->va_scope) {
	case V_GLOBAL:
		v->va_slot = type == DT_STR ? pg->pg_nglobal_str++ :
		    pg->pg_nglobal_int++;
		break;
	case V_THIS:
		v->va_slot = type == DT_STR ? pg->pg_nthis_str++ :
		    pg->pg_nthis_int++;
		break;
	case V_SELF:
		v->va_slot = type == DT_STR ? pg->pg_nself_str++ :
		    pg->pg_nself_int++;
		break;
	default:
		v->va_slot = (uint32_t)(v - pg->pg_vars);
		break;
	}
}

static void set_ctype(check_t *, int32_t, int32_t);

/* Type node n, a reference to variable v or an assignment to it. */
static void
var_node(check_t *ck, int32_t n, const dsl_var_t *v)
{
	dsl_node_t *nd = NODE(ck, n);
	int op = nd->dn_op;

	if (v->va_bytes > 0 && (op == N_GVAR || op == N_TVAR ||
	    op == N_SVAR || op == N_ARR)) {
		/* held by value: the node is its storage's address */
		set_ctype(ck, n, v->va_ctype);
		NODE(ck, n)->dn_aux |= AUX_LOCAL;
		return;
	}
	if (v->va_type == DT_STR) {
		nd->dn_type = DT_STR;
	} else {
		/* unset variables read as 0: int64 until assigned */
		set_int(nd, v->va_type == DT_INT ? v->va_size : 8,
		    v->va_type == DT_INT ? v->va_signed : true);
	}
	nd->dn_ctype = v->va_bytes > 0 ? 0 : v->va_ctype;
}

static int count_args(check_t *, int32_t);

/*
 * Keys that are structs or unions (an array's only: its key is the
 * struct's bytes, so two structs alike are one key, dtrace-utils
 * struct/tst.StructAssoc): the array takes their types at its first use
 * and the others must have them (D_PROTO_ARG, as dtrace's prototype
 * check).  True if the keys were checked here.
 */
static bool
ref_keys(check_t *ck, int32_t keys, bool agg, uint32_t idx,
    const char *what, const char *name)
{
	dsl_var_t *v = agg ? NULL : &PG(ck)->pg_vars[idx];
	char a[256], b[256];
	bool any = false;
	int32_t k;
	int i = 0;

	for (k = keys; k != DSL_NONE; k = NODE(ck, k)->dn_next)
		any |= is_ref(ck, k);
	if (v != NULL)
		for (i = 0; i < v->va_nkeys && i < 8; i++)
			any |= v->va_ktype[i] == DT_REF;
	if (!any)
		return false;
	if (agg)
		dsl_diag_nerror(ck->ck_cc, keys, "D_KEY_TYPE", "%s%s: a struct "
		    "or union is no aggregation key", what, name);
	i = 0;
	for (k = keys; k != DSL_NONE && i < 8; k = NODE(ck, k)->dn_next, i++) {
		bool ref = is_ref(ck, k);
		int32_t t = NODE(ck, k)->dn_ctype;

		if (v->va_nkeys < 0)
			continue;
		if (i >= v->va_nkeys)
			break;
		if ((v->va_ktype[i] == DT_REF) != ref || (ref &&
		    !same_type(ck, v->va_kctype[i], t)) || (!ref &&
		    v->va_ktype[i] != NODE(ck, k)->dn_type))
			dsl_diag_nerror(ck->ck_cc, k, "D_PROTO_ARG", "%s%s[ ] "
			    "key #%d is incompatible with prototype:\n"
			    "\tprototype: %s\n\t      key: %s", what, name,
			    i + 1, v->va_ktype[i] == DT_REF ?
			    dsl_type_name(&PG(ck)->pg_tt, v->va_kctype[i], a,
			    sizeof(a)) : v->va_ktype[i] == DT_STR ? "string" :
			    "int", tname(ck, k, b, sizeof(b)));
	}
	if (v->va_nkeys >= 0) {
		if (v->va_nkeys != i || k != DSL_NONE)
			dsl_diag_nerror(ck->ck_cc, keys, "D_PROTO_LEN",
			    "%s%s[ ] prototype mismatch: %d keys passed, %d "
			    "expected", what, name, count_args(ck, keys),
			    v->va_nkeys);
		return true;
	}
	i = 0;
	for (k = keys; k != DSL_NONE && i < 8; k = NODE(ck, k)->dn_next, i++) {
		v->va_ktype[i] = is_ref(ck, k) ? DT_REF : NODE(ck, k)->dn_type;
		v->va_ksize[i] = NODE(ck, k)->dn_size;
		v->va_kctype[i] = is_ref(ck, k) ? NODE(ck, k)->dn_ctype : 0;
	}
	v->va_nkeys = i;
	return true;
}

/*
 * Check the keys of array idx (agg false) or aggregation idx (agg true)
 * and record or compare their types.  Checking a key may create
 * variables and strings, which grows (and moves) the program's tables:
 * `a[b[c]]` adds b and c while a is being checked.  So this takes an
 * index, not a pointer, keeps a copy of the name, and the caller must
 * re-derive its own pointers after the call.  Found by fuzz-d.
 */
static int	resolve_func(check_t *, int32_t, bool);

static void
check_keys(check_t *ck, int32_t n, int32_t keys, bool agg, uint32_t idx,
    const char *what, const char *name)
{
	char nm[256];
	int i = 0, *nkeys;
	uint8_t *kt, *ks;
	int32_t k;

	snprintf(nm, sizeof(nm), "%s", name);
	name = nm;
	for (k = keys; k != DSL_NONE; k = NODE(ck, k)->dn_next) {
		if (NODE(ck, k)->dn_op == N_AGGREF ||
		    (NODE(ck, k)->dn_op == N_CALL &&
		    F_ISACTION(resolve_func(ck, k, false))))
			dsl_diag_nerror(ck->ck_cc, k, "D_KEY_TYPE", "%s%s key "
			    "#%d is of type %s: not a valid key", what, name,
			    i + 1, NODE(ck, k)->dn_op == N_AGGREF ?
			    "aggregation" : "void");
		expr(ck, k);
		if (NODE(ck, k)->dn_type == DT_VOID)
			dsl_diag_nerror(ck->ck_cc, k, "D_KEY_TYPE",
			    "%s%s key #%d has void type", what, name, i + 1);
		i++;
	}
	/* dtrace runs out of tuple registers, an error with no tag */
	if (i > 8)
		dsl_diag_nerror(ck->ck_cc, n, NULL, "%s%s: more than 8 keys: "
		    "insufficient tuple registers", what, name);
	if (!ck->ck_strict)
		return;
	if (ref_keys(ck, keys, agg, idx, what, name))
		return;
	if (agg) {
		dsl_agg_t *ag = &PG(ck)->pg_aggs[idx];

		nkeys = &ag->ag_nkeys;
		kt = ag->ag_ktype;
		ks = ag->ag_ksize;
	} else {
		dsl_var_t *v = &PG(ck)->pg_vars[idx];

		nkeys = &v->va_nkeys;
		kt = v->va_ktype;
		ks = v->va_ksize;
	}
	if (*nkeys < 0) {
		*nkeys = i;
		i = 0;
		for (k = keys; k != DSL_NONE; k = NODE(ck, k)->dn_next) {
			kt[i] = NODE(ck, k)->dn_type;
			ks[i] = NODE(ck, k)->dn_size;
			i++;
		}
		return;
	}
	if (*nkeys != i)
		dsl_diag_nerror(ck->ck_cc, n, "D_PROTO_LEN", "%s%s[ ] "
		    "prototype mismatch: %d arg%s passed, %d expected", what,
		    name, i, i == 1 ? "" : "s", *nkeys);
	i = 0;
	for (k = keys; k != DSL_NONE; k = NODE(ck, k)->dn_next) {
		if (kt[i] != NODE(ck, k)->dn_type)
			dsl_diag_nerror(ck->ck_cc, k, "D_PROTO_ARG", "%s%s key "
			    "#%d is incompatible with its earlier use", what,
			    name, i + 1);
		i++;
	}
}

static bool
is_lvalue(int op)
{
	return op == N_IDENT || op == N_GVAR || op == N_SELFREF ||
	    op == N_SVAR || op == N_THISREF || op == N_TVAR || op == N_ARR;
}

/* Resolve a variable reference (read or, with w, write). */
static dsl_var_t *
lvalue(check_t *ck, int32_t n, bool w, int rtype, int rsize, bool rsign,
    int32_t rctype)
{
	dsl_node_t *nd = NODE(ck, n);
	dsl_var_t *v = NULL;
	const char *name;

	switch (nd->dn_op) {
	case N_IDENT:
		name = nname(ck, n);
		if (find_builtin(name) >= 0) {
			if (w)
				dsl_diag_nerror(ck->ck_cc, n, "D_OP_WRITE",
				    "operator = cannot modify built-in "
				    "variable %s", name);
			return NULL;
		}
		if (find_func(name) >= 0 && w)
			dsl_diag_nerror(ck->ck_cc, n, "D_OP_LVAL",
			    "%s is a function, not a variable", name);
		v = find_var(ck, V_GLOBAL, name, w);
		if (v == NULL)
			return NULL;
		nd = NODE(ck, n);
		nd->dn_op = N_GVAR;
		nd->dn_ival = (int64_t)(v - PG(ck)->pg_vars);
		break;
	case N_GVAR:
	case N_SVAR:
	case N_TVAR:
		v = &PG(ck)->pg_vars[nd->dn_ival];
		break;
	case N_SELFREF:
	case N_THISREF:
		v = find_var(ck, nd->dn_op == N_SELFREF ? V_SELF : V_THIS,
		    nname(ck, n), true);
		nd = NODE(ck, n);
		nd->dn_op = nd->dn_op == N_SELFREF ? N_SVAR : N_TVAR;
		nd->dn_ival = (int64_t)(v - PG(ck)->pg_vars);
		break;
	case N_ARR: {
		const char *aname;

		if (nd->dn_aux == 0) {
			aname = dsl_prog_str(PG(ck), (uint32_t)nd->dn_ival);
			if (strcmp(aname, "uregs") == 0)
				dsl_diag_nerror(ck->ck_cc, n, "D_OP_WRITE",
				    "operator = cannot modify built-in "
				    "variable uregs");
			if (find_builtin(aname) >= 0 || find_func(aname) >= 0)
				dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_BADREF",
				    "%s is not an array", aname);
			v = find_var(ck, V_ARRAY, aname, true);
			v->va_self = strncmp(dsl_prog_str(PG(ck), v->va_name),
			    "self->", 6) == 0;
			nd = NODE(ck, n);
			nd->dn_ival = (int64_t)(v - PG(ck)->pg_vars);
			nd->dn_aux = 1;	/* resolved */
		} else {
			v = &PG(ck)->pg_vars[nd->dn_ival];
		}
		{
			uint32_t vi = (uint32_t)(v - PG(ck)->pg_vars);

			check_keys(ck, n, nd->dn_a, false, vi, "",
			    dsl_prog_str(PG(ck), v->va_name));
			v = &PG(ck)->pg_vars[vi];	/* may have moved */
		}
		break;
	}
	default:
		return NULL;
	}
	if (w) {
		byval_limit(ck, rctype, dsl_prog_str(PG(ck), v->va_name), n,
		    0, 0);
		type_var(ck, v, rtype, rsize, rsign, rctype);
	}
	if (w && ck->ck_strict) {
		uint32_t vi = (uint32_t)(v - PG(ck)->pg_vars);

		var_define(ck, v);
		v = &PG(ck)->pg_vars[vi];
	}
	return v;
}

static void
promote(dsl_node_t *n, const dsl_node_t *a, const dsl_node_t *b)
{
	int sa = a->dn_size < 4 ? 4 : a->dn_size;
	int sb = b == NULL ? 0 : (b->dn_size < 4 ? 4 : b->dn_size);
	bool ua = a->dn_size >= 4 && !a->dn_signed;
	bool ub = b != NULL && b->dn_size >= 4 && !b->dn_signed;
	int size = sa > sb ? sa : sb;
	bool uns = (sa == size && ua) || (b != NULL && sb == size && ub);

	set_int(n, size, !uns);
}

/*
 * An operand must be an integer: dtrace's tag says which kind its
 * operator wants, arithmetic (+ - * /), scalar (!) or integral (the
 * rest), or for a comparison that the types are incompatible.
 */
static void
need_int(check_t *ck, int32_t n, const char *op)
{
	const char *tag = "D_OP_INT", *what = "integer";

	if (NODE(ck, n)->dn_type == DT_INT)
		return;
	if (strcmp(op, "+") == 0 || strcmp(op, "-") == 0 ||
	    strcmp(op, "*") == 0 || strcmp(op, "/") == 0) {
		tag = "D_OP_ARITH";
		what = "arithmetic";
	} else if (strcmp(op, "!") == 0) {
		tag = "D_OP_SCALAR";
		what = "scalar";
	} else if (strchr("<>=!", op[0]) != NULL && op[1] != op[0]) {
		dsl_diag_nerror(ck->ck_cc, n, "D_OP_INCOMPAT", "operator %s: "
		    "operands have incompatible types", op);
	}
	dsl_diag_nerror(ck->ck_cc, n, tag, "operator %s requires an operand "
	    "of %s type", op, what);
}

static const char *
opname(int t)
{
	static char one[2];
	static const char *names[] = {
		"==", "!=", "<=", ">=", "<<", ">>", "&&", "||", "^^", "++",
		"--", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
		"<<=", ">>=",
	};

	if (t >= T_EQ && t <= T_SHREQ)
		return names[t - T_EQ];
	one[0] = (char)t;
	one[1] = '\0';
	return one;
}

static int
count_args(check_t *ck, int32_t a)
{
	int n = 0;

	for (; a != DSL_NONE; a = NODE(ck, a)->dn_next)
		n++;
	return n;
}

static int32_t
nth_arg(check_t *ck, int32_t a, int i)
{
	while (i-- > 0 && a != DSL_NONE)
		a = NODE(ck, a)->dn_next;
	return a;
}

static dsl_agg_t *
find_agg(check_t *ck, const char *name, int32_t n)
{
	dsl_prog_t *pg = PG(ck);
	dsl_cc_t *cc = ck->ck_cc;
	dsl_agg_t *ag;
	uint32_t i;

	for (i = 0; i < pg->pg_naggs; i++)
		if (strcmp(dsl_prog_str(pg, pg->pg_aggs[i].ag_name), name) == 0)
			return &pg->pg_aggs[i];
	{
		uint32_t off = dsl_parse_str(cc, name, strlen(name));
		dsl_node_t *nd = NODE(ck, n);

		pg->pg_aggs = dsl_compile_grow(cc, pg->pg_aggs, &cc->cc_aggcap,
		    pg->pg_naggs + 1, sizeof(dsl_agg_t));
		ag = &pg->pg_aggs[pg->pg_naggs++];
		memset(ag, 0, sizeof(*ag));
		ag->ag_name = off;
		ag->ag_func = -1;
		ag->ag_nkeys = -1;
		ag->ag_line = nd->dn_line;
		ag->ag_col = nd->dn_col;
		ag->ag_src = nd->dn_src;
		ag->ag_file = nd->dn_file;
	}
	return ag;
}

/*
 * The function a call node names (F_*), resolved once: an unknown name is
 * an error with the closest known name; agg: only aggregating functions
 * are known (the right side of @x = ...).
 */
static int
resolve_func(check_t *ck, int32_t n, bool agg)
{
	dsl_cc_t *cc = ck->ck_cc;
	const char *name, *names[F_NFUNCS], *s;
	dsl_node_t *nd = NODE(ck, n);
	int f, i;

	if (nd->dn_aux != 0)
		return (int)nd->dn_ival;
	name = nname(ck, n);
	f = find_func(name);
	if (f >= 0 && agg && !F_ISAGG(f))
		dsl_diag_nerror(cc, n, "D_AGG_FUNC", "%s( ) is not an "
		    "aggregating function", name);
	if (f < 0 && (find_builtin(name) >= 0 || find_var(ck, V_GLOBAL, name,
	    false) != NULL))
		dsl_diag_nerror(cc, n, "D_FUNC_IDENT", "%s is not a function",
		    name);
	if (f < 0) {
		for (i = 0; i < F_NFUNCS; i++)
			names[i] = !agg || F_ISAGG(i) ? dsl_prog_funcname(i) :
			    NULL;
		s = dsl_diag_suggest(name, names, F_NFUNCS);
		if (s != NULL)
			dsl_diag_nerror(cc, n, "D_FUNC_UNDEF", "unknown "
			    "function '%s'; did you mean '%s'?", name, s);
		dsl_diag_nerror(cc, n, "D_FUNC_UNDEF", "unknown %sfunction "
		    "'%s'", agg ? "aggregating " : "", name);
	}
	nd = NODE(ck, n);
	nd->dn_ival = f;
	nd->dn_aux = 1;
	return f;
}

/* lquantize(v, base, limit[, step]): dtrace-utils' rules and tags. */
static void
lq_args(check_t *ck, int32_t call, int32_t args, int nargs, int64_t p[4])
{
	dsl_cc_t *cc = ck->ck_cc;
	int32_t a1 = nth_arg(ck, args, 1), a2 = nth_arg(ck, args, 2);
	int32_t a3 = nargs > 3 ? nth_arg(ck, args, 3) : DSL_NONE;
	int64_t nlevels;

	if (NODE(ck, a1)->dn_op != N_INT)
		dsl_diag_nerror(cc, a1, "D_LQUANT_BASETYPE", "lquantize( ) "
		    "argument #1 must be an integer constant");
	p[0] = NODE(ck, a1)->dn_ival;
	if (p[0] < INT32_MIN || p[0] > INT32_MAX)
		dsl_diag_nerror(cc, a1, "D_LQUANT_BASEVAL", "lquantize( ) "
		    "argument #1 must be a 32-bit quantity");
	if (NODE(ck, a2)->dn_op != N_INT)
		dsl_diag_nerror(cc, a2, "D_LQUANT_LIMTYPE", "lquantize( ) "
		    "argument #2 must be an integer constant");
	p[1] = NODE(ck, a2)->dn_ival;
	if (p[1] < INT32_MIN || p[1] > INT32_MAX)
		dsl_diag_nerror(cc, a2, "D_LQUANT_LIMVAL", "lquantize( ) "
		    "argument #2 must be a 32-bit quantity");
	if (p[1] <= p[0])
		dsl_diag_nerror(cc, call, "D_LQUANT_MISMATCH", "lquantize( ) "
		    "base (argument #1) must be less than limit (argument "
		    "#2)");
	p[2] = 1;
	if (a3 != DSL_NONE) {
		if (NODE(ck, a3)->dn_op != N_INT || NODE(ck, a3)->dn_ival <= 0)
			dsl_diag_nerror(cc, a3, "D_LQUANT_STEPTYPE",
			    "lquantize( ) argument #3 must be a non-zero "
			    "positive integer constant");
		p[2] = NODE(ck, a3)->dn_ival;
		if (p[2] > UINT16_MAX)
			dsl_diag_nerror(cc, a3, "D_LQUANT_STEPVAL",
			    "lquantize( ) argument #3 must be a 16-bit "
			    "quantity");
	}
	nlevels = (p[1] - p[0]) / p[2];
	if (nlevels == 0)
		dsl_diag_nerror(cc, call, "D_LQUANT_STEPLARGE", "lquantize( ) "
		    "step (argument #3) too large: must have at least one "
		    "quantization level");
	if (nlevels > UINT16_MAX)
		dsl_diag_nerror(cc, call, "D_LQUANT_STEPSMALL", "lquantize( ) "
		    "step (argument #3) too small: number of quantization "
		    "levels must be a 16-bit quantity");
	/* the limit as dtrace keeps it: base + levels * step */
	p[1] = p[0] + nlevels * p[2];
}

/*
 * llquantize(v, factor, low, high, steps): the argument rules and tags of
 * dtrace-utils' compiler, in its order (each magnitude's type and range,
 * then their order and the overflow, then the steps), which also keep
 * agg.c's llquantize bins whole: steps must divide factor, or be a
 * multiple of it that divides factor^(low+1) (factor^2 when low is 0).
 */
static void
llq_args(check_t *ck, int32_t call, int32_t args, int64_t p[4])
{
	static const char *const tags[3][2] = {
		{ "D_LLQUANT_FACTORTYPE", "D_LLQUANT_FACTORVAL" },
		{ "D_LLQUANT_LMAGTYPE", "D_LLQUANT_LMAGVAL" },
		{ "D_LLQUANT_HMAGTYPE", "D_LLQUANT_HMAGVAL" },
	};
	dsl_cc_t *cc = ck->ck_cc;
	int32_t a[4];
	uint64_t f, lo, hi, st, pw;
	long double m;
	int i;

	for (i = 0; i < 4; i++)
		a[i] = nth_arg(ck, args, i + 1);
	for (i = 0; i < 3; i++) {
		if (NODE(ck, a[i])->dn_op != N_INT)
			dsl_diag_nerror(cc, a[i], tags[i][0], "llquantize( ) "
			    "argument #%d must be an integer constant", i + 1);
		p[i] = NODE(ck, a[i])->dn_ival;
		if ((uint64_t)p[i] > UINT16_MAX || (i == 0 && p[i] < 2))
			dsl_diag_nerror(cc, a[i], tags[i][1], "llquantize( ) "
			    "argument #%d must be an unsigned 16-bit "
			    "quantity%s", i + 1, i == 0 ?
			    " greater than or equal to 2" : "");
	}
	f = (uint64_t)p[0];
	lo = (uint64_t)p[1];
	hi = (uint64_t)p[2];
	if (hi < lo)
		dsl_diag_nerror(cc, a[2], "D_LLQUANT_HMAGVAL", "llquantize( ) "
		    "argument #3 (high magnitude) must be at least argument "
		    "#2 (low magnitude)");
	for (m = 1, i = 0; i <= (int)hi; i++)
		m *= (long double)f;
	if (m > (long double)INT64_MAX)
		dsl_diag_nerror(cc, a[2], "D_LLQUANT_HMAGVAL", "llquantize( ) "
		    "argument #3 (high magnitude) will cause overflow of 64 "
		    "bits");
	if (NODE(ck, a[3])->dn_op != N_INT || NODE(ck, a[3])->dn_ival <= 0)
		dsl_diag_nerror(cc, a[3], "D_LLQUANT_STEPTYPE", "llquantize( ) "
		    "argument #4 must be a non-zero positive integer "
		    "constant");
	p[3] = NODE(ck, a[3])->dn_ival;
	st = (uint64_t)p[3];
	if (st > UINT16_MAX)
		dsl_diag_nerror(cc, a[3], "D_LLQUANT_STEPVAL", "llquantize( ) "
		    "argument #4 must be an unsigned 16-bit quantity");
	if (st < f && f % st != 0)
		dsl_diag_nerror(cc, a[0], "D_LLQUANT_STEPVAL", "llquantize( ) "
		    "argument #4 (steps) must evenly divide argument #1 "
		    "(factor) when steps<factor");
	if (st > f) {
		if (st % f != 0)
			dsl_diag_nerror(cc, a[0], "D_LLQUANT_STEPVAL",
			    "llquantize( ) argument #4 (steps) must be a "
			    "multiple of argument #1 (factor) when "
			    "steps>factor");
		for (pw = f, i = 0; i < (lo == 0 ? 1 : (int)lo); i++)
			pw *= f;	/* < 2^64: checked above */
		if (pw % st != 0)
			dsl_diag_nerror(cc, a[0], "D_LLQUANT_STEPVAL",
			    "llquantize( ) argument #4 (steps) must evenly "
			    "divide pow(argument #1 (factor), %s) when "
			    "steps>factor", lo == 0 ? "2" :
			    "argument #2 (lmag) + 1");
	}
}

static void
aggregation(check_t *ck, int32_t n, int32_t lhs, int32_t rhs)
{
	dsl_cc_t *cc = ck->ck_cc;
	dsl_node_t *r = NODE(ck, rhs);
	const char *fname, *aname;
	dsl_agg_t *ag;
	int f, nargs, i;
	int64_t p[4] = { 0, 0, 0, 0 };
	int32_t a;

	aname = nname(ck, lhs);
	if (!ck->ck_strict) {
		/* the first pass only learns variable types */
		for (a = NODE(ck, lhs)->dn_a; a != DSL_NONE;
		    a = NODE(ck, a)->dn_next)
			expr(ck, a);
		if (r->dn_op == N_CALL)
			for (a = r->dn_a; a != DSL_NONE;
			    a = NODE(ck, a)->dn_next)
				expr(ck, a);
		return;
	}
	if (r->dn_op != N_CALL)
		dsl_diag_nerror(cc, rhs, "D_AGG_FUNC", "@%s: aggregations "
		    "must be assigned an aggregating function such as "
		    "count( )", aname);
	f = resolve_func(ck, rhs, true);
	r = NODE(ck, rhs);
	f = (int)r->dn_ival;
	fname = dsl_prog_funcname(f);
	nargs = count_args(ck, r->dn_a);
	/* dtrace checks the prototype first (void(@), void(@, ...)...) */
	if (nargs < sigs[f].fs_min || nargs > sigs[f].fs_max)
		dsl_diag_nerror(cc, rhs, "D_PROTO_LEN", "%s( ) prototype "
		    "mismatch: %d arg%s passed, %s%d expected", fname, nargs,
		    nargs == 1 ? "" : "s", sigs[f].fs_min == sigs[f].fs_max ?
		    "" : nargs < sigs[f].fs_min ? "at least " : "at most ",
		    nargs < sigs[f].fs_min ? sigs[f].fs_min : sigs[f].fs_max);
	for (a = r->dn_a, i = 1; a != DSL_NONE; a = NODE(ck, a)->dn_next,
	    i++) {
		expr(ck, a);
		/* lquantize's and llquantize's parameters are integers */
		if (i > 1 && i <= sigs[f].fs_min &&
		    NODE(ck, a)->dn_type != DT_INT)
			dsl_diag_nerror(cc, a, "D_PROTO_ARG", "%s( ) argument "
			    "#%d is incompatible with prototype: expected an "
			    "integer", fname, i);
	}
	if (r->dn_a != DSL_NONE && NODE(ck, r->dn_a)->dn_type != DT_INT)
		dsl_diag_nerror(cc, r->dn_a, "D_AGG_SCALAR", "%s( ) argument "
		    "#1 must be of scalar type", fname);
	if (f == F_LQUANTIZE) {
		lq_args(ck, rhs, r->dn_a, nargs, p);
	} else if (f == F_LLQUANTIZE) {
		llq_args(ck, rhs, r->dn_a, p);
	}
	/* the increment: quantize's 2nd, lquantize's 5th, llquantize's 6th */
	if (nargs == sigs[f].fs_max && nargs > 1 && (f == F_QUANTIZE ||
	    f == F_LQUANTIZE || f == F_LLQUANTIZE) &&
	    NODE(ck, nth_arg(ck, r->dn_a, nargs - 1))->dn_type != DT_INT)
		dsl_diag_nerror(cc, nth_arg(ck, r->dn_a, nargs - 1),
		    "D_PROTO_ARG", "%s( ) increment value (argument #%d) must "
		    "be of scalar type", fname, nargs);

	ag = find_agg(ck, aname, lhs);
	/* again: the string table may have moved */
	aname = dsl_prog_str(PG(ck), ag->ag_name);
	if (ag->ag_func < 0) {
		ag->ag_func = f;
		memcpy(ag->ag_p, p, sizeof(p));
		switch (f) {
		case F_AVG: ag->ag_ndata = 2; break;
		case F_STDDEV: ag->ag_ndata = 4; break;
		case F_QUANTIZE: ag->ag_ndata = 127; break;
		case F_LQUANTIZE:
			ag->ag_ndata = (uint32_t)((p[1] - p[0]) / p[2]) + 2;
			break;
		case F_LLQUANTIZE:
			ag->ag_ndata = (uint32_t)dsl_agg_llq_nbins(p[0], p[1],
			    p[2], p[3]);
			break;
		default: ag->ag_ndata = 1; break;
		}
	} else if (ag->ag_func == f && f == F_LQUANTIZE &&
	    memcmp(ag->ag_p, p, sizeof(p)) != 0) {
		static const char *const what[3][2] = {
			{ "D_LQUANT_MATCHBASE", "base (argument #1)" },
			{ "D_LQUANT_MATCHLIM", "limit (argument #2)" },
			{ "D_LQUANT_MATCHSTEP", "step (argument #3)" },
		};

		for (i = 0; ag->ag_p[i] == p[i]; i++)
			;
		dsl_diag_nerror(cc, rhs, what[i][0], "lquantize( ) %s doesn't "
		    "match previous declaration: expected %d, found %d",
		    what[i][1], (int)ag->ag_p[i], (int)p[i]);
	} else if (ag->ag_func == f && f == F_LLQUANTIZE &&
	    memcmp(ag->ag_p, p, sizeof(p)) != 0) {
		static const char *const what[4][2] = {
			{ "D_LLQUANT_MATCHFACTOR", "factor (argument #1)" },
			{ "D_LLQUANT_MATCHLMAG", "lmag (argument #2)" },
			{ "D_LLQUANT_MATCHHMAG", "hmag (argument #3)" },
			{ "D_LLQUANT_MATCHSTEPS", "steps (argument #4)" },
		};

		for (i = 0; ag->ag_p[i] == p[i]; i++)
			;
		dsl_diag_nerror(cc, rhs, what[i][0], "llquantize() %s doesn't "
		    "match previous declaration: expected %d, found %d",
		    what[i][1], (int)ag->ag_p[i], (int)p[i]);
	} else if (ag->ag_func != f || memcmp(ag->ag_p, p, sizeof(p)) != 0) {
		dsl_diag_nerror(cc, rhs, "D_AGG_REDEF", "@%s: aggregation "
		    "redefined: %s( ) does not match the earlier %s( )",
		    aname, fname, dsl_prog_funcname(ag->ag_func));
	}
	{
		uint32_t ai = (uint32_t)(ag - PG(ck)->pg_aggs);

		check_keys(ck, lhs, NODE(ck, lhs)->dn_a, true, ai, "@", aname);
		ag = &PG(ck)->pg_aggs[ai];	/* may have moved */
	}
	r = NODE(ck, n);
	r->dn_op = N_AGG;
	r->dn_ival = (int64_t)(ag - PG(ck)->pg_aggs);
	r->dn_a = NODE(ck, lhs)->dn_a;
	r->dn_b = NODE(ck, rhs)->dn_a;
	r->dn_aux = (uint16_t)f;
	r->dn_type = DT_VOID;
}

/* The tag dtrace gives an aggregation action's argument #1 that is not
 * an aggregation: D_PRINTA_AGGARG, D_CLEAR_AGGARG... */
static const char *
aggargtag(const char *fname)
{
	static char tag[32];
	const char *act = strcmp(fname, "printa") == 0 ? "PRINTA" :
	    strcmp(fname, "clear") == 0 ? "CLEAR" :
	    strcmp(fname, "trunc") == 0 ? "TRUNC" :
	    strcmp(fname, "normalize") == 0 ||
	    strcmp(fname, "denormalize") == 0 ? "NORMALIZE" : NULL;

	if (act == NULL)
		return "D_PROTO_ARG";
	snprintf(tag, sizeof(tag), "D_%s_AGGARG", act);
	return tag;
}

/* An @name argument of printa, clear, trunc... */
static void
aggref(check_t *ck, int32_t a, const char *fname, int i)
{
	dsl_node_t *nd = NODE(ck, a);
	dsl_agg_t *ag;

	if (nd->dn_op == N_AGGREF && nd->dn_aux == 2)
		return;		/* resolved on an earlier pass */
	if (nd->dn_op != N_AGGREF || nd->dn_aux != 0)
		dsl_diag_nerror(ck->ck_cc, a, aggargtag(fname), "%s( ) "
		    "argument #%d is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: %s", fname, i,
		    nd->dn_op == N_STR ? "string" : "expression");
	if (!ck->ck_strict)
		return;
	ag = find_agg(ck, nname(ck, a), a);
	nd = NODE(ck, a);
	nd->dn_aux = 2;		/* resolved: dn_ival is now an agg id */
	nd->dn_ival = (int64_t)(ag - PG(ck)->pg_aggs);
	nd->dn_type = DT_VOID;
}

/*
 * stringof(s) and copyinstr(s) of a libstdc++ std::string (a pointer or
 * reference to one, or one by address: *args[1]) read its characters:
 * s->_M_dataplus._M_p, which libstdc++ keeps NUL-terminated in both of
 * its string ABIs.  The members and their offsets are the ones the type
 * table has (DWARF's), never assumed: a string type without them is
 * left alone.  Returns the argument node, n's first.
 */
static int32_t
cxx_string(check_t *ck, int32_t n, int32_t a)
{
	const dsl_typetab_t *tt = &PG(ck)->pg_tt;
	const dsl_ctype_t *ty = ctype(ck, NODE(ck, a)->dn_ctype);
	int op = T_ARROW;
	int32_t m1, m2;
	uint32_t i;
	bool has = false;

	if (ty != NULL && ty->ty_kind == TY_PTR)
		ty = ctype(ck, ty->ty_ref);
	else if ((NODE(ck, a)->dn_aux & AUX_BYADDR) != 0)
		op = '.';
	else
		return a;
	if (ty == NULL || ty->ty_kind != TY_STRUCT ||
	    strncmp(dsl_type_str(tt, ty->ty_name), "std::", 5) != 0 ||
	    strstr(dsl_type_str(tt, ty->ty_name), "basic_string<char") == NULL)
		return a;
	for (i = 0; i < ty->ty_nmem; i++)
		if (strcmp(dsl_type_str(tt,
		    tt->tt_mems[ty->ty_mem0 + i].me_name), "_M_dataplus") == 0)
			has = true;
	if (!has)
		return a;
	m1 = dsl_parse_node(ck->ck_cc, N_MEMBER, NODE(ck, a)->dn_line,
	    NODE(ck, a)->dn_col);
	NODE(ck, m1)->dn_a = a;
	NODE(ck, m1)->dn_aux = (uint16_t)op;
	NODE(ck, m1)->dn_ival = dsl_parse_str(ck->ck_cc, "_M_dataplus", 11);
	m2 = dsl_parse_node(ck->ck_cc, N_MEMBER, NODE(ck, a)->dn_line,
	    NODE(ck, a)->dn_col);
	NODE(ck, m2)->dn_a = m1;
	NODE(ck, m2)->dn_aux = '.';
	NODE(ck, m2)->dn_ival = dsl_parse_str(ck->ck_cc, "_M_p", 4);
	NODE(ck, m2)->dn_next = NODE(ck, a)->dn_next;
	NODE(ck, a)->dn_next = DSL_NONE;
	NODE(ck, n)->dn_a = m2;
	expr(ck, m2);
	return m2;
}

/* Is node n a pointer to char (which D takes for a string)? */
static bool
char_ptr(check_t *ck, int32_t n)
{
	const dsl_ctype_t *ty = ctype(ck, NODE(ck, n)->dn_ctype), *el;

	if (NODE(ck, n)->dn_type != DT_INT || ty == NULL ||
	    ty->ty_kind != TY_PTR)
		return false;
	el = ctype(ck, ty->ty_ref);
	return el != NULL && el->ty_kind == TY_INT && el->ty_size == 1;
}

/*
 * Node n made an operator over a copy of what it was, its dn_a (dn_b,
 * dn_c and the flags cleared): n keeps its place, so an argument list
 * goes on through it.  n, for the caller to say which operator.
 */
static dsl_node_t *
push_down(check_t *ck, int32_t n)
{
	int32_t c = dsl_parse_node(ck->ck_cc, N_INT, 0, 0);
	dsl_node_t *nd;

	*NODE(ck, c) = *NODE(ck, n);
	NODE(ck, c)->dn_next = DSL_NONE;
	nd = NODE(ck, n);
	nd->dn_a = c;
	nd->dn_b = nd->dn_c = DSL_NONE;
	nd->dn_flags = 0;
	return nd;
}

/* A char * where a string is wanted: the string it points at, as
 * stringof() reads it.  Node n becomes the call, its operand a copy of
 * what n was (the argument list stays linked through n). */
static void
ptr_string(check_t *ck, int32_t n)
{
	dsl_node_t *nd = push_down(ck, n);

	nd->dn_op = N_CALL;
	nd->dn_ival = F_STRINGOF;
	nd->dn_aux = 1;		/* resolved */
	nd->dn_type = DT_STR;
	nd->dn_ctype = 0;
}

/*
 * stringof(args[i]) and copyinstr(args[i]) of a counted string (a Go
 * string or slice, a C++ string_view: a pointer and a length in two
 * argument words, dsl_argtype_t's at_lenword) become
 * copyinstr(pointer, length): such strings need no NUL, and the bytes
 * after them are another string's.  Returns the function, F_COPYINSTR
 * once changed.
 */
static int
counted_string(check_t *ck, int32_t n, int32_t a, int f)
{
	const dsl_node_t *ad = NODE(ck, a);
	int32_t l;

	if (ad->dn_op != N_ARG || ad->dn_aux == 0 || ad->dn_ctype == 0 ||
	    ad->dn_next != DSL_NONE)
		return f;
	l = dsl_parse_node(ck->ck_cc, N_ARG, ad->dn_line, ad->dn_col);
	NODE(ck, l)->dn_ival = NODE(ck, a)->dn_aux - 1;
	set_int(NODE(ck, l), 8, true);
	NODE(ck, a)->dn_next = l;
	NODE(ck, n)->dn_ival = F_COPYINSTR;
	return F_COPYINSTR;
}

/* Conversions that take an integer. */
static bool
conv_int(char c)
{
	return strchr("aAcdiouxXpY", c) != NULL;
}

/*
 * Check a printf (or printa, with isprinta) format against the D types
 * (DT_INT, DT_STR) of its arguments: printf's after the format, printa's
 * the keys of its aggregation, which its conversions print, %@ taking
 * the value instead (dt_printf_validate).  Returns NULL, or dtrace's tag
 * of the error ("D_PRINTF_ARG_TYPE"...) with a message in msg such as
 * "argument #2 is incompatible with conversion #1 prototype: ...".
 */
static const char *
printf_check(const char *fmt, bool isprinta, bool isfreopen,
    const uint8_t *types, int ntypes, char *msg, size_t len)
{
	const char *p = fmt, *what = isprinta ? "key" : "argument";
	int nconv = 0, arg = 0, off = isprinta ? 1 : 2;

	if (*fmt == '\0' && !isfreopen) {
		snprintf(msg, len, "format string is empty");
		return "D_PRINTF_FMT_EMPTY";
	}
	while ((p = strchr(p, '%')) != NULL) {
		dsl_conv_t cv;
		const char *end;

		if (!dsl_printf_conv(p + 1, &cv, &end)) {
			snprintf(msg, len, "format conversion #%d is "
			    "invalid: %%%.*s", nconv + 1, (int)strcspn(p + 1,
			    " \n"), p + 1);
			return "D_SYNTAX";
		}
		p = end;
		if (cv.cv_conv == '%')
			continue;
		nconv++;
		if (cv.cv_agg && !isprinta) {
			snprintf(msg, len, "%%@ conversion requires an "
			    "aggregation and is for use with printa( ) only");
			return "D_PRINTF_AGG_CONV";
		}
		if (cv.cv_width == -2 || cv.cv_prec == -2) {
			int k = (cv.cv_width == -2) + (cv.cv_prec == -2);

			while (k-- > 0) {
				if (arg == ntypes) {
					snprintf(msg, len, "prototype "
					    "mismatch: conversion #%d (%%%c) "
					    "is missing a corresponding \"*\" "
					    "argument", nconv, cv.cv_conv);
					return "D_PRINTF_DYN_PROTO";
				}
				if (types[arg] != DT_INT) {
					snprintf(msg, len, "%s #%d is "
					    "incompatible with conversion #%d "
					    "prototype: width and precision "
					    "must be integers", what,
					    arg + off, nconv);
					return "D_PRINTF_DYN_TYPE";
				}
				arg++;
			}
		}
		if (cv.cv_agg)
			continue;	/* printa's value */
		if (arg == ntypes) {
			snprintf(msg, len, "prototype mismatch: conversion #%d "
			    "(%%%c) is missing a corresponding value argument",
			    nconv, cv.cv_conv);
			return "D_PRINTF_ARG_PROTO";
		}
		if (conv_int(cv.cv_conv) && types[arg] != DT_INT) {
			snprintf(msg, len, "%s #%d is incompatible with "
			    "conversion #%d prototype: %%%c wants an integer, "
			    "the %s is a string", what, arg + off, nconv,
			    cv.cv_conv, what);
			return "D_PRINTF_ARG_TYPE";
		}
		if ((cv.cv_conv == 's' || cv.cv_conv == 'S' ||
		    cv.cv_conv == 'k') && types[arg] != DT_STR) {
			snprintf(msg, len, "%s #%d is incompatible with "
			    "conversion #%d prototype: %%s wants a string, "
			    "the %s is an integer", what, arg + off, nconv,
			    what);
			return "D_PRINTF_ARG_TYPE";
		}
		arg++;
	}
	if (!isprinta && arg != ntypes) {
		snprintf(msg, len, "prototype mismatch: only %d argument%s "
		    "required by this format string", nconv + 1,
		    nconv == 0 ? "" : "s");
		return "D_PRINTF_ARG_EXTRA";
	}
	return NULL;
}

/*
 * inet_ntoa(ipaddr_t *), inet_ntoa6(struct in6_addr *): a pointer of
 * another type is refused (D_PROTO_ARG, as dtrace's prototypes); void *
 * and a plain integer (arg0, an address) are taken.
 */
static void
addr_arg(check_t *ck, int32_t n, const char *want)
{
	int32_t a = NODE(ck, n)->dn_a;
	const dsl_ctype_t *ty = ctype(ck, NODE(ck, a)->dn_ctype), *to;
	char have[256], wname[256];
	int32_t w;

	if (ty == NULL || ty->ty_kind != TY_PTR)
		return;
	to = ctype(ck, ty->ty_ref);
	w = dsl_type_lookup(&PG(ck)->pg_tt, want);
	if (to == NULL || to->ty_kind == TY_VOID ||
	    (w != 0 && to == ctype(ck, w)) ||
	    (strcmp(want, "ipaddr_t") == 0 && to->ty_kind == TY_INT &&
	    to->ty_size == 4))
		return;
	dsl_type_name(&PG(ck)->pg_tt, NODE(ck, a)->dn_ctype, have,
	    sizeof(have));
	snprintf(wname, sizeof(wname), "%s *", want);
	dsl_diag_nerror(ck->ck_cc, a, "D_PROTO_ARG", "%s( ) argument #1 is "
	    "incompatible with prototype:\n\tprototype: %s\n\t argument: %s",
	    dsl_prog_funcname((int)NODE(ck, n)->dn_ival), wname, have);
}

/* Is node a a call of an action (void: trace(), exit()...)? */
static bool
is_action(check_t *ck, int32_t a)
{
	return NODE(ck, a)->dn_op == N_CALL &&
	    F_ISACTION(resolve_func(ck, a, false));
}

static void
call(check_t *ck, int32_t n, bool stmt)
{
	dsl_cc_t *cc = ck->ck_cc;
	dsl_node_t *nd = NODE(ck, n);
	const char *name;
	int f, nargs, i;
	int32_t a;
	char an[256];

	f = resolve_func(ck, n, false);
	nd = NODE(ck, n);
	f = (int)nd->dn_ival;
	name = dsl_prog_funcname(f);
	if (F_ISAGG(f))
		dsl_diag_nerror(cc, n, "D_CG_EXPR", "%s( ) may not be used "
		    "outside an aggregation: use @name = %s(...)", name, name);
	/* an action used as a value is void: the operator or function
	 * it is given to refuses it, with its own tag */
	(void)stmt;
	if (f == F_USTACK || f == F_JSTACK) {
		/* the walk needs a stopped thread; frames need room */
		ck->ck_clause->cl_stack = true;
		if (PG(ck)->pg_strsize < DSL_STACKSIZE)
			PG(ck)->pg_strsize = DSL_STACKSIZE;
	}
	nargs = count_args(ck, nd->dn_a);
	/* printa(fmt) has a format and no aggregation: dt_cg's check */
	if (f == F_PRINTA && nargs == 1 && NODE(ck, nd->dn_a)->dn_op == N_STR)
		dsl_diag_nerror(cc, n, "D_PRINTA_PROTO", "printa( ) prototype "
		    "mismatch: 1 arg passed, 2 expected");
	if (nargs < sigs[f].fs_min || nargs > sigs[f].fs_max)
		dsl_diag_nerror(cc, n, "D_PROTO_LEN", "%s( ) prototype "
		    "mismatch: %d arg%s passed, %s%d expected", name, nargs,
		    nargs == 1 ? "" : "s", sigs[f].fs_min == sigs[f].fs_max ?
		    "" : nargs < sigs[f].fs_min ? "at least " : "at most ",
		    nargs < sigs[f].fs_min ? sigs[f].fs_min : sigs[f].fs_max);
	for (a = NODE(ck, n)->dn_a, i = 0; a != DSL_NONE;
	    a = NODE(ck, a)->dn_next, i++) {
		char want = sigs[f].fs_args[i < (int)strlen(sigs[f].fs_args) ?
		    i : (int)strlen(sigs[f].fs_args) - 1];
		bool pf = f == F_PRINTF || f == F_SYSTEM || f == F_FREOPEN;

		if (pf && i > 0)
			want = '*';
		if (f == F_PRINTA) {
			/* printa([format,] @a [, @b ...]) */
			if (i == 0 && NODE(ck, a)->dn_op == N_STR)
				want = 's';
			else
				want = 'a';
		}
		if (want == 'a') {
			aggref(ck, a, name, i + 1);
			continue;
		}
		if (pf && i > 0 && is_action(ck, a))
			dsl_diag_nerror(cc, a, "D_PRINTF_ARG_TYPE", "%s( ) "
			    "argument #%d is incompatible with prototype: "
			    "void", name, i + 1);
		if (pf && NODE(ck, a)->dn_op == N_AGGREF)
			dsl_diag_nerror(cc, a, "D_PRINTF_ARG_TYPE", "%s( ) "
			    "argument #%d is incompatible with prototype: an "
			    "aggregation (printa( ) prints one)", name, i + 1);
		/* a void action or an aggregation as an argument: the
		 * tags of dt_cg_act_trace, stringof and the prototypes */
		if (is_action(ck, a) || NODE(ck, a)->dn_op == N_AGGREF) {
			bool agg = NODE(ck, a)->dn_op == N_AGGREF;

			dsl_diag_nerror(cc, a, f == F_TRACE ? (agg ?
			    "D_TRACE_DYN" : "D_TRACE_VOID") : f == F_STRINGOF ?
			    "D_STRINGOF_TYPE" : "D_PROTO_ARG", "%s( ) argument "
			    "#%d is incompatible with prototype: %s", name,
			    i + 1, agg ? "an aggregation" : "void (an action "
			    "has no value)");
		}
		expr(ck, a);
		if ((f == F_STRINGOF || f == F_COPYINSTR) && i == 0) {
			a = cxx_string(ck, n, a);
			if (nargs == 1)
				f = counted_string(ck, n, a, f);
		}
		if ((want == 's' || (want == '*' && f == F_STRTOK && i == 0)) &&
		    char_ptr(ck, a))
			ptr_string(ck, a);
		if (want == 's')
			(void)null_string(ck, a);
		if (want == 'i')
			decay_chars(ck, a);
		if (f == F_STRTOK && i == 0 && NODE(ck, a)->dn_type == DT_INT &&
		    !(NODE(ck, a)->dn_op == N_INT && NODE(ck, a)->dn_ival == 0))
			/* a string, or the constant NULL to go on */
			dsl_diag_nerror(cc, a, "D_PROTO_ARG", "strtok( ) "
			    "argument #1 is incompatible with prototype:\n"
			    "\tprototype: char *\n\t argument: %s",
			    tname(ck, a, an, sizeof(an)));
		if (NODE(ck, a)->dn_type == DT_VOID)
			dsl_diag_nerror(cc, a, f == F_TRACE ? "D_TRACE_VOID" :
			    "D_PROTO_ARG", "%s( ) argument #%d is incompatible "
			    "with prototype: void", name, i + 1);
		if ((want == 's' && NODE(ck, a)->dn_type != DT_STR) ||
		    (want == 'i' && NODE(ck, a)->dn_type != DT_INT))
			dsl_diag_nerror(cc, a, "D_PROTO_ARG", "%s( ) argument "
			    "#%d is incompatible with prototype:\n\tprototype: "
			    "%s\n\t argument: %s", name, i + 1,
			    want == 's' ? "string" : "integer",
			    want == 's' ? "integer" : "string");
	}
	nd = NODE(ck, n);
	if (f == F_PRINTF || f == F_SYSTEM || f == F_FREOPEN ||
	    (f == F_PRINTA &&
	    NODE(ck, nd->dn_a)->dn_op != N_AGGREF)) {
		int32_t fa = nd->dn_a;
		const char *tag;
		char msg[256];

		if (NODE(ck, fa)->dn_op != N_STR)
			dsl_diag_nerror(cc, fa, "D_PRINTF_ARG_FMT", "%s( ) "
			    "argument #1 must be a string constant", name);
		/* "" restores freopen()'s output; dtrace-utils stands "."
		 * for it, so "." is refused (D_FREOPEN_INVALID) */
		if (f == F_FREOPEN && strcmp(dsl_prog_str(PG(ck),
		    (uint32_t)NODE(ck, fa)->dn_ival), ".") == 0)
			dsl_diag_nerror(cc, fa, "D_FREOPEN_INVALID",
			    "freopen( ) argument #1 cannot be \".\"");
		if (ck->ck_strict && f != F_PRINTA) {
			uint8_t types[64];
			int nt = 0;
			int32_t x;

			for (x = NODE(ck, fa)->dn_next; x != DSL_NONE &&
			    nt < 64; x = NODE(ck, x)->dn_next)
				types[nt++] = NODE(ck, x)->dn_type;
			tag = printf_check(dsl_prog_str(PG(ck),
			    (uint32_t)NODE(ck, fa)->dn_ival), false,
			    f == F_FREOPEN, types, nt, msg, sizeof(msg));
			if (tag != NULL)
				dsl_diag_nerror(cc, fa, tag, "%s( ) %s", name,
				    msg);
		}
	}
	if (f == F_INET_NTOA6 && nd->dn_a != DSL_NONE &&
	    NODE(ck, nd->dn_a)->dn_next != DSL_NONE &&
	    NODE(ck, NODE(ck, nd->dn_a)->dn_next)->dn_op != N_INT)
		dsl_diag_nerror(cc, NODE(ck, nd->dn_a)->dn_next, "D_PROTO_ARG",
		    "inet_ntoa6( ) argument #2 must be an integer constant");
	if (f == F_INET_NTOA || f == F_INET_NTOA6)
		addr_arg(ck, n, f == F_INET_NTOA ? "ipaddr_t" :
		    "struct in6_addr");
	/* print() shows what a pointer points at (Oracle's prototype:
	 * void(void *)); a pointer to a type of no known size, void's
	 * too, has nothing to show (dtrace's D_PRINT_SIZE) */
	if (f == F_PRINT && nd->dn_a != DSL_NONE &&
	    !is_ptr(ck, NODE(ck, nd->dn_a)->dn_ctype))
		dsl_diag_nerror(cc, nd->dn_a, "D_PROTO_ARG", "print( ) "
		    "argument #1 is incompatible with prototype:\n\tprototype: "
		    "void *\n\t argument: %s; print( ) takes a pointer and shows "
		    "what it points at: print(&v.member), print(args[0])",
		    tname(ck, nd->dn_a, an, sizeof(an)));
	if (f == F_PRINT && nd->dn_a != DSL_NONE) {
		const dsl_ctype_t *to = ctype(ck, ctype(ck,
		    NODE(ck, nd->dn_a)->dn_ctype)->ty_ref);

		if (to == NULL || to->ty_size == 0) {
			char tn[256];

			dsl_type_name(&PG(ck)->pg_tt, NODE(ck,
			    nd->dn_a)->dn_ctype, tn, sizeof(tn));
			dsl_diag_nerror(cc, nd->dn_a, "D_PRINT_SIZE", "print( ) "
			    "argument #1 points at a type of no known size: %s",
			    tn);
		}
	}
	/* strtok(NULL, d) goes on with the last string; another integer
	 * is no string (dtrace's prototype: const char *) */
	if (f == F_STRTOK && nd->dn_a != DSL_NONE &&
	    NODE(ck, nd->dn_a)->dn_type == DT_INT &&
	    NODE(ck, nd->dn_a)->dn_ctype == 0 &&
	    !(NODE(ck, nd->dn_a)->dn_op == N_INT &&
	    NODE(ck, nd->dn_a)->dn_ival == 0))
		dsl_diag_nerror(cc, nd->dn_a, "D_PROTO_ARG", "strtok( ) "
		    "argument #1 is incompatible with prototype:\n\tprototype: "
		    "string\n\t argument: integer");
	if (f == F_SETOPT && ck->ck_strict) {
		int32_t oa = nd->dn_a;

		if (NODE(ck, oa)->dn_op != N_STR)
			dsl_diag_nerror(cc, oa, "D_PROTO_ARG", "setopt( ) "
			    "argument #1 must be a string constant");
	}
	if (f == F_ALLOCA && ck->ck_strict &&
	    NODE(ck, NODE(ck, n)->dn_a)->dn_op == N_INT &&
	    (uint64_t)NODE(ck, NODE(ck, n)->dn_a)->dn_ival >
	    dsl_prog_scratchsize(PG(ck)) - 8)
		/* dtrace-utils' dt_cg_subr_alloca_impl: too large even
		 * alone */
		dsl_diag_nerror(cc, n, "D_ALLOCA_SIZE", "alloca(%llu) size "
		    "larger than scratchsize %llu", (unsigned long long)
		    NODE(ck, NODE(ck, n)->dn_a)->dn_ival, (unsigned long long)
		    (dsl_prog_scratchsize(PG(ck)) - 8));
	if (f == F_BCOPY && ck->ck_strict) {
		int32_t d = nth_arg(ck, NODE(ck, n)->dn_a, 1);

		/* bcopy(src, dst, size): dst is alloca()'s memory, which
		 * is only known when it runs; a constant never is */
		if (!is_ptr(ck, NODE(ck, d)->dn_ctype) ||
		    NODE(ck, d)->dn_op == N_INT)
			dsl_diag_nerror(cc, d, "D_PROTO_ARG", "bcopy( ) "
			    "argument #2 is incompatible with prototype:\n"
			    "\tprototype: alloca pointer\n"
			    "\t argument: non-alloca pointer");
	}
	nd = NODE(ck, n);
	if (sigs[f].fs_ret == DT_INT)
		set_int(nd, sigs[f].fs_size, sigs[f].fs_signed);
	else
		nd->dn_type = (uint8_t)sigs[f].fs_ret;
	if (f == F_COPYIN || f == F_ALLOCA) {
		/* void *: scratch memory of this clause */
		dsl_typetab_t *tt = &PG(ck)->pg_tt;
		int32_t vp = dsl_type_ptr(tt, dsl_type_void(tt));

		if (vp == 0)
			dsl_diag_nerror(cc, n, NULL, "out of memory");
		nd = NODE(ck, n);
		set_int(nd, 8, false);
		nd->dn_ctype = vp;
	}
}

/* -- inlines ------------------------------------------------------------ */

void
dsl_check_inline_name(dsl_cc_t *cc, const char *name, int line, int col)
{
	check_t ck = { cc, false, false, NULL, 0 };

	if (find_builtin(name) >= 0 || find_func(name) >= 0 ||
	    find_var(&ck, V_GLOBAL, name, false) != NULL ||
	    find_var(&ck, V_ARRAY, name, false) != NULL)
		dsl_diag_error(cc, line, col, "D_DECL_IDRED", "identifier "
		    "redefined: %s", name);
}

/* The inline named name that a use may reach (one defined before the
 * inline whose expression the use is in: limit, DSL_NONE for a
 * clause's), or -1. */
static int
find_inline(check_t *ck, const char *name, int32_t limit)
{
	const dsl_cc_t *cc = ck->ck_cc;
	uint32_t i;

	for (i = 0; i < cc->cc_ninlines; i++) {
		if (limit != DSL_NONE && (int32_t)i >= limit)
			break;
		if (cc->cc_inlines[i].in_xlout == 0 &&
		    strcmp(dsl_prog_str(PG(ck), cc->cc_inlines[i].in_name),
		    name) == 0)
			return (int)i;
	}
	return -1;
}

/* A copy of the parsed list of nodes at src (and the trees under
 * them), as part of inline idx: its names reach the inlines defined
 * before it, and the parameters of in are replaced by copies of the
 * keys at keys. */
static int32_t
copy_tree(check_t *ck, int32_t src, int idx, const dsl_inline_t *in,
    int32_t keys)
{
	int32_t first = DSL_NONE, last = DSL_NONE;

	for (; src != DSL_NONE; src = NODE(ck, src)->dn_next) {
		dsl_node_t s = *NODE(ck, src);
		int32_t c = DSL_NONE, k;
		int i;

		if (s.dn_op == N_IDENT && in != NULL) {
			for (i = 0; i < in->in_nparams; i++)
				if (strcmp(dsl_prog_str(PG(ck),
				    in->in_params[i]), nname(ck, src)) == 0)
					break;
			if (i < in->in_nparams) {
				for (k = keys; i-- > 0 && k != DSL_NONE;)
					k = NODE(ck, k)->dn_next;
				if (k == DSL_NONE)
					dsl_diag_nerror(ck->ck_cc, src,
					    "D_PROTO_LEN", "%s[ ]: too few "
					    "keys", dsl_prog_str(PG(ck),
					    in->in_name));
				/* a key's own copy, alone */
				{
					int32_t nx = NODE(ck, k)->dn_next;

					NODE(ck, k)->dn_next = DSL_NONE;
					c = copy_tree(ck, k, DSL_NONE, NULL,
					    DSL_NONE);
					NODE(ck, k)->dn_next = nx;
				}
			}
		}
		if (c == DSL_NONE) {
			c = dsl_parse_node(ck->ck_cc, s.dn_op, s.dn_line,
			    s.dn_col);
			s.dn_next = DSL_NONE;
			s.dn_a = copy_tree(ck, s.dn_a, idx, in, keys);
			s.dn_b = copy_tree(ck, s.dn_b, idx, in, keys);
			if (s.dn_op == N_COND || s.dn_op == S_IF)
				s.dn_c = copy_tree(ck, s.dn_c, idx, in, keys);
			else if (s.dn_op == N_IDENT || s.dn_op == N_ARR ||
			    s.dn_op == N_XLATE)
				s.dn_c = idx;
			*NODE(ck, c) = s;
		}
		if (last == DSL_NONE)
			first = c;
		else
			NODE(ck, last)->dn_next = c;
		last = c;
	}
	return first;
}

/*
 * Node n uses inline idx (with keys, an inline array's): it becomes a
 * copy of the inline's expression, made the inline's type (a cast for
 * an integer or pointer), in n's place in its list.
 */
static void
use_inline(check_t *ck, int32_t n, int idx, int32_t keys)
{
	const dsl_inline_t *in = &ck->ck_cc->cc_inlines[idx];
	dsl_inline_t copy = *in;
	int32_t c, next = NODE(ck, n)->dn_next;
	int nk = count_args(ck, keys);

	if ((copy.in_nparams < 0) != (keys == DSL_NONE) ||
	    (copy.in_nparams >= 0 && nk != copy.in_nparams))
		dsl_diag_nerror(ck->ck_cc, n, "D_PROTO_LEN", "inline %s%s: "
		    "%d key%s passed, %d expected", dsl_prog_str(PG(ck),
		    copy.in_name), copy.in_nparams >= 0 ? "[ ]" : "", nk,
		    nk == 1 ? "" : "s", copy.in_nparams < 0 ? 0 :
		    copy.in_nparams);
	c = copy_tree(ck, copy.in_expr, idx, &copy, keys);
	if (copy.in_kind == DT_INT && (copy.in_ctype == 0 ||
	    is_ptr(ck, copy.in_ctype)) && NODE(ck, c)->dn_op != N_XLATE) {
		dsl_node_t *nd = NODE(ck, n);

		memset(nd, 0, sizeof(*nd));
		nd->dn_op = N_CAST;
		nd->dn_a = c;
		nd->dn_b = nd->dn_c = DSL_NONE;
		nd->dn_line = NODE(ck, c)->dn_line;
		nd->dn_col = NODE(ck, c)->dn_col;
		nd->dn_src = NODE(ck, c)->dn_src;
		nd->dn_file = NODE(ck, c)->dn_file;
		nd->dn_type = DT_INT;
		nd->dn_size = (uint8_t)copy.in_size;
		nd->dn_signed = copy.in_sign;
		nd->dn_ctype = copy.in_ctype;
	} else {
		*NODE(ck, n) = *NODE(ck, c);
	}
	NODE(ck, n)->dn_next = next;
}

/*
 * A translator's member idx, checked where it is defined, as dtrace does
 * (dtrace-utils' dt_parser.c, dt_node_xlator): its parameter stands for
 * a value of the input type (*(type *)0, never evaluated), and the value
 * has the member's type.
 */
static void
xlate_check(check_t *ck, int idx)
{
	dsl_cc_t *cc = ck->ck_cc;
	dsl_inline_t in = cc->cc_inlines[idx];
	dsl_typetab_t *tt = &PG(ck)->pg_tt;
	const dsl_node_t *cn;
	int32_t p, c;
	char a[256], b[256];

	if (in.in_xlin != 0) {
		int32_t z = dsl_parse_node(cc, N_INT, in.in_line, in.in_col);
		int32_t k = dsl_parse_node(cc, N_CAST, in.in_line, in.in_col);
		int32_t pt = dsl_type_ptr(tt, in.in_xlin);

		if (pt == 0)
			dsl_diag_error(cc, in.in_line, in.in_col, NULL,
			    "out of memory");
		set_int(NODE(ck, z), 8, false);
		NODE(ck, k)->dn_a = z;
		NODE(ck, k)->dn_type = DT_INT;
		NODE(ck, k)->dn_size = 8;
		NODE(ck, k)->dn_ctype = pt;
		p = dsl_parse_node(cc, N_DEREF, in.in_line, in.in_col);
		NODE(ck, p)->dn_a = k;
	} else if (in.in_xlkind == DT_STR) {
		p = dsl_parse_node(cc, N_STR, in.in_line, in.in_col);
		NODE(ck, p)->dn_ival = dsl_parse_str(cc, "", 0);
		NODE(ck, p)->dn_type = DT_STR;
	} else {
		p = dsl_parse_node(cc, N_INT, in.in_line, in.in_col);
		set_int(NODE(ck, p), 8, true);
	}
	c = copy_tree(ck, in.in_expr, idx, &in, p);
	expr(ck, c);
	cn = NODE(ck, c);
	if ((in.in_kind == DT_STR) == (cn->dn_type == DT_STR) &&
	    cn->dn_type != DT_VOID && (in.in_ctype == 0 ?
	    !is_ref(ck, c) && (in.in_kind == DT_STR ||
	    !is_ptr(ck, cn->dn_ctype)) : is_ptr(ck, in.in_ctype) ?
	    is_ptr(ck, cn->dn_ctype) || cn->dn_op == N_INT :
	    same_type(ck, in.in_ctype, cn->dn_ctype)))
		return;
	if (in.in_ctype != 0)
		dsl_type_name(tt, in.in_ctype, a, sizeof(a));
	else if (in.in_kind == DT_STR)
		snprintf(a, sizeof(a), "string");
	else
		snprintf(a, sizeof(a), "%s%s", in.in_sign ? "" : "unsigned ",
		    in.in_size == 1 ? "char" : in.in_size == 2 ? "short" :
		    in.in_size == 4 ? "int" : "long");
	cc->cc_src = in.in_src;
	cc->cc_file = in.in_file;
	dsl_diag_error(cc, in.in_line, in.in_col, "D_XLATE_INCOMPAT",
	    "translator member %s definition uses incompatible types: "
	    "\"%s\" = \"%s\"", dsl_prog_str(PG(ck), in.in_name), a,
	    tname(ck, c, b, sizeof(b)));
}

/* Inline in's value has type `got`, not the inline's: dtrace's error,
 * at the definition. */
static void
inline_incompat(check_t *ck, const dsl_inline_t *in, const char *got)
{
	dsl_cc_t *cc = ck->ck_cc;
	char a[256];

	if (in->in_ctype != 0)
		dsl_type_name(&PG(ck)->pg_tt, in->in_ctype, a, sizeof(a));
	else
		snprintf(a, sizeof(a), "%s", in->in_kind == DT_STR ?
		    "string" : "int");
	cc->cc_src = in->in_src;
	cc->cc_file = in->in_file;
	dsl_diag_error(cc, in->in_line, in->in_col, "D_OP_INCOMPAT",
	    "inline %s definition uses incompatible types: \"%s\" = \"%s\"",
	    dsl_prog_str(PG(ck), in->in_name), a, got);
}

/* Check each inline's expression as dtrace does where it is defined:
 * names it uses resolve, and its value has the inline's type. */
static void
check_inlines(check_t *ck)
{
	dsl_cc_t *cc = ck->ck_cc;
	uint32_t i;

	for (i = 0; i < cc->cc_ninlines; i++) {
		dsl_inline_t in = cc->cc_inlines[i];
		int32_t keys = DSL_NONE, c, k;
		const dsl_node_t *cn;
		char b[256];
		int j;

		if (in.in_xlout != 0) {
			if (in.in_expr != DSL_NONE)
				xlate_check(ck, (int)i);
			continue;
		}
		/* parameters stand for themselves */
		for (j = in.in_nparams - 1; j >= 0; j--) {
			k = dsl_parse_node(cc, N_INT, in.in_line, in.in_col);
			set_int(NODE(ck, k), 8, true);
			NODE(ck, k)->dn_next = keys;
			keys = k;
		}
		c = copy_tree(ck, in.in_expr, (int)i, &in, keys);
		if (NODE(ck, c)->dn_op == N_XLATE) {
			/* a translated struct: its members are checked
			 * where they are used */
			int32_t to = (int32_t)NODE(ck, c)->dn_ival;

			if (in.in_ctype != 0 && to != 0 &&
			    same_type(ck, in.in_ctype, to))
				continue;
			dsl_type_name(&PG(ck)->pg_tt, to, b, sizeof(b));
			inline_incompat(ck, &in, b);
		}
		expr(ck, c);
		cn = NODE(ck, c);
		if ((in.in_kind == DT_STR) != (cn->dn_type == DT_STR) ||
		    cn->dn_type == DT_VOID ||
		    (in.in_ctype != 0 && !is_ptr(ck, in.in_ctype) &&
		    !same_type(ck, in.in_ctype, cn->dn_ctype)) ||
		    (in.in_ctype == 0 && is_ref(ck, c)))
			inline_incompat(ck, &in, tname(ck, c, b, sizeof(b)));
	}
}

/*
 * D's signal constants: dtrace's signal.d is made of every SIG* number
 * <signal.h> defines (not SIGRTMIN, SIGRTMAX, SIG_*), as inline ints.
 */
static const struct {
	const char *sc_name;
	int sc_num;
} sigconsts[] = {
#ifdef SIGHUP
	{ "SIGHUP", SIGHUP },
#endif
#ifdef SIGINT
	{ "SIGINT", SIGINT },
#endif
#ifdef SIGQUIT
	{ "SIGQUIT", SIGQUIT },
#endif
#ifdef SIGILL
	{ "SIGILL", SIGILL },
#endif
#ifdef SIGTRAP
	{ "SIGTRAP", SIGTRAP },
#endif
#ifdef SIGABRT
	{ "SIGABRT", SIGABRT },
#endif
#ifdef SIGIOT
	{ "SIGIOT", SIGIOT },
#endif
#ifdef SIGBUS
	{ "SIGBUS", SIGBUS },
#endif
#ifdef SIGFPE
	{ "SIGFPE", SIGFPE },
#endif
#ifdef SIGKILL
	{ "SIGKILL", SIGKILL },
#endif
#ifdef SIGUSR1
	{ "SIGUSR1", SIGUSR1 },
#endif
#ifdef SIGSEGV
	{ "SIGSEGV", SIGSEGV },
#endif
#ifdef SIGUSR2
	{ "SIGUSR2", SIGUSR2 },
#endif
#ifdef SIGPIPE
	{ "SIGPIPE", SIGPIPE },
#endif
#ifdef SIGALRM
	{ "SIGALRM", SIGALRM },
#endif
#ifdef SIGTERM
	{ "SIGTERM", SIGTERM },
#endif
#ifdef SIGSTKFLT
	{ "SIGSTKFLT", SIGSTKFLT },
#endif
#ifdef SIGCHLD
	{ "SIGCHLD", SIGCHLD },
#endif
#ifdef SIGCLD
	{ "SIGCLD", SIGCLD },
#endif
#ifdef SIGCONT
	{ "SIGCONT", SIGCONT },
#endif
#ifdef SIGSTOP
	{ "SIGSTOP", SIGSTOP },
#endif
#ifdef SIGTSTP
	{ "SIGTSTP", SIGTSTP },
#endif
#ifdef SIGTTIN
	{ "SIGTTIN", SIGTTIN },
#endif
#ifdef SIGTTOU
	{ "SIGTTOU", SIGTTOU },
#endif
#ifdef SIGURG
	{ "SIGURG", SIGURG },
#endif
#ifdef SIGXCPU
	{ "SIGXCPU", SIGXCPU },
#endif
#ifdef SIGXFSZ
	{ "SIGXFSZ", SIGXFSZ },
#endif
#ifdef SIGVTALRM
	{ "SIGVTALRM", SIGVTALRM },
#endif
#ifdef SIGPROF
	{ "SIGPROF", SIGPROF },
#endif
#ifdef SIGWINCH
	{ "SIGWINCH", SIGWINCH },
#endif
#ifdef SIGIO
	{ "SIGIO", SIGIO },
#endif
#ifdef SIGPOLL
	{ "SIGPOLL", SIGPOLL },
#endif
#ifdef SIGPWR
	{ "SIGPWR", SIGPWR },
#endif
#ifdef SIGSYS
	{ "SIGSYS", SIGSYS },
#endif
};

/* The number of signal constant name, or -1. */
static int
sigconst(const char *name)
{
	size_t i;

	if (strncmp(name, "SIG", 3) != 0)
		return -1;
	for (i = 0; i < sizeof(sigconsts) / sizeof(sigconsts[0]); i++)
		if (strcmp(sigconsts[i].sc_name, name) == 0)
			return sigconsts[i].sc_num;
	return -1;
}

static void
ident(check_t *ck, int32_t n)
{
	const char *name = nname(ck, n);
	int b = find_builtin(name);
	dsl_node_t *nd = NODE(ck, n);
	dsl_var_t *v;
	size_t i;

	if (strcmp(name, "args") == 0 && find_var(ck, V_GLOBAL, name,
	    false) == NULL)
		dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_BADREF", "args may not "
		    "be referenced as a scalar: use args[N]");
	if (strcmp(name, "NULL") == 0) {
		/* an int 0, as D's NULL is (dtrace-utils sizeof/
		 * tst.SizeofNULL: sizeof (NULL) is 4) */
		nd->dn_op = N_INT;
		nd->dn_ival = 0;
		set_int(nd, 4, true);
		return;
	}
	if (find_var(ck, V_ARRAY, name, false) != NULL &&
	    find_var(ck, V_GLOBAL, name, false) == NULL)
		dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_BADREF", "associative "
		    "array '%s' may not be referenced as scalar", name);
	if (b >= 100) {
		nd->dn_op = N_ARG;
		nd->dn_ival = b - 100;
		set_int(nd, 8, true);
		return;
	}
	if ((b == B_UCALLER || b == B_USTACKDEPTH) && ck->ck_clause != NULL)
		ck->ck_clause->cl_stack = true;
	for (i = 0; b < 0 && i < NUREGNAMES; i++)
		if (strcmp(uregnames[i].ur_name, name) == 0) {
			nd->dn_op = N_INT;
			nd->dn_ival = uregnames[i].ur_index;
			set_int(nd, 4, true);
			return;
		}
	if (strcmp(name, "uregs") == 0)
		dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_BADREF", "uregs is an "
		    "array of registers: read one as uregs[R_PC]");
	if (b >= 0) {
		nd->dn_op = N_BUILTIN;
		nd->dn_ival = b;
		if (builtins[b].bi_type == DT_STR)
			nd->dn_type = DT_STR;
		else
			set_int(nd, builtins[b].bi_size, builtins[b].bi_signed);
		return;
	}
	{
		/* the int constants dtrace's D libraries define (unistd.d's
		 * fault codes, net.d's families and hardware types) */
		static const struct { const char *name; int value; } libc[] = {
			{ "DTRACEFLT_UNKNOWN", 0 }, { "DTRACEFLT_BADADDR", 1 },
			{ "DTRACEFLT_BADALIGN", 2 }, { "DTRACEFLT_ILLOP", 3 },
			{ "DTRACEFLT_DIVZERO", 4 },
			{ "DTRACEFLT_NOSCRATCH", 5 }, { "DTRACEFLT_KPRIV", 6 },
			{ "DTRACEFLT_UPRIV", 7 }, { "DTRACEFLT_TUPOFLOW", 8 },
			{ "DTRACEFLT_BADSTACK", 9 }, { "AF_INET", 2 },
			{ "AF_INET6", 10 }, { "ARPHRD_ETHER", 1 },
			{ "ARPHRD_INFINIBAND", 32 },
		};

		for (i = 0; i < sizeof(libc) / sizeof(libc[0]); i++)
			if (strcmp(libc[i].name, name) == 0 &&
			    find_var(ck, V_GLOBAL, name, false) == NULL) {
				nd->dn_op = N_INT;
				nd->dn_ival = libc[i].value;
				set_int(nd, 4, true);
				return;
			}
	}
	{
		/* an enumerator is an int constant */
		const dsl_typetab_t *tt = &PG(ck)->pg_tt;

		for (i = 0; i < tt->tt_nmems; i++)
			if (tt->tt_mems[i].me_type == 0 &&
			    strcmp(dsl_type_str(tt, tt->tt_mems[i].me_name),
			    name) == 0) {
				nd->dn_op = N_INT;
				nd->dn_ival = tt->tt_mems[i].me_off;
				set_int(nd, 4, true);
				return;
			}
	}
	{
		int k = find_inline(ck, name, nd->dn_c);

		if (k >= 0) {
			use_inline(ck, n, k, DSL_NONE);
			expr1(ck, n);
			return;
		}
	}
	if (sigconst(name) >= 0) {
		nd->dn_op = N_INT;
		nd->dn_ival = sigconst(name);
		set_int(nd, 4, true);
		return;
	}
	v = find_var(ck, V_GLOBAL, name, false);
	if (v != NULL && v->va_type != DT_VOID && ck->ck_strict &&
	    !var_defined(ck, v))
		dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_UNDEF", "failed to "
		    "resolve %s: Unknown variable name (it is assigned only "
		    "later in the program)", name);
	if (v != NULL && v->va_type != DT_VOID) {
		nd->dn_op = N_GVAR;
		nd->dn_ival = (int64_t)(v - PG(ck)->pg_vars);
		var_node(ck, n, v);
		return;
	}
	if (!ck->ck_strict) {
		set_int(nd, 8, true);	/* learn it on the second pass */
		return;
	}
	{
		const char *names[B_NBUILTIN + NUREGNAMES + 64];
		size_t k = 0, max = sizeof(names) / sizeof(names[0]);
		const char *s;

		for (i = 0; i < B_NBUILTIN; i++)
			names[k++] = builtins[i].bi_name;
		for (i = 0; i < NUREGNAMES; i++)
			names[k++] = uregnames[i].ur_name;
		for (i = 0; i < PG(ck)->pg_nvars && k < max; i++)
			if (PG(ck)->pg_vars[i].va_scope == V_GLOBAL)
				names[k++] = dsl_prog_str(PG(ck),
				    PG(ck)->pg_vars[i].va_name);
		s = dsl_diag_suggest(name, names, k);
		if (find_func(name) >= 0)
			dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_UNDEF",
			    "%s is a function: call it as %s( )", name, name);
		if (s != NULL)
			dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_UNDEF", "failed "
			    "to resolve %s: Unknown variable name; did you "
			    "mean '%s'?", name, s);
		dsl_diag_nerror(ck->ck_cc, n, "D_IDENT_UNDEF", "failed to "
		    "resolve %s: Unknown variable name", name);
	}
}

/*
 * A constant 0 (NULL) where a string is wanted is a NULL string, as
 * dtrace takes a null pointer for one: s = NULL, s == NULL, strlen(0).
 * Node n becomes one; true if it did.
 */
static bool
null_string(check_t *ck, int32_t n)
{
	dsl_node_t *nd = NODE(ck, n);

	if (nd->dn_op != N_INT || nd->dn_ival != 0 || nd->dn_type != DT_INT)
		return false;
	nd->dn_type = DT_STR;
	nd->dn_size = 0;
	nd->dn_signed = 0;
	nd->dn_ctype = 0;
	return true;
}

/* Is node n an lvalue of C data: a member, *p or p[i]? */
static bool
is_clvalue(int op)
{
	return op == N_MEMBER || op == N_DEREF || op == N_INDEX;
}

/* Is node n a struct, union or array value, kept by its address (not
 * a char array, which D reads as a string)? */
static bool
is_ref(check_t *ck, int32_t n)
{
	const dsl_node_t *nd = NODE(ck, n);

	switch (nd->dn_op) {
	case N_GVAR: case N_TVAR: case N_SVAR: case N_ARR:
	case N_MEMBER: case N_DEREF: case N_INDEX: case N_ARG: case N_CAST:
		return (nd->dn_aux & AUX_BYADDR) != 0 &&
		    (nd->dn_aux & AUX_CHARS) == 0;
	default:
		return false;
	}
}

/* Are C types a and b the same type (or alike: the same name and
 * size, as two declarations of one struct from DWARF and D)? */
static bool
same_type(check_t *ck, int32_t a, int32_t b)
{
	const dsl_typetab_t *tt = &PG(ck)->pg_tt;
	int32_t ra, rb;
	const dsl_ctype_t *ta = dsl_type_resolve(tt, a, &ra);
	const dsl_ctype_t *tb = dsl_type_resolve(tt, b, &rb);
	char na[256], nb[256];

	if (ta == NULL || tb == NULL)
		return false;
	if (ra == rb)
		return true;
	if (ta->ty_kind != tb->ty_kind || ta->ty_size != tb->ty_size ||
	    ((ta->ty_kind == TY_STRUCT || ta->ty_kind == TY_UNION) &&
	    dsl_type_str(tt, ta->ty_name)[0] == '\0'))
		return false;
	return strcmp(dsl_type_name(tt, ra, na, sizeof(na)),
	    dsl_type_name(tt, rb, nb, sizeof(nb))) == 0;
}

static const char *
tname(check_t *ck, int32_t n, char *buf, size_t len)
{
	const dsl_node_t *nd = NODE(ck, n);

	if (nd->dn_ctype != 0)
		return dsl_type_name(&PG(ck)->pg_tt, nd->dn_ctype, buf, len);
	snprintf(buf, len, "%s", nd->dn_type == DT_STR ? "string" :
	    nd->dn_type == DT_VOID ? "void" : "int");
	return buf;
}

/*
 * a[k] where a is a pointer or a C array (a variable, not an associative
 * array): element k.  Node n becomes N_INDEX over the variable; true if
 * it did.  A scalar used with several keys is refused, as dtrace does.
 */
static bool
index_var(check_t *ck, int32_t n)
{
	dsl_node_t *nd = NODE(ck, n);
	const dsl_ctype_t *ty;
	dsl_var_t *v;
	const char *name;
	uint32_t vi;
	int32_t g;

	if (nd->dn_op != N_ARR || nd->dn_aux != 0 || nd->dn_a == DSL_NONE)
		return false;
	name = nname(ck, n);
	if ((v = find_var(ck, V_GLOBAL, name, false)) == NULL ||
	    v->va_type == DT_VOID)
		return false;
	ty = ctype(ck, v->va_ctype);
	if (ty == NULL || (ty->ty_kind != TY_PTR && ty->ty_kind != TY_ARRAY) ||
	    NODE(ck, nd->dn_a)->dn_next != DSL_NONE)
		dsl_diag_nerror(ck->ck_cc, n, "D_ARR_BADREF", "cannot "
		    "access scalar %s as an associative array", name);
	vi = (uint32_t)(v - PG(ck)->pg_vars);
	g = dsl_parse_node(ck->ck_cc, N_GVAR, nd->dn_line, nd->dn_col);
	nd = NODE(ck, n);
	NODE(ck, g)->dn_ival = vi;
	var_node(ck, g, &PG(ck)->pg_vars[vi]);
	nd = NODE(ck, n);
	nd->dn_b = nd->dn_a;
	nd->dn_a = g;
	nd->dn_op = N_INDEX;
	return true;
}

/*
 * An assignment to C data: a member, *p or p[i].  The value is an
 * integer, or, for a struct, union or array, one of the same type (a
 * copy).  Where it may be written is the runtime's to say: memory of D
 * (a variable's, alloca()'s), never the traced process's.
 */
static void
cassign(check_t *ck, int32_t n)
{
	dsl_cc_t *cc = ck->ck_cc;
	int32_t l = NODE(ck, n)->dn_a, r = NODE(ck, n)->dn_b;
	int op = NODE(ck, n)->dn_aux;
	dsl_node_t *nd, *ln, *rn;
	char a[256], b[256];

	expr(ck, l);
	expr(ck, r);
	ln = NODE(ck, l);
	rn = NODE(ck, r);
	if (rn->dn_type == DT_VOID)
		dsl_diag_nerror(cc, r, "D_OP_VOID", "operator %s: the "
		    "right-hand operand has void type", opname(op));
	if (ln->dn_aux & AUX_CHARS) {
		/* a string member, a char array: the string's bytes */
		if (op != '=' || rn->dn_type != DT_STR)
			dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operands have "
			    "incompatible types: \"%s\" %s \"%s\"",
			    tname(ck, l, a, sizeof(a)), opname(op),
			    tname(ck, r, b, sizeof(b)));
	} else if (is_ref(ck, l)) {
		if (op != '=' || !is_ref(ck, r) ||
		    !same_type(ck, ln->dn_ctype, rn->dn_ctype))
			dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operands have "
			    "incompatible types: \"%s\" %s \"%s\"",
			    tname(ck, l, a, sizeof(a)), opname(op),
			    tname(ck, r, b, sizeof(b)));
	} else if (ln->dn_type != DT_INT || rn->dn_type != DT_INT ||
	    is_ref(ck, r)) {
		dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operands have "
		    "incompatible types: \"%s\" %s \"%s\"",
		    tname(ck, l, a, sizeof(a)), opname(op),
		    tname(ck, r, b, sizeof(b)));
	}
	nd = NODE(ck, n);
	ln = NODE(ck, l);
	nd->dn_type = ln->dn_type;
	nd->dn_size = ln->dn_size;
	nd->dn_signed = ln->dn_signed;
	nd->dn_ctype = is_ref(ck, l) ? 0 : ln->dn_ctype;
}

/* The variable lvalue node n names, if there is one; nothing is
 * made. */
static const dsl_var_t *
var_of(check_t *ck, int32_t n)
{
	const dsl_node_t *nd = NODE(ck, n);
	const dsl_var_t *v = NULL;
	int scope = -1;

	switch (nd->dn_op) {
	case N_GVAR: case N_TVAR: case N_SVAR:
		v = &PG(ck)->pg_vars[nd->dn_ival];
		break;
	case N_ARR:
		if (nd->dn_aux != 0)
			v = &PG(ck)->pg_vars[nd->dn_ival];
		else
			scope = V_ARRAY;
		break;
	case N_IDENT:
		scope = V_GLOBAL;
		break;
	case N_SELFREF:
		scope = V_SELF;
		break;
	case N_THISREF:
		scope = V_THIS;
		break;
	}
	if (v == NULL && scope >= 0)
		v = find_var(ck, scope, nname(ck, n), false);
	return v;
}

static int
var_type(check_t *ck, int32_t n)
{
	const dsl_var_t *v = var_of(ck, n);

	return v != NULL ? v->va_type : DT_VOID;
}

static int32_t
var_ctype(check_t *ck, int32_t n)
{
	const dsl_var_t *v = var_of(ck, n);

	return v != NULL ? v->va_ctype : 0;
}

static void
assignment(check_t *ck, int32_t n)
{
	dsl_cc_t *cc = ck->ck_cc;
	dsl_node_t *nd = NODE(ck, n);
	int32_t l = nd->dn_a, r = nd->dn_b;
	int op = nd->dn_aux;
	dsl_var_t *v;
	dsl_node_t *rn;
	char a[256], b[256];

	if (NODE(ck, l)->dn_op == N_AGGREF) {
		if (op != '=')
			dsl_diag_nerror(cc, n, "D_AGG_FUNC", "operator %s may "
			    "not be applied to an aggregation", opname(op));
		aggregation(ck, n, l, r);
		return;
	}
	if ((NODE(ck, l)->dn_op == N_INDEX || NODE(ck, l)->dn_op == N_ARR) &&
	    NODE(ck, l)->dn_a != DSL_NONE &&
	    NODE(ck, NODE(ck, l)->dn_a)->dn_op == N_AGGREF)
		dsl_diag_nerror(cc, n, "D_AGG_MDIM", "aggregations may only "
		    "have one set of keys: @%s[...][...]",
		    nname(ck, NODE(ck, l)->dn_a));
	(void)index_var(ck, l);
	if (is_clvalue(NODE(ck, l)->dn_op)) {
		cassign(ck, n);
		return;
	}
	if (!is_lvalue(NODE(ck, l)->dn_op))
		dsl_diag_nerror(cc, n, "D_OP_LVAL", "operator %s requires a "
		    "writable variable as its left-hand operand",
		    opname(op));
	/* x op= y reads x first: dtrace cooks the left operand first */
	if (op != '=' && ck->ck_strict) {
		const dsl_node_t *ln = NODE(ck, l);
		const char *name = ln->dn_op == N_GVAR ? dsl_prog_str(PG(ck),
		    PG(ck)->pg_vars[ln->dn_ival].va_name) :
		    ln->dn_op == N_IDENT ? nname(ck, l) : NULL;
		const dsl_var_t *gv = name != NULL ? find_var(ck, V_GLOBAL,
		    name, false) : NULL;

		if (name != NULL && find_builtin(name) < 0 &&
		    find_func(name) < 0 && (gv == NULL ||
		    !var_defined(ck, gv)))
			dsl_diag_nerror(cc, l, "D_VAR_UNDEF", "%s has not yet "
			    "been declared or assigned", name);
	}
	expr(ck, r);
	rn = NODE(ck, r);
	if (rn->dn_type == DT_VOID)
		dsl_diag_nerror(cc, r, "D_OP_VOID", "operator %s: the "
		    "right-hand operand has void type", opname(op));
	if (op == '=' && rn->dn_type == DT_INT && var_type(ck, l) == DT_STR)
		(void)null_string(ck, r);
	rn = NODE(ck, r);
	if (op == '=' && is_ref(ck, r) && ctype(ck, rn->dn_ctype) != NULL &&
	    ctype(ck, rn->dn_ctype)->ty_kind == TY_ARRAY) {
		const dsl_ctype_t *lt = ctype(ck, var_ctype(ck, l));

		if (lt != NULL && lt->ty_kind == TY_ARRAY)
			dsl_diag_nerror(cc, n, "D_OP_ARRFUN", "operator = may "
			    "not be applied to operand of type \"%s\"",
			    dsl_type_name(&PG(ck)->pg_tt, var_ctype(ck, l), a,
			    sizeof(a)));
		decay(ck, r);
	}
	rn = NODE(ck, r);
	if (op != '=' && void_ptr(ck, rn->dn_ctype))
		dsl_diag_nerror(cc, n, "D_OP_VFPTR", "operator %s requires "
		    "left-hand scalar operand of known size", opname(op));
	if (op == '=') {
		int32_t rct = rn->dn_ctype;
		bool ref = is_ref(ck, r);

		/* a struct, union or array value makes a variable that
		 * holds one by value */
		v = lvalue(ck, l, true, rn->dn_type,
		    rn->dn_size < 4 ? 4 : rn->dn_size,
		    rn->dn_size < 4 ? true : rn->dn_signed, ref ? rct : 0);
		/* a pointer variable takes the type of its first value */
		if (v != NULL && v->va_ctype == 0 && rct != 0 &&
		    is_ptr(ck, rct)) {
			v->va_ctype = rct;
			ck->ck_changed = true;
		}
	} else {
		v = lvalue(ck, l, true, DT_INT, 8, true, 0);
		if (rn->dn_type != DT_INT)
			dsl_diag_nerror(cc, r, "D_OP_INCOMPAT", "operator %s "
			    "requires operands of integer type", opname(op));
	}
	if (v == NULL)
		return;
	rn = NODE(ck, r);
	if (rn->dn_flags & DN_NONASSIGN)
		dsl_diag_nerror(cc, n, "D_ALLOCA_INCOMPAT", "ternary "
		    "conditional with alloca and non-alloca branches cannot be "
		    "assigned to a variable");
	if (op == '=' && rn->dn_type == DT_INT) {
		/* a variable holds alloca pointers or others, never both,
		 * as dtrace-utils requires: 0 is either.  That a value is
		 * no alloca pointer is known in the strict pass only: an
		 * earlier pass reads names not typed yet (a variable the
		 * clause's predicate makes an alloca pointer) as ints */
		uint8_t k = (rn->dn_flags & DN_ALLOCA) ? VA_ALLOCA :
		    (rn->dn_op == N_INT && rn->dn_ival == 0) ||
		    !ck->ck_strict ? 0 : VA_NONALLOCA;

		if ((v->va_alloca | k) != v->va_alloca) {
			v->va_alloca |= k;
			ck->ck_changed = true;
		}
		if (ck->ck_strict && v->va_alloca == (VA_ALLOCA | VA_NONALLOCA))
			dsl_diag_nerror(cc, n, "D_ALLOCA_INCOMPAT", "%s: cannot "
			    "reuse the same identifier for both alloca and "
			    "non-alloca allocations",
			    dsl_prog_str(PG(ck), v->va_name));
	}
	if (v->va_bytes > 0 && ck->ck_strict) {
		/* a copy of a value of its type; 0 frees an element of an
		 * array or a self-> variable, as for any other type */
		bool zero = rn->dn_op == N_INT && rn->dn_ival == 0 &&
		    (NODE(ck, l)->dn_op == N_ARR ||
		    NODE(ck, l)->dn_op == N_SVAR ||
		    NODE(ck, l)->dn_op == N_SELFREF);

		if (op != '=' || (!zero && (!is_ref(ck, r) ||
		    !same_type(ck, v->va_ctype, rn->dn_ctype))))
			dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operands have "
			    "incompatible types: \"%s\" %s \"%s\"",
			    dsl_type_name(&PG(ck)->pg_tt, v->va_ctype, a,
			    sizeof(a)), opname(op), tname(ck, r, b,
			    sizeof(b)));
	} else if (v->va_bytes == 0 && is_ref(ck, r) && ck->ck_strict &&
	    v->va_type != DT_VOID) {
		dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operands have "
		    "incompatible types: \"%s\" %s \"%s\"",
		    v->va_type == DT_STR ? "string" : "int", opname(op),
		    tname(ck, r, b, sizeof(b)));
	}
	if (v->va_type != DT_VOID && v->va_type != NODE(ck, r)->dn_type &&
	    ck->ck_strict)
		dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operands have "
		    "incompatible types: \"%s\" = \"%s\"",
		    v->va_type == DT_STR ? "string" : "int",
		    NODE(ck, r)->dn_type == DT_STR ? "string" : "int");
	if (v->va_type == DT_STR && op != '=')
		dsl_diag_nerror(cc, n, "D_OP_INT", "operator %s requires "
		    "operands of integer type", opname(op));
	var_node(ck, n, v);
	expr(ck, l);
}

/* An integer narrowed to size bytes (1 2 4 8), signed or not. */
static int64_t
narrow(int64_t v, int size, bool sign)
{
	switch (size) {
	case 1: return sign ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
	case 2: return sign ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
	case 4: return sign ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
	default: return v;
	}
}

/* A signed remainder as the runtime computes it (eval.c's smod). */
static int64_t
smod(int64_t a, int64_t b)
{
	uint64_t m = (a < 0 ? 0 - (uint64_t)a : (uint64_t)a) %
	    (b < 0 ? 0 - (uint64_t)b : (uint64_t)b);

	return (a < 0) != (b < 0) ? (int64_t)(0 - m) : (int64_t)m;
}

/*
 * Constant folding (dt_node_op2's and dt_cook_op1's, after typing): an
 * operator whose operands are integer constants becomes a constant, so
 * lquantize(x, -10, 1 << 4) has constant arguments and 1/0 is refused
 * here, as dtrace does, rather than at run time.  Arithmetic is 64-bit,
 * as the runtime's; casts narrow.
 */
static void
fold(check_t *ck, int32_t n)
{
	dsl_node_t *nd = NODE(ck, n), *a, *b = NULL;
	uint64_t ua, ub;
	int64_t va, vb = 0, r;
	int op = nd->dn_aux;

	if (nd->dn_type != DT_INT || nd->dn_a == DSL_NONE)
		return;
	a = NODE(ck, nd->dn_a);
	if (a->dn_op != N_INT)
		return;
	va = a->dn_ival;
	if (nd->dn_op == N_BINOP || nd->dn_op == N_LAND ||
	    nd->dn_op == N_LOR || nd->dn_op == N_LXOR) {
		b = NODE(ck, nd->dn_b);
		if (b->dn_op != N_INT)
			return;
		vb = b->dn_ival;
	}
	ua = (uint64_t)va;
	ub = (uint64_t)vb;
	switch (nd->dn_op) {
	case N_UNOP:
		r = op == '-' ? (int64_t)(0 - ua) : op == '~' ? ~va :
		    op == '!' ? va == 0 : va;
		break;
	case N_CAST:
		r = narrow(va, nd->dn_size, nd->dn_signed);
		break;
	case N_LAND: r = va != 0 && vb != 0; break;
	case N_LOR: r = va != 0 || vb != 0; break;
	case N_LXOR: r = (va != 0) ^ (vb != 0); break;
	case N_BINOP:
		switch (op) {
		case '+': r = (int64_t)(ua + ub); break;
		case '-': r = (int64_t)(ua - ub); break;
		case '*': r = (int64_t)(ua * ub); break;
		case '/':
		case '%':
			if (vb == 0)
				dsl_diag_nerror(ck->ck_cc, n, "D_DIV_ZERO",
				    "expression contains division by zero");
			if (!nd->dn_signed)
				r = (int64_t)(op == '/' ? ua / ub : ua % ub);
			else if (op == '%')
				r = smod(va, vb);
			else if (vb == -1)
				r = (int64_t)(0 - ua);
			else
				r = va / vb;
			break;
		case '&': r = va & vb; break;
		case '|': r = va | vb; break;
		case '^': r = va ^ vb; break;
		case T_SHL: r = (int64_t)(ua << (ub & 63)); break;
		case T_SHR:
			r = nd->dn_signed ? va >> (ub & 63) :
			    (int64_t)(ua >> (ub & 63));
			break;
		default:
			/* comparisons: dn_c says whether they are signed */
			if (nd->dn_c)
				r = op == '<' ? va < vb : op == '>' ? va > vb :
				    op == T_LE ? va <= vb : op == T_GE ?
				    va >= vb : op == T_EQ ? va == vb :
				    va != vb;
			else
				r = op == '<' ? ua < ub : op == '>' ? ua > ub :
				    op == T_LE ? ua <= ub : op == T_GE ?
				    ua >= ub : op == T_EQ ? ua == ub :
				    ua != ub;
			break;
		}
		break;
	default:
		return;
	}
	nd->dn_op = N_INT;
	nd->dn_ival = r;
	nd->dn_a = nd->dn_b = nd->dn_c = DSL_NONE;
}

/* Is local node n (prog.h's AUX_LOCAL) in a global's or a this->
 * variable's storage, which stays where it is?  (A self-> variable's
 * or an array element's moves, and goes.) */
static bool
fixed_local(check_t *ck, int32_t n)
{
	const dsl_node_t *nd = NODE(ck, n);

	while (nd->dn_op == N_MEMBER || nd->dn_op == N_INDEX)
		nd = NODE(ck, nd->dn_a);
	return nd->dn_op == N_GVAR || nd->dn_op == N_TVAR;
}

/* An array where a pointer is wanted (p = a): a pointer to its first
 * element, as C's; a variable's array must stay where it is. */
static void
decay(check_t *ck, int32_t n)
{
	const dsl_ctype_t *ty = ctype(ck, NODE(ck, n)->dn_ctype);
	int32_t t;
	int op;

	if (ty == NULL || ty->ty_kind != TY_ARRAY || !is_ref(ck, n))
		return;
	if ((NODE(ck, n)->dn_aux & AUX_LOCAL) && !fixed_local(ck, n))
		dsl_diag_nerror(ck->ck_cc, n, "D_ADDROF_VAR", "cannot take "
		    "address of dynamic variable");
	if ((t = dsl_type_ptr(&PG(ck)->pg_tt, ty->ty_ref)) == 0)
		dsl_diag_nerror(ck->ck_cc, n, NULL, "out of memory");
	op = NODE(ck, n)->dn_op;
	if (op == N_MEMBER || op == N_DEREF || op == N_INDEX) {
		/* an array inside other memory (t->name, p[1]): n becomes
		 * &n, the array's address, which a variable's name gives
		 * by itself; loading n as a pointer would read the array's
		 * first bytes */
		dsl_node_t *nd = push_down(ck, n);

		nd->dn_op = N_ADDROF;
		nd->dn_aux = 0;
		set_ctype(ck, n, t);
		taint(ck, n);
		return;
	}
	set_ctype(ck, n, t);
}

/*
 * A char array where an integer is wanted (a cast, an address argument
 * such as link_ntop()'s or inet_ntop()'s): the array decays to a pointer
 * to its first element, as any other C array does.  D reads a char array
 * as a string only where a string is wanted.
 */
static void
decay_chars(check_t *ck, int32_t n)
{
	const dsl_ctype_t *ty = ctype(ck, NODE(ck, n)->dn_ctype);

	if ((NODE(ck, n)->dn_aux & AUX_CHARS) == 0 || ty == NULL ||
	    ty->ty_kind != TY_ARRAY)
		return;
	NODE(ck, n)->dn_aux &= (uint16_t)~AUX_CHARS;
	if (!is_ref(ck, n)) {
		NODE(ck, n)->dn_aux |= AUX_CHARS;
		return;
	}
	decay(ck, n);
}

/* Is the address lvalue n designates in alloca()'s memory? */
static bool
addr_alloca(check_t *ck, int32_t n)
{
	const dsl_node_t *nd = NODE(ck, n);
	const dsl_ctype_t *ty;

	switch (nd->dn_op) {
	case N_DEREF:
		return (NODE(ck, nd->dn_a)->dn_flags & DN_ALLOCA) != 0;
	case N_INDEX:
		ty = ctype(ck, NODE(ck, nd->dn_a)->dn_ctype);
		if (ty != NULL && ty->ty_kind == TY_ARRAY)
			return addr_alloca(ck, nd->dn_a);
		return (NODE(ck, nd->dn_a)->dn_flags & DN_ALLOCA) != 0;
	case N_MEMBER:
		if ((nd->dn_aux & AUX_OP) == '.')
			return addr_alloca(ck, nd->dn_a);
		return (NODE(ck, nd->dn_a)->dn_flags & DN_ALLOCA) != 0;
	default:
		return false;
	}
}

/*
 * Follow alloca pointers (prog.h's DN_ALLOCA) as dtrace-utils'
 * dt_cook_taint_alloca does: alloca() makes one; a cast, p + i, p - i,
 * an assignment and a variable once given one keep it; &p[i] and
 * &p->m are in the same memory; a ?: of one and another pointer may not
 * be assigned (DN_NONASSIGN).
 */
static void
taint(check_t *ck, int32_t n)
{
	dsl_node_t *nd = NODE(ck, n);
	uint32_t fa, fb;

	nd->dn_flags &= ~(uint32_t)(DN_ALLOCA | DN_NONASSIGN);
	switch (nd->dn_op) {
	case N_CALL:
		if (nd->dn_aux != 0 && nd->dn_ival == F_ALLOCA)
			nd->dn_flags |= DN_ALLOCA;
		break;
	case N_CAST:
		if (nd->dn_type == DT_INT)
			nd->dn_flags |= NODE(ck, nd->dn_a)->dn_flags &
			    (DN_ALLOCA | DN_NONASSIGN);
		break;
	case N_BINOP:
		fa = NODE(ck, nd->dn_a)->dn_flags & DN_ALLOCA;
		fb = NODE(ck, nd->dn_b)->dn_flags & DN_ALLOCA;
		if ((nd->dn_aux == '+' || nd->dn_aux == '-') && fa != fb)
			nd->dn_flags |= DN_ALLOCA;
		break;
	case N_COND:
		fa = NODE(ck, nd->dn_b)->dn_flags & DN_ALLOCA;
		fb = NODE(ck, nd->dn_c)->dn_flags & DN_ALLOCA;
		if (fa && fb)
			nd->dn_flags |= DN_ALLOCA;
		else if (fa || fb)
			nd->dn_flags |= DN_NONASSIGN;
		break;
	case N_GVAR: case N_TVAR: case N_SVAR: case N_ARR:
		if ((nd->dn_aux & AUX_LOCAL) == 0 && nd->dn_ival >= 0 &&
		    (uint32_t)nd->dn_ival < PG(ck)->pg_nvars &&
		    (PG(ck)->pg_vars[nd->dn_ival].va_alloca & VA_ALLOCA))
			nd->dn_flags |= DN_ALLOCA;
		break;
	case N_ASSIGN:
		if (nd->dn_aux == '=')
			nd->dn_flags |= NODE(ck, nd->dn_b)->dn_flags &
			    DN_ALLOCA;
		break;
	case N_ADDROF:
		if (addr_alloca(ck, nd->dn_a))
			nd->dn_flags |= DN_ALLOCA;
		break;
	}
}

static void
expr(check_t *ck, int32_t n)
{
	int op;

	expr1(ck, n);
	op = NODE(ck, n)->dn_op;
	if (op == N_BINOP || op == N_UNOP || op == N_CAST || op == N_LAND ||
	    op == N_LOR || op == N_LXOR)
		fold(ck, n);
	taint(ck, n);
}

/* -- C types ------------------------------------------------------------ */

static const dsl_ctype_t *
ctype(check_t *ck, int32_t t)
{
	return dsl_type_resolve(&PG(ck)->pg_tt, t, NULL);
}

static bool
is_ptr(check_t *ck, int32_t t)
{
	const dsl_ctype_t *ty = ctype(ck, t);

	return ty != NULL && ty->ty_kind == TY_PTR;
}

/* Give node n the D view of C type t (check.c's twin of parse.c's
 * d_kind), and the flags its evaluation needs. */
static void
set_ctype(check_t *ck, int32_t n, int32_t t)
{
	dsl_node_t *nd = NODE(ck, n);
	int32_t r;
	const dsl_ctype_t *ty = dsl_type_resolve(&PG(ck)->pg_tt, t, &r);
	const dsl_ctype_t *el;

	nd->dn_aux &= (uint16_t)~(AUX_BYADDR | AUX_CHARS);
	nd->dn_ctype = 0;
	nd->dn_ctdecl = t;
	if (ty == NULL)
		return;
	switch (ty->ty_kind) {
	case TY_VOID:
		nd->dn_type = DT_VOID;
		nd->dn_size = 0;
		return;
	case TY_INT:
		set_int(nd, (int)ty->ty_size, ty->ty_signed);
		return;
	case TY_ENUM:
		set_int(nd, 4, true);
		return;
	case TY_PTR:
		set_int(nd, 8, false);
		nd->dn_ctype = r;
		return;
	case TY_STRING:
		/* a string in memory: its bytes, read as a char array's */
		nd->dn_type = DT_STR;
		nd->dn_aux |= AUX_CHARS | AUX_BYADDR;
		nd->dn_ctype = r;
		return;
	case TY_FLOAT:
		/* its bits, which printf()'s %e %f %g read */
		set_int(nd, ty->ty_size < 8 ? (int)ty->ty_size : 8, true);
		nd->dn_ctype = r;
		return;
	case TY_ARRAY:
		el = ctype(ck, ty->ty_ref);
		if (el != NULL && el->ty_kind == TY_INT && el->ty_size == 1) {
			/* char name[N] is a string in D */
			nd->dn_type = DT_STR;
			nd->dn_aux |= AUX_CHARS | AUX_BYADDR;
			nd->dn_ctype = r;
			return;
		}
		/* FALLTHROUGH */
	default:
		set_int(nd, 8, false);
		nd->dn_aux |= AUX_BYADDR;
		nd->dn_ctype = r;
		return;
	}
}

/* -- args[]: typed by the host (co_argtypes: DWARF) ---------------------- */

/*
 * Ask the host for the types of args[] of the current clause's
 * descriptions, once.  Descriptions the host cannot type (BEGIN, a
 * function without DWARF) do not count; those it types must agree.
 */
static void
clause_args(check_t *ck, int32_t n)
{
	dsl_cc_t *cc = ck->ck_cc;
	const dsl_copts_t *co = cc->cc_copts;
	dsl_clause_t *cl = ck->ck_clause;
	size_t ci, d;
	int i, k;

	if (cl == NULL || cl->cl_argdone)
		return;
	ci = (size_t)(cl - PG(ck)->pg_clauses);
	for (d = cl->cl_desc0; co->co_argtypes != NULL &&
	    d < cl->cl_desc0 + cl->cl_ndescs; d++) {
		dsl_argtype_t at[DSL_NARGS];
		dsl_pdesc_t pd = PG(ck)->pg_descs[d];
		const char *st = PG(ck)->pg_strtab;
		char msg[512], a[200], b[200];

		/* offsets into the string table until dsl_compile ends */
		pd.pd_prov = st + (uintptr_t)pd.pd_prov;
		pd.pd_mod = st + (uintptr_t)pd.pd_mod;
		pd.pd_func = st + (uintptr_t)pd.pd_func;
		pd.pd_name = st + (uintptr_t)pd.pd_name;
		pd.pd_text = st + (uintptr_t)pd.pd_text;
		memset(at, 0, sizeof(at));
		msg[0] = '\0';
		k = co->co_argtypes(co->co_cookie, &pd, &PG(ck)->pg_tt, at,
		    DSL_NARGS, msg, sizeof(msg));
		if (k < 0)
			dsl_diag_nerror(cc, n, "D_ARGS_TYPE", "%s", msg);
		if (k > DSL_NARGS)
			k = DSL_NARGS;
		cl = &PG(ck)->pg_clauses[ci];
		if (k == 0)
			continue;
		if (cl->cl_nargt == 0) {
			for (i = 0; i < k; i++) {
				at[i].at_name[DSL_ARGNAMELEN - 1] = '\0';
				cl->cl_argt[i] = at[i].at_type;
				cl->cl_argword[i] = at[i].at_word;
				cl->cl_arglen[i] = at[i].at_lenword;
				cl->cl_argname[i] = dsl_parse_str(cc,
				    at[i].at_name, strlen(at[i].at_name));
				cl = &PG(ck)->pg_clauses[ci];
			}
			cl->cl_nargt = (uint8_t)k;
			continue;
		}
		for (i = 0; i < k || i < cl->cl_nargt; i++) {
			int32_t t = i < k ? at[i].at_type : 0;
			int32_t u = i < cl->cl_nargt ? cl->cl_argt[i] : 0;

			dsl_type_name(&PG(ck)->pg_tt, t, a, sizeof(a));
			dsl_type_name(&PG(ck)->pg_tt, u, b, sizeof(b));
			if ((t == 0) != (u == 0) || strcmp(a, b) != 0 ||
			    (i < k && i < cl->cl_nargt &&
			    (at[i].at_word != cl->cl_argword[i] ||
			    at[i].at_lenword != cl->cl_arglen[i])))
				dsl_diag_nerror(cc, n, "D_ARGS_TYPE",
				    "args[%d] is %s in %s but %s in another "
				    "description of the clause", i,
				    t != 0 ? a : "untyped", pd.pd_text,
				    u != 0 ? b : "untyped");
		}
	}
	cl = &PG(ck)->pg_clauses[ci];
	cl->cl_argdone = true;
}

/* Make node n the typed argument i of the clause: N_ARG, under an
 * N_CAST to a narrower integer (a register's upper half is noise). */
static void
typed_arg(check_t *ck, int32_t n, int64_t i)
{
	dsl_clause_t *cl = ck->ck_clause;
	bool in = cl != NULL && i < cl->cl_nargt;
	int32_t t = in ? cl->cl_argt[i] : 0;
	const dsl_ctype_t *ty = ctype(ck, t);
	dsl_node_t *nd = NODE(ck, n);
	int64_t word = in && cl->cl_argword[i] != 0 ?
	    cl->cl_argword[i] - 1 : i;

	nd->dn_aux = 0;
	nd->dn_b = DSL_NONE;
	if (ty != NULL && (ty->ty_kind == TY_ENUM ||
	    (ty->ty_kind == TY_INT && ty->ty_size < 8))) {
		int32_t a = dsl_parse_node(ck->ck_cc, N_ARG, nd->dn_line,
		    nd->dn_col);

		NODE(ck, a)->dn_ival = word;
		set_int(NODE(ck, a), 8, true);
		nd = NODE(ck, n);
		nd->dn_op = N_CAST;
		nd->dn_a = a;
		set_ctype(ck, n, t);
		return;
	}
	nd->dn_op = N_ARG;
	nd->dn_ival = word;
	nd->dn_a = DSL_NONE;
	if (in && t != 0 && ty != NULL && ty->ty_kind == TY_PTR)
		nd->dn_aux = cl->cl_arglen[i];
	set_int(nd, 8, true);
	if (t != 0)
		set_ctype(ck, n, t);
}

/* Are the clause's probes all dtrace:::BEGIN or END, which have no
 * arguments? */
static bool
argless(check_t *ck)
{
	const dsl_clause_t *cl = ck->ck_clause;
	const char *st = PG(ck)->pg_strtab;
	uint32_t d;

	if (cl == NULL)
		return false;
	for (d = cl->cl_desc0; d < cl->cl_desc0 + cl->cl_ndescs; d++) {
		/* offsets into the string table until dsl_compile ends */
		const dsl_pdesc_t *pd = &PG(ck)->pg_descs[d];
		const char *prov = st + (uintptr_t)pd->pd_prov;
		const char *name = st + (uintptr_t)pd->pd_name;

		if ((*prov != '\0' && strcmp(prov, "dtrace") != 0) ||
		    st[(uintptr_t)pd->pd_mod] != '\0' ||
		    st[(uintptr_t)pd->pd_func] != '\0' ||
		    (strcmp(name, "BEGIN") != 0 && strcmp(name, "END") != 0))
			return false;
	}
	return true;
}

/* args[N] read (not a user's array named args): the clause's argument N,
 * typed when the host knows its type.  True if n was one. */
static bool
args_index(check_t *ck, int32_t n)
{
	dsl_node_t *nd = NODE(ck, n);
	int32_t k = nd->dn_a;

	if (strcmp(nname(ck, n), "args") != 0 || k == DSL_NONE ||
	    NODE(ck, k)->dn_next != DSL_NONE ||
	    find_var(ck, V_ARRAY, "args", false) != NULL)
		return false;
	expr(ck, k);
	if (NODE(ck, k)->dn_op != N_INT)
		dsl_diag_nerror(ck->ck_cc, k, "D_PROTO_ARG", "args[ ] index "
		    "must be an integer constant");
	if (NODE(ck, k)->dn_ival < 0 || NODE(ck, k)->dn_ival >= DSL_NARGS ||
	    argless(ck))
		dsl_diag_nerror(ck->ck_cc, k, "D_ARGS_IDX", "args[ ] index "
		    "%lld is out of range%s", (long long)NODE(ck, k)->dn_ival,
		    argless(ck) ? ": BEGIN and END have no arguments" :
		    ": it goes from 0 to 9");
	clause_args(ck, n);
	typed_arg(ck, n, NODE(ck, k)->dn_ival);
	return true;
}

/*
 * uregs[R_RDI]: a register of the firing thread.  uregs is always the
 * built-in array, never a user's (uregs[0] must not quietly read an
 * empty array), and its index is a constant, as in dtrace-utils
 * (arrays/err.D_PROTO_ARG.uregs_variable, err.D_UNKNOWN.uregs_toobig).
 * True if n was one.
 */
static bool
uregs_index(check_t *ck, int32_t n)
{
	dsl_node_t *nd = NODE(ck, n);
	int32_t k = nd->dn_a;
	int64_t r;

	if (nd->dn_aux != 0 || strcmp(nname(ck, n), "uregs") != 0)
		return false;
	if (k == DSL_NONE || NODE(ck, k)->dn_next != DSL_NONE)
		dsl_diag_nerror(ck->ck_cc, n, "D_PROTO_LEN", "uregs[ ] "
		    "takes one index, a register: uregs[R_PC]");
	expr(ck, k);
	if (NODE(ck, k)->dn_op != N_INT)
		dsl_diag_nerror(ck->ck_cc, k, "D_PROTO_ARG", "uregs[ ] "
		    "argument #1 is incompatible with prototype:\n"
		    "\tprototype: integer constant\n\t argument: %s",
		    NODE(ck, k)->dn_type == DT_STR ? "string" : "int");
	r = NODE(ck, k)->dn_ival;
	if (r < 0 || r >= DSL_NUREGS)
		dsl_diag_nerror(ck->ck_cc, k, "D_UNKNOWN", "uregs[]: index "
		    "out of bounds (%lld)", (long long)r);
	nd = NODE(ck, n);
	nd->dn_op = N_UREG;
	nd->dn_ival = r;
	nd->dn_a = DSL_NONE;
	set_int(nd, 8, false);
	return true;
}

/* args->NAME: the argument whose parameter DWARF names NAME.  True if n
 * was one. */
static bool
args_name(check_t *ck, int32_t n)
{
	dsl_cc_t *cc = ck->ck_cc;
	int32_t a = NODE(ck, n)->dn_a;
	const char *names[DSL_NARGS], *near, *name;
	dsl_clause_t *cl;
	int i, k = 0;

	if (NODE(ck, a)->dn_op != N_IDENT ||
	    strcmp(nname(ck, a), "args") != 0 ||
	    find_var(ck, V_GLOBAL, "args", false) != NULL)
		return false;
	clause_args(ck, n);
	cl = ck->ck_clause;
	name = dsl_prog_str(PG(ck), (uint32_t)NODE(ck, n)->dn_ival);
	for (i = 0; cl != NULL && i < cl->cl_nargt; i++) {
		if (cl->cl_argname[i] == 0)
			continue;
		names[k++] = dsl_prog_str(PG(ck), cl->cl_argname[i]);
		if (strcmp(names[k - 1], name) == 0) {
			typed_arg(ck, n, i);
			return true;
		}
	}
	near = dsl_diag_suggest(name, names, (size_t)k);
	dsl_diag_nerror(cc, n, "D_ARGS_NAME", "the probe has no parameter "
	    "named '%s'%s%s%s", name, near != NULL ? "; did you mean '" :
	    k == 0 ? " (no DWARF names its parameters)" : "",
	    near != NULL ? near : "", near != NULL ? "'?" : "");
}

/* name without the decorations C and C++ put on members: "_M_", "m_",
 * "_" in front, "_" behind ("size_", "m_size", "_M_len" are "size",
 * "size", "len"), into buf. */
static const char *
bare_name(const char *name, char *buf, size_t len)
{
	size_t n;

	if (strncmp(name, "_M_", 3) == 0)
		name += 3;
	else if (strncmp(name, "m_", 2) == 0)
		name += 2;
	while (*name == '_')
		name++;
	snprintf(buf, len, "%s", name);
	n = strlen(buf);
	while (n > 0 && buf[n - 1] == '_')
		buf[--n] = '\0';
	return buf;
}

/* The member a missing one most likely meant when no name is close:
 * the same bare name, or a synonym (len for size_).  NULL if none. */
static const char *
member_synonym(const char *name, const char *const *names, size_t n)
{
	static const char *const groups[][6] = {
		{ "len", "length", "size", "sz", "count", "nbytes" },
		{ "data", "buf", "ptr", "p", "str", "bytes" },
		{ "next", "nxt", "link", NULL },
		{ "prev", "previous", NULL },
	};
	char want[64], have[64];
	size_t g, i, j, k;

	bare_name(name, want, sizeof(want));
	for (i = 0; i < n; i++)
		if (strcmp(bare_name(names[i], have, sizeof(have)),
		    want) == 0)
			return names[i];
	{
		/* a near bare name: "dat" for "data_" */
		char bare[64][64];
		const char *bp[64], *near;

		for (i = 0; i < n && i < 64; i++)
			bp[i] = bare_name(names[i], bare[i], sizeof(bare[i]));
		near = dsl_diag_suggest(want, bp, i);
		for (j = 0; near != NULL && j < i; j++)
			if (bp[j] == near)
				return names[j];
	}
	for (g = 0; g < sizeof(groups) / sizeof(groups[0]); g++) {
		for (j = 0; j < 6 && groups[g][j] != NULL; j++)
			if (strcmp(groups[g][j], want) == 0)
				break;
		if (j == 6 || groups[g][j] == NULL)
			continue;
		for (i = 0; i < n; i++) {
			bare_name(names[i], have, sizeof(have));
			for (k = 0; k < 6 && groups[g][k] != NULL; k++)
				if (strcmp(groups[g][k], have) == 0)
					return names[i];
		}
	}
	return NULL;
}

/* Does the operand (checked: node oc) suit the input of translator
 * member in?  exact: the same type; otherwise one compatible as dtrace's
 * argument rules have it (integer and integer, string and string,
 * pointer and pointer). */
static bool
xlate_input(check_t *ck, const dsl_inline_t *in, int32_t oc, bool exact)
{
	const dsl_node_t *o = NODE(ck, oc);

	if (in->in_xlin != 0 && o->dn_ctype != 0 &&
	    same_type(ck, in->in_xlin, o->dn_ctype))
		return true;
	if (in->in_xlkind != o->dn_type)
		return false;
	if (in->in_xlin == 0 && o->dn_ctype == 0)
		return true;
	if (exact)
		return false;
	if (in->in_xlin == 0)
		return o->dn_type == DT_INT && !is_ptr(ck, o->dn_ctype) &&
		    in->in_xlkind == DT_INT;
	return is_ptr(ck, in->in_xlin) && is_ptr(ck, o->dn_ctype);
}

/* Are a and b entries of the same translator? */
static bool
xlate_same(const dsl_inline_t *a, const dsl_inline_t *b)
{
	return a->in_xlout != 0 && a->in_xlout == b->in_xlout &&
	    a->in_xlin == b->in_xlin && a->in_xlkind == b->in_xlkind &&
	    a->in_params[0] == b->in_params[0];
}

/*
 * The translator for xlate<type>(x) (node x): to type, or with
 * xlate<type *>, to *type (*isptr).  *top is the struct or union.
 */
static const dsl_inline_t *
xlate_find(check_t *ck, int32_t x, int32_t *top, bool *isptr)
{
	dsl_cc_t *cc = ck->ck_cc;
	const dsl_typetab_t *tt = &PG(ck)->pg_tt;
	int32_t to = (int32_t)NODE(ck, x)->dn_ival;
	int32_t opnd = NODE(ck, x)->dn_a, oc, nx;
	const dsl_ctype_t *ty = to != 0 ? ctype(ck, to) : NULL;
	const dsl_inline_t *xl = NULL;
	char a[256], b[256];
	uint32_t i, limit;
	int pass;

	/* xlate<struct s *>: the translator to struct s */
	*isptr = ty != NULL && ty->ty_kind == TY_PTR;
	if (*isptr) {
		to = ty->ty_ref;
		ty = ctype(ck, to);
	}
	if (ty == NULL || (ty->ty_kind != TY_STRUCT &&
	    ty->ty_kind != TY_UNION))
		dsl_diag_nerror(cc, x, "D_XLATE_SOU", "translator output "
		    "type must be a struct or union");
	*top = to;
	/* the operand's type, from a copy of it checked alone */
	nx = NODE(ck, opnd)->dn_next;
	NODE(ck, opnd)->dn_next = DSL_NONE;
	oc = copy_tree(ck, opnd, DSL_NONE, NULL, DSL_NONE);
	NODE(ck, opnd)->dn_next = nx;
	expr(ck, oc);
	/* in an inline or a translator, those defined before it (so none
	 * is its own) */
	limit = NODE(ck, x)->dn_c == DSL_NONE ? cc->cc_ninlines :
	    (uint32_t)NODE(ck, x)->dn_c;
	if (limit < cc->cc_ninlines && cc->cc_inlines[limit].in_xlout != 0) {
		const dsl_inline_t *self = &cc->cc_inlines[limit];

		while (limit > 0 && xlate_same(&cc->cc_inlines[limit - 1],
		    self))
			limit--;
	}
	for (pass = 0; pass < 2 && xl == NULL; pass++)
		for (i = 0; i < limit && xl == NULL; i++)
			if (cc->cc_inlines[i].in_xlout != 0 &&
			    same_type(ck, cc->cc_inlines[i].in_xlout, to) &&
			    xlate_input(ck, &cc->cc_inlines[i], oc,
			    pass == 0))
				xl = &cc->cc_inlines[i];
	if (xl == NULL) {
		dsl_type_name(tt, to, b, sizeof(b));
		dsl_diag_nerror(cc, x, "D_XLATE_NONE", "cannot translate "
		    "from \"%s\" to \"%s\"", tname(ck, oc, a, sizeof(a)),
		    b);
	}
	return xl;
}

/* The member name of translator xl (its index in the inlines), or -1. */
static int
xlate_defines(check_t *ck, const dsl_inline_t *xl, const char *name)
{
	const dsl_cc_t *cc = ck->ck_cc;
	uint32_t i;

	for (i = 0; i < cc->cc_ninlines; i++) {
		const dsl_inline_t *in = &cc->cc_inlines[i];

		if (xlate_same(in, xl) && in->in_expr != DSL_NONE &&
		    strcmp(dsl_prog_str(PG(ck), in->in_name), name) == 0)
			return (int)i;
	}
	return -1;
}

/*
 * xlate<type>(x).m (node n, a member of an N_XLATE): the translator from
 * x's type to type gives m as its expression for m, x in place of its
 * parameter; with xlate<type *>(x)->m, the translator to *type.  A
 * translator whose input is x's very type is preferred to one whose
 * input is only compatible (the DTrace guide's Translators chapter).
 */
static void
xlate_member(check_t *ck, int32_t n)
{
	dsl_cc_t *cc = ck->ck_cc;
	const dsl_node_t *nd = NODE(ck, n);
	int32_t x = nd->dn_a, to;
	const dsl_inline_t *xl;
	int op = nd->dn_aux & AUX_OP, found;
	const char *name = dsl_prog_str(PG(ck), (uint32_t)nd->dn_ival);
	bool isptr;
	char a[256];

	xl = xlate_find(ck, x, &to, &isptr);
	if (op == T_ARROW && !isptr)
		dsl_diag_nerror(cc, n, "D_OP_PTR", "operator -> must be "
		    "applied to a pointer");
	if (op != T_ARROW && isptr)
		dsl_diag_nerror(cc, n, "D_OP_SOU", "operator . cannot be "
		    "applied to a pointer: xlate<%s>(x)->%s",
		    tname(ck, x, a, sizeof(a)), name);
	if ((found = xlate_defines(ck, xl, name)) < 0)
		dsl_diag_nerror(cc, n, "D_XLATE_NOCONV", "translator does not "
		    "define conversion for member: %s", name);
	use_inline(ck, n, found, NODE(ck, x)->dn_a);
	expr1(ck, n);
}

/* A copy of the tree at n alone (not the list after it). */
static int32_t
copy_one(check_t *ck, int32_t n)
{
	int32_t nx = NODE(ck, n)->dn_next, c;

	NODE(ck, n)->dn_next = DSL_NONE;
	c = copy_tree(ck, n, DSL_NONE, NULL, DSL_NONE);
	NODE(ck, n)->dn_next = nx;
	return c;
}

/* A node of op at n's place in the text. */
static int32_t
node_at(check_t *ck, int op, int32_t n)
{
	const dsl_node_t *at = NODE(ck, n);
	int32_t c = dsl_parse_node(ck->ck_cc, op, at->dn_line, at->dn_col);

	NODE(ck, c)->dn_src = NODE(ck, n)->dn_src;
	NODE(ck, c)->dn_file = NODE(ck, n)->dn_file;
	return c;
}

/*
 * v = xlate<struct s>(x); or v = *xlate<struct s *>(x); as statement s:
 * the whole translated struct copied to v, a struct s variable.  The
 * translated struct is never built: s becomes a block of one assignment
 * per member, v.m = xlate<struct s>(x).m, and 0 or "" for a member the
 * translator leaves out (the DTrace guide's Translators chapter: such a
 * member is zero-filled).  False if s is no such statement.
 */
static bool
xlate_assign(check_t *ck, int32_t s)
{
	dsl_cc_t *cc = ck->ck_cc;
	int32_t e = NODE(ck, s)->dn_a, r, x, lhs, lc, to, first = DSL_NONE;
	int32_t last = DSL_NONE;
	const dsl_inline_t *xl;
	const dsl_ctype_t *ty;
	dsl_var_t *v;
	bool isptr;
	char a[256], b[256];
	uint32_t i, nmem, mem0;
	int k;

	if (NODE(ck, e)->dn_op != N_ASSIGN || NODE(ck, e)->dn_aux != '=')
		return false;
	r = NODE(ck, e)->dn_b;
	if (NODE(ck, r)->dn_op == N_IDENT &&
	    (k = find_inline(ck, nname(ck, r), NODE(ck, r)->dn_c)) >= 0 &&
	    NODE(ck, cc->cc_inlines[k].in_expr)->dn_op == N_XLATE)
		use_inline(ck, r, k, DSL_NONE);
	x = NODE(ck, r)->dn_op == N_DEREF ? NODE(ck, r)->dn_a : r;
	if (NODE(ck, x)->dn_op != N_XLATE)
		return false;
	xl = xlate_find(ck, x, &to, &isptr);
	dsl_type_name(&PG(ck)->pg_tt, (int32_t)NODE(ck, x)->dn_ival, a,
	    sizeof(a));
	if (isptr != (x != r))
		dsl_diag_nerror(cc, r, NULL, "xlate<%s>( ) %s", a, isptr ?
		    "gives a pointer to a struct no "
		    "variable can hold: assign *xlate<>( ), or name a member "
		    "with ->" : "gives a struct, not a pointer: * cannot be "
		    "applied to it");
	lhs = NODE(ck, e)->dn_a;
	/* a variable first named here takes the struct's type, as one
	 * assigned a struct does */
	if (NODE(ck, lhs)->dn_op == N_IDENT || NODE(ck, lhs)->dn_op ==
	    N_THISREF || NODE(ck, lhs)->dn_op == N_SELFREF) {
		int scope = NODE(ck, lhs)->dn_op == N_IDENT ? V_GLOBAL :
		    NODE(ck, lhs)->dn_op == N_THISREF ? V_THIS : V_SELF;
		const char *vn = dsl_prog_str(PG(ck),
		    (uint32_t)NODE(ck, lhs)->dn_ival);

		if (find_var(ck, scope, vn, false) == NULL &&
		    (scope != V_GLOBAL || (find_inline(ck, vn, DSL_NONE) < 0 &&
		    find_builtin(vn) < 0)))
			dsl_check_declare(cc, scope, vn, DT_INT, 8, false, to,
			    -1, NULL, NULL, NODE(ck, lhs)->dn_line,
			    NODE(ck, lhs)->dn_col);
		/* given its value here, in program order */
		if (scope == V_GLOBAL &&
		    (v = find_var(ck, scope, vn, false)) != NULL)
			var_define(ck, v);
	}
	lc = copy_one(ck, lhs);
	expr(ck, lc);
	if (NODE(ck, lc)->dn_ctype == 0 ||
	    !same_type(ck, NODE(ck, lc)->dn_ctype, to)) {
		dsl_type_name(&PG(ck)->pg_tt, to, b, sizeof(b));
		dsl_diag_nerror(cc, e, "D_OP_INCOMPAT", "operator = operands "
		    "have incompatible types: \"%s\" = \"%s\" (declare the "
		    "variable as a %s)", tname(ck, lc, a, sizeof(a)), b, b);
	}
	ty = ctype(ck, to);
	nmem = ty->ty_nmem;
	mem0 = ty->ty_mem0;
	for (i = 0; i < nmem; i++) {
		const dsl_typetab_t *tt = &PG(ck)->pg_tt;
		const dsl_cmember_t *m = &tt->tt_mems[mem0 + i];
		const char *name = dsl_type_str(tt, m->me_name);
		const dsl_ctype_t *mt = ctype(ck, m->me_type);
		uint32_t mname = dsl_parse_str(cc, name, strlen(name));
		int32_t dst, val, asg, st;

		dst = node_at(ck, N_MEMBER, lhs);
		NODE(ck, dst)->dn_a = copy_one(ck, lhs);
		NODE(ck, dst)->dn_aux = '.';
		NODE(ck, dst)->dn_ival = mname;
		if (xlate_defines(ck, xl, name) >= 0) {
			val = node_at(ck, N_MEMBER, x);
			NODE(ck, val)->dn_a = copy_one(ck, x);
			NODE(ck, val)->dn_aux = (uint16_t)(isptr ? T_ARROW :
			    '.');
			NODE(ck, val)->dn_ival = mname;
		} else if (mt != NULL && mt->ty_kind == TY_STRING) {
			val = node_at(ck, N_STR, x);
			NODE(ck, val)->dn_ival = dsl_parse_str(cc, "", 0);
			NODE(ck, val)->dn_type = DT_STR;
		} else if (mt != NULL && (mt->ty_kind == TY_INT ||
		    mt->ty_kind == TY_ENUM || mt->ty_kind == TY_PTR)) {
			val = node_at(ck, N_INT, x);
			set_int(NODE(ck, val), 4, true);
		} else {
			dsl_diag_nerror(cc, e, NULL, "the translator leaves "
			    "member %s out, and pidtrace zero-fills only the "
			    "integers, pointers and strings of a translated "
			    "struct: define %s in the translator", name, name);
		}
		asg = node_at(ck, N_ASSIGN, e);
		NODE(ck, asg)->dn_a = dst;
		NODE(ck, asg)->dn_b = val;
		NODE(ck, asg)->dn_aux = '=';
		st = node_at(ck, S_EXPR, s);
		NODE(ck, st)->dn_a = asg;
		if (last == DSL_NONE)
			first = st;
		else
			NODE(ck, last)->dn_next = st;
		last = st;
	}
	NODE(ck, s)->dn_op = S_BLOCK;
	NODE(ck, s)->dn_a = first;
	return true;
}

static void
member(check_t *ck, int32_t n)
{
	dsl_cc_t *cc = ck->ck_cc;
	dsl_node_t *nd = NODE(ck, n);
	const dsl_typetab_t *tt = &PG(ck)->pg_tt;
	const dsl_ctype_t *ty;
	int op = nd->dn_aux & AUX_OP;
	char tn[256];
	uint32_t i;
	const char *name;

	if (op == T_ARROW && args_name(ck, n))
		return;
	ck->ck_xlok = true;
	expr(ck, nd->dn_a);
	ck->ck_xlok = false;
	if (NODE(ck, NODE(ck, n)->dn_a)->dn_op == N_XLATE) {
		xlate_member(ck, n);
		return;
	}
	if (NODE(ck, n)->dn_aux & AUX_DONE)
		return;		/* resolved on an earlier pass */
	nd = NODE(ck, n);
	name = dsl_prog_str(PG(ck), (uint32_t)nd->dn_ival);
	ty = ctype(ck, NODE(ck, nd->dn_a)->dn_ctype);
	if (op == T_ARROW) {
		if (ty == NULL || ty->ty_kind != TY_PTR)
			dsl_diag_nerror(cc, n, "D_OP_PTR", "operator -> must "
			    "be applied to a pointer");
		ty = ctype(ck, ty->ty_ref);
	} else if ((NODE(ck, nd->dn_a)->dn_aux & AUX_BYADDR) == 0) {
		ty = NULL;
	}
	if (ty == NULL || (ty->ty_kind != TY_STRUCT &&
	    ty->ty_kind != TY_UNION))
		dsl_diag_nerror(cc, n, "D_OP_SOU", "operator %s cannot be "
		    "applied to a forward declaration or a non-struct/union "
		    "type", op == T_ARROW ? "->" : ".");
	if (!ty->ty_complete) {
		dsl_type_name(tt, (int32_t)(ty - tt->tt_types), tn, sizeof(tn));
		dsl_diag_nerror(cc, n, "D_OP_INCOMPLETE", "operator %s cannot "
		    "be applied to a forward declaration: no %s definition is "
		    "available", op == T_ARROW ? "->" : ".", tn);
	}
	for (i = 0; i < ty->ty_nmem; i++) {
		const dsl_cmember_t *m = &tt->tt_mems[ty->ty_mem0 + i];

		if (strcmp(dsl_type_str(tt, m->me_name), name) == 0) {
			int32_t mt = m->me_type;
			bool local = op == '.' &&
			    (NODE(ck, nd->dn_a)->dn_aux & AUX_LOCAL) != 0;

			nd->dn_ival = m->me_off;
			nd->dn_aux |= AUX_DONE;
			set_ctype(ck, n, mt);
			DN_SETBITS(NODE(ck, n), m->me_bits);
			/* a member of a variable's struct is the variable's */
			if (local)
				NODE(ck, n)->dn_aux |= AUX_LOCAL;
			return;
		}
	}
	dsl_type_name(tt, (int32_t)(ty - tt->tt_types), tn, sizeof(tn));
	{
		const char *names[256], *near;
		uint32_t k = 0;

		for (i = 0; i < ty->ty_nmem && k < 256; i++)
			names[k++] = dsl_type_str(tt,
			    tt->tt_mems[ty->ty_mem0 + i].me_name);
		if ((near = dsl_diag_suggest(name, names, k)) == NULL)
			near = member_synonym(name, names, k);
		dsl_diag_nerror(cc, n, "D_TYPE_MEMBER", "%s has no member "
		    "'%s'%s%s%s", tn, name, near != NULL ? "; did you mean '" :
		    "", near != NULL ? near : "", near != NULL ? "'?" : "");
	}
}

/* *p and p[i]: the element type of a pointer or array operand. */
static void
deref(check_t *ck, int32_t n, int32_t a, const char *opn)
{
	const dsl_ctype_t *ty = ctype(ck, NODE(ck, a)->dn_ctype);
	const dsl_ctype_t *el;

	if (ty == NULL || (ty->ty_kind != TY_PTR && ty->ty_kind != TY_ARRAY))
		dsl_diag_nerror(ck->ck_cc, n, "D_DEREF_NONPTR", "operator %s "
		    "cannot be applied to a non-pointer type", opn);
	el = ctype(ck, ty->ty_ref);
	if (el == NULL || el->ty_kind == TY_VOID)
		dsl_diag_nerror(ck->ck_cc, n, "D_DEREF_VOID", "operator %s "
		    "cannot dereference a pointer to void", opn);
	set_ctype(ck, n, ty->ty_ref);
}

/* Is t a pointer to void? */
static bool
void_ptr(check_t *ck, int32_t t)
{
	const dsl_ctype_t *ty = ctype(ck, t), *el;

	if (ty == NULL || ty->ty_kind != TY_PTR)
		return false;
	el = ctype(ck, ty->ty_ref);
	return el != NULL && el->ty_kind == TY_VOID;
}

/* The size of what pointer or array type t points at, or 0. */
static int64_t
elem_size(check_t *ck, int32_t t)
{
	const dsl_ctype_t *ty = ctype(ck, t), *el;

	if (ty == NULL || (ty->ty_kind != TY_PTR && ty->ty_kind != TY_ARRAY))
		return 0;
	el = ctype(ck, ty->ty_ref);
	return el == NULL || el->ty_kind == TY_VOID ? 1 :
	    (int64_t)el->ty_size;
}

static void
expr1(check_t *ck, int32_t n)
{
	dsl_cc_t *cc = ck->ck_cc;
	dsl_node_t *nd = NODE(ck, n);
	dsl_var_t *v;
	int32_t a, b;
	bool xlok = ck->ck_xlok;

	/* only the operand of a member, or the inline it names, may be an
	 * xlate<>() */
	ck->ck_xlok = false;
	switch (nd->dn_op) {
	case N_INT:
	case N_STR:
	case N_BUILTIN:
	case N_ARG:
	case N_UREG:
		return;
	case N_XLATE:
		if (!xlok)
			dsl_diag_nerror(cc, n, NULL, "a translated "
			    "struct is read a member at a time, "
			    "xlate<type>(x).member, or copied whole by a "
			    "statement v = xlate<type>(x);");
		return;
	case N_IDENT:
		ck->ck_xlok = xlok;
		ident(ck, n);
		ck->ck_xlok = false;
		return;
	case N_GVAR:
	case N_SVAR:
	case N_TVAR:
	case N_SELFREF:
	case N_THISREF:
	case N_ARR:
		if (nd->dn_op == N_ARR && nd->dn_aux == 0) {
			int k = find_inline(ck, nname(ck, n), nd->dn_c);

			if (k >= 0) {
				use_inline(ck, n, k, nd->dn_a);
				ck->ck_xlok = xlok;
				expr1(ck, n);
				ck->ck_xlok = false;
				return;
			}
		}
		if (nd->dn_op == N_ARR && (args_index(ck, n) ||
		    uregs_index(ck, n)))
			return;
		if (index_var(ck, n)) {
			expr1(ck, n);
			return;
		}
		v = lvalue(ck, n, false, DT_VOID, 0, false, 0);
		if (v != NULL && ck->ck_strict &&
		    NODE(ck, n)->dn_op == N_GVAR && !var_defined(ck, v))
			dsl_diag_nerror(cc, n, "D_IDENT_UNDEF", "failed to "
			    "resolve %s: Unknown variable name (it is assigned "
			    "only later in the program)",
			    dsl_prog_str(PG(ck), v->va_name));
		if (v != NULL)
			var_node(ck, n, v);
		return;
	case N_AGGREF:
		dsl_diag_nerror(cc, n, "D_AGG_SCALAR", "aggregations may only "
		    "be assigned an aggregating function or passed to "
		    "printa( ), clear( ), trunc( ), normalize( )");
	case N_AGG:
		return;
	case N_CALL:
		call(ck, n, false);
		return;
	case N_ASSIGN:
		assignment(ck, n);
		return;
	case N_INCDEC:
		a = nd->dn_a;
		(void)index_var(ck, a);
		if (is_clvalue(NODE(ck, a)->dn_op)) {
			expr(ck, a);
			if (NODE(ck, a)->dn_type != DT_INT || is_ref(ck, a))
				dsl_diag_nerror(cc, n, "D_OP_SCALAR", "operator "
				    "%s requires operand of scalar type",
				    opname(NODE(ck, n)->dn_aux));
			nd = NODE(ck, n);
			set_int(nd, NODE(ck, a)->dn_size,
			    NODE(ck, a)->dn_signed);
			nd->dn_ctype = NODE(ck, a)->dn_ctype;
			return;
		}
		if (!is_lvalue(NODE(ck, a)->dn_op))
			dsl_diag_nerror(cc, n, "D_OP_LVAL", "operator %s "
			    "requires a writable variable as its operand",
			    opname(nd->dn_aux));
		/* x++ on a new name makes an int64_t */
		v = lvalue(ck, a, true, DT_INT, 8, true, 0);
		if (v != NULL && (v->va_type == DT_STR || v->va_bytes > 0))
			dsl_diag_nerror(cc, n, "D_OP_SCALAR", "operator %s "
			    "requires an operand of scalar type",
			    opname(nd->dn_aux));
		expr(ck, a);
		nd = NODE(ck, n);
		set_int(nd, NODE(ck, a)->dn_size, NODE(ck, a)->dn_signed);
		return;
	case N_UNOP:
		expr(ck, nd->dn_a);
		nd = NODE(ck, n);
		if (nd->dn_aux == '!') {
			if (NODE(ck, nd->dn_a)->dn_type == DT_VOID)
				need_int(ck, nd->dn_a, "!");
			set_int(nd, 4, true);
			return;
		}
		need_int(ck, nd->dn_a, opname(nd->dn_aux));
		promote(nd, NODE(ck, nd->dn_a), NULL);
		return;
	case N_LAND:
	case N_LOR:
	case N_LXOR:
		expr(ck, nd->dn_a);
		expr(ck, NODE(ck, n)->dn_b);
		nd = NODE(ck, n);
		/* strings, structs and void are not scalars */
		if (NODE(ck, nd->dn_a)->dn_type != DT_INT ||
		    NODE(ck, nd->dn_b)->dn_type != DT_INT ||
		    is_ref(ck, nd->dn_a) || is_ref(ck, nd->dn_b))
			dsl_diag_nerror(cc, n, "D_OP_SCALAR", "operator %s "
			    "requires operands of scalar type",
			    nd->dn_op == N_LAND ? "&&" : nd->dn_op == N_LOR ?
			    "||" : "^^");
		set_int(nd, 4, true);
		return;
	case N_BINOP:
	case N_STRCMP: {
		int op = nd->dn_aux;
		bool cmp = op == '<' || op == '>' || op == T_LE ||
		    op == T_GE || op == T_EQ || op == T_NE;
		dsl_node_t *an, *bn;
		char ta[256], tb[256];

		a = nd->dn_a;
		b = nd->dn_b;
		/* an aggregation has no value an operator could use */
		if (NODE(ck, a)->dn_op == N_AGGREF ||
		    NODE(ck, b)->dn_op == N_AGGREF)
			dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operator %s: "
			    "operands have incompatible types: an aggregation "
			    "has no value here (printa( ) prints it)",
			    opname(op));
		expr(ck, a);
		expr(ck, b);
		an = NODE(ck, a);
		bn = NODE(ck, b);
		nd = NODE(ck, n);
		if (cmp && an->dn_type == DT_STR && bn->dn_type == DT_INT)
			(void)null_string(ck, b);
		if (cmp && bn->dn_type == DT_STR && an->dn_type == DT_INT)
			(void)null_string(ck, a);
		if (an->dn_type == DT_STR || bn->dn_type == DT_STR) {
			/* dtrace's tags: integral, arithmetic, then any */
			if (op == '%' || op == '&' || op == '|' || op == '^' ||
			    op == T_SHL || op == T_SHR)
				dsl_diag_nerror(cc, n, "D_OP_INT",
				    "operator %s requires operands of integral "
				    "type", opname(op));
			if (op == '*' || op == '/')
				dsl_diag_nerror(cc, n, "D_OP_ARITH", "operator "
				    "%s requires operands of arithmetic type",
				    opname(op));
			if (!cmp || an->dn_type != bn->dn_type)
				dsl_diag_nerror(cc, n, "D_OP_INCOMPAT",
				    "operator %s: operands have incompatible "
				    "types: \"%s\" %s \"%s\"", opname(op),
				    an->dn_type == DT_STR ? "string" : "int",
				    opname(op), bn->dn_type == DT_STR ?
				    "string" : "int");
			nd->dn_op = N_STRCMP;
			set_int(nd, 4, true);
			return;
		}
		need_int(ck, a, opname(op));
		need_int(ck, b, opname(op));
		if (cmp) {
			/* compare in the promoted type; the result is int */
			dsl_node_t tmp;

			promote(&tmp, an, bn);
			nd->dn_signed = tmp.dn_signed;
			nd->dn_type = DT_INT;
			nd->dn_size = 4;
			nd->dn_c = tmp.dn_signed ? 1 : 0;
			nd->dn_signed = true;
			return;
		}
		if (op == T_SHL || op == T_SHR)
			promote(nd, an, NULL);
		else
			promote(nd, an, bn);
		if ((op == '+' || op == '-') &&
		    (void_ptr(ck, an->dn_ctype) || void_ptr(ck, bn->dn_ctype)))
			dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operands have "
			    "incompatible types: \"%s\" %s \"%s\"",
			    tname(ck, a, ta, sizeof(ta)), opname(op),
			    tname(ck, b, tb, sizeof(tb)));
		if (op == '-' && is_ptr(ck, an->dn_ctype) &&
		    is_ptr(ck, bn->dn_ctype)) {
			/* p - q: the elements between them, as C's */
			int64_t sz = elem_size(ck, an->dn_ctype);

			if (elem_size(ck, bn->dn_ctype) != sz)
				dsl_diag_nerror(cc, n, "D_OP_INCOMPAT",
				    "operands have incompatible types: \"%s\" "
				    "- \"%s\"", tname(ck, a, ta, sizeof(ta)),
				    tname(ck, b, tb, sizeof(tb)));
			if (nd->dn_c == DSL_NONE && sz > 1) {
				int32_t k = dsl_parse_node(cc, N_INT,
				    nd->dn_line, nd->dn_col);
				int32_t m = dsl_parse_node(cc, N_BINOP,
				    NODE(ck, n)->dn_line, NODE(ck, n)->dn_col);

				*NODE(ck, m) = *NODE(ck, n);
				NODE(ck, m)->dn_next = DSL_NONE;
				NODE(ck, m)->dn_c = 1;
				set_int(NODE(ck, m), 8, true);
				NODE(ck, k)->dn_ival = sz;
				set_int(NODE(ck, k), 8, true);
				nd = NODE(ck, n);
				nd->dn_aux = '/';
				nd->dn_a = m;
				nd->dn_b = k;
			}
			nd = NODE(ck, n);
			nd->dn_c = 1;
			set_int(nd, 8, true);
			nd->dn_ctype = 0;
			return;
		}
		if ((op == '+' || op == '-') && is_ptr(ck, an->dn_ctype) &&
		    !is_ptr(ck, bn->dn_ctype)) {
			/* p + i: i elements, not bytes (dn_c marks it done) */
			int32_t t = an->dn_ctype;
			int64_t sz = elem_size(ck, t);

			if (nd->dn_c == DSL_NONE && sz > 1) {
				int32_t k = dsl_parse_node(cc, N_INT,
				    nd->dn_line, nd->dn_col);
				int32_t m = dsl_parse_node(cc, N_BINOP,
				    NODE(ck, n)->dn_line, NODE(ck, n)->dn_col);

				NODE(ck, k)->dn_ival = sz;
				set_int(NODE(ck, k), 8, true);
				NODE(ck, m)->dn_aux = '*';
				NODE(ck, m)->dn_a = NODE(ck, n)->dn_b;
				NODE(ck, m)->dn_b = k;
				set_int(NODE(ck, m), 8, true);
				NODE(ck, n)->dn_b = m;
			}
			nd = NODE(ck, n);
			nd->dn_c = 1;
			set_int(nd, 8, false);
			nd->dn_ctype = t;
		}
		return;
	}
	case N_COND: {
		dsl_node_t *an, *bn;

		expr(ck, nd->dn_a);
		expr(ck, NODE(ck, n)->dn_b);
		expr(ck, NODE(ck, n)->dn_c);
		nd = NODE(ck, n);
		an = NODE(ck, nd->dn_b);
		bn = NODE(ck, nd->dn_c);
		if (NODE(ck, nd->dn_a)->dn_type != DT_INT ||
		    is_ref(ck, nd->dn_a))
			dsl_diag_nerror(cc, n, "D_OP_SCALAR", "operator ?: "
			    "expression must be of scalar type");
		if (an->dn_type == DT_STR && bn->dn_type == DT_INT)
			(void)null_string(ck, nd->dn_c);
		if (bn->dn_type == DT_STR && an->dn_type == DT_INT)
			(void)null_string(ck, nd->dn_b);
		if (is_action(ck, nd->dn_b) || is_action(ck, nd->dn_c))
			dsl_diag_nerror(cc, n, "D_OP_ACT", "operator ?: may "
			    "not select an action: actions have no value");
		if (an->dn_type != bn->dn_type)
			dsl_diag_nerror(cc, n, "D_OP_INCOMPAT", "operator ?: "
			    "operands must have compatible types");
		if (an->dn_type == DT_STR)
			nd->dn_type = DT_STR;
		else if (an->dn_type == DT_INT)
			promote(nd, an, bn);
		else
			dsl_diag_nerror(cc, n, "D_OP_VOID", "operator ?: "
			    "operands may not have void type");
		return;
	}
	case N_CAST:
		/* a translated struct is no scalar: dtrace's rules for a
		 * cast refuse it (dtrace-utils' dt_parser.c) */
		if (NODE(ck, nd->dn_a)->dn_op == N_XLATE)
			dsl_diag_nerror(cc, n, "D_CAST_INVAL", "invalid cast "
			    "expression: a translated struct");
		expr(ck, nd->dn_a);
		nd = NODE(ck, n);
		{
			/* (struct s)v: v itself when it is a struct s (C's
			 * compatible types; a translator's input read as
			 * its own type), else no cast D has */
			const dsl_ctype_t *ct = nd->dn_ctype != 0 ?
			    ctype(ck, nd->dn_ctype) : NULL;
			int32_t op = nd->dn_a, next = nd->dn_next;
			char t1[256], t2[256];

			if (ct != NULL && (ct->ty_kind == TY_STRUCT ||
			    ct->ty_kind == TY_UNION)) {
				if ((NODE(ck, op)->dn_aux & AUX_BYADDR) == 0 ||
				    !same_type(ck, nd->dn_ctype,
				    NODE(ck, op)->dn_ctype))
					dsl_diag_nerror(cc, n, "D_CAST_INVAL",
					    "invalid cast expression: \"%s\" "
					    "to \"%s\"", tname(ck, op, t1,
					    sizeof(t1)), tname(ck, n, t2,
					    sizeof(t2)));
				*NODE(ck, n) = *NODE(ck, op);
				NODE(ck, n)->dn_next = next;
				return;
			}
		}
		if (nd->dn_type == DT_STR &&
		    is_ptr(ck, NODE(ck, nd->dn_a)->dn_ctype)) {
			/* (string)p: the string p points at, as stringof */
			nd->dn_op = N_CALL;
			nd->dn_ival = F_STRINGOF;
			nd->dn_aux = 1;		/* resolved */
			nd->dn_ctype = 0;
			return;
		}
		if (nd->dn_type == DT_STR &&
		    NODE(ck, nd->dn_a)->dn_type != DT_STR)
			dsl_diag_nerror(cc, n, "D_CAST_INVAL", "invalid cast "
			    "expression: integer to string (use lltostr( ))");
		if (nd->dn_type == DT_INT)
			decay_chars(ck, nd->dn_a);
		if (nd->dn_type == DT_INT &&
		    NODE(ck, nd->dn_a)->dn_type != DT_INT)
			dsl_diag_nerror(cc, n, "D_CAST_INVAL", "invalid cast "
			    "expression: %s to integer",
			    NODE(ck, nd->dn_a)->dn_type == DT_STR ? "string" :
			    "void");
		if (nd->dn_type == DT_VOID)
			nd->dn_type = DT_VOID;
		return;
	case N_MEMBER:
		member(ck, n);
		return;
	case N_DEREF:
		expr(ck, nd->dn_a);
		deref(ck, n, NODE(ck, n)->dn_a, "*");
		return;
	case N_INDEX: {
		const dsl_ctype_t *at;
		const dsl_node_t *bn;

		expr(ck, nd->dn_a);
		expr(ck, NODE(ck, n)->dn_b);
		need_int(ck, NODE(ck, n)->dn_b, "[]");
		deref(ck, n, NODE(ck, n)->dn_a, "[]");
		nd = NODE(ck, n);
		at = ctype(ck, NODE(ck, nd->dn_a)->dn_ctype);
		bn = NODE(ck, nd->dn_b);
		if (at == NULL || at->ty_kind != TY_ARRAY)
			return;
		/* an element of a C array: within its bounds, as dtrace
		 * checks a constant index (a variable's own array is also
		 * checked when the clause runs) */
		if (bn->dn_op == N_INT && (bn->dn_ival < 0 ||
		    (uint64_t)bn->dn_ival >= at->ty_nelem))
			dsl_diag_nerror(cc, nd->dn_b, "D_ARR_BOUNDS", "index "
			    "outside array bounds: %lld, max is %u",
			    (long long)bn->dn_ival, at->ty_nelem);
		if (NODE(ck, nd->dn_a)->dn_aux & AUX_LOCAL)
			nd->dn_aux |= AUX_LOCAL;
		return;
	}
	case N_ADDROF: {
		int32_t t;
		int aop = NODE(ck, nd->dn_a)->dn_op;

		aop = NODE(ck, nd->dn_a)->dn_op;
		if (aop == N_AGGREF)
			dsl_diag_nerror(cc, n, "D_ADDROF_VAR", "cannot take "
			    "address of dynamic variable");
		if (aop == N_MEMBER) {
			expr(ck, nd->dn_a);
			nd = NODE(ck, n);
			if (DN_BITS(NODE(ck, nd->dn_a)) != 0)
				dsl_diag_nerror(cc, n, "D_ADDROF_BITFIELD",
				    "cannot take address of bit-field");
		}
		if (aop == N_INT || aop == N_STR || aop == N_BINOP ||
		    aop == N_UNOP || aop == N_CALL || aop == N_CAST ||
		    aop == N_COND || aop == N_ASSIGN || aop == N_INCDEC)
			dsl_diag_nerror(cc, n, "D_ADDROF_LVAL", "unacceptable "
			    "operand for unary & operator");
		expr(ck, nd->dn_a);
		nd = NODE(ck, n);
		aop = NODE(ck, nd->dn_a)->dn_op;
		/* a variable's storage is D's: only a global's or this->'s
		 * has an address that lasts (the firing, for this->) */
		if ((aop != N_MEMBER && aop != N_DEREF && aop != N_INDEX) ||
		    ((NODE(ck, nd->dn_a)->dn_aux & AUX_LOCAL) != 0 &&
		    !fixed_local(ck, nd->dn_a)))
			dsl_diag_nerror(cc, n, "D_ADDROF_VAR", "cannot take "
			    "address of dynamic variable");
		t = NODE(ck, nd->dn_a)->dn_ctype;
		if (t == 0) {
			/* an integer member: its type by size */
			const dsl_node_t *an = NODE(ck, nd->dn_a);
			char nm[16];

			snprintf(nm, sizeof(nm), "%sint%d_t",
			    an->dn_signed ? "" : "u", an->dn_size * 8);
			t = dsl_type_int(&PG(ck)->pg_tt, nm, an->dn_size,
			    an->dn_signed);
		}
		t = t != 0 ? dsl_type_ptr(&PG(ck)->pg_tt, t) : 0;
		if (t == 0)
			dsl_diag_nerror(cc, n, NULL, "out of memory");
		set_ctype(ck, n, t);
		return;
	}
	case N_SIZEOF:
		/* sizeof xlate<type>(x): the size of type */
		ck->ck_xlok = true;
		expr(ck, nd->dn_a);
		ck->ck_xlok = false;
		nd = NODE(ck, n);
		{
			dsl_node_t *an = NODE(ck, nd->dn_a);
			const dsl_ctype_t *ct = ctype(ck, an->dn_op == N_XLATE ?
			    (int32_t)an->dn_ival : an->dn_ctype);
			int64_t sz = ct != NULL ? (int64_t)ct->ty_size :
			    an->dn_op == N_STR ? (int64_t)strlen(nname(ck,
			    nd->dn_a)) + 1 : an->dn_type == DT_STR ?
			    PG(ck)->pg_strsize : an->dn_type == DT_INT ?
			    an->dn_size : 0;

			if (DN_BITS(an) != 0)
				dsl_diag_nerror(cc, n, "D_SIZEOF_BITFIELD",
				    "cannot apply sizeof to a bit-field");
			if (an->dn_type == DT_VOID)
				dsl_diag_nerror(cc, n, "D_SIZEOF_TYPE",
				    "cannot apply sizeof to an expression of "
				    "void type");
			nd->dn_op = N_INT;
			nd->dn_ival = sz;
			set_int(nd, 8, false);
			nd->dn_a = DSL_NONE;
		}
		return;
	default:
		dsl_diag_nerror(cc, n, "D_SYNTAX", "invalid expression");
	}
}

/*
 * Speculation's rules, as dtrace's code generator applies them to each
 * action of a clause in order: nothing recorded may precede speculate()
 * or commit(); nothing may follow commit() but commit() and discard();
 * aggregations, destructive actions and exit() may not follow
 * speculate().
 */
static void
clsflags(check_t *ck, int32_t e)
{
	dsl_cc_t *cc = ck->ck_cc;
	const dsl_node_t *nd = NODE(ck, e);
	unsigned *cf = &ck->ck_cflags;
	int f;

	if (nd->dn_op == N_AGG) {
		if (*cf & CF_COMMIT)
			dsl_diag_nerror(cc, e, "D_AGG_COMM", "aggregating "
			    "actions may not follow commit( )");
		if (*cf & CF_SPEC)
			dsl_diag_nerror(cc, e, "D_AGG_SPEC", "aggregating "
			    "actions may not follow speculate( )");
		*cf |= CF_AGG;
		return;
	}
	if (nd->dn_op != N_CALL)
		return;
	f = (int)nd->dn_ival;
	if (!F_ISACTION(f) && !F_ISSTACK(f))
		return;
	if (F_ISDESTRUCT(f))
		ck->ck_clause->cl_destruct = true;
	switch (f) {
	case F_COMMIT:
		if (*cf & (CF_DATAREC | CF_AGG))
			dsl_diag_nerror(cc, e, "D_COMM_DREC", "commit( ) may "
			    "not follow data-recording action(s)");
		*cf |= CF_COMMIT;
		return;
	case F_DISCARD:
		return;
	case F_SPECULATE:
		if (*cf & CF_SPEC)
			dsl_diag_nerror(cc, e, "D_SPEC_SPEC", "speculate( ) "
			    "may not follow speculate( )");
		if (*cf & CF_COMMIT)
			dsl_diag_nerror(cc, e, "D_SPEC_COMM", "speculate( ) "
			    "may not follow commit( )");
		if (*cf & (CF_DATAREC | CF_AGG))
			dsl_diag_nerror(cc, e, "D_SPEC_DREC", "speculate( ) "
			    "may not follow data-recording action(s)");
		*cf |= CF_SPEC;
		return;
	}
	if (*cf & CF_SPEC) {
		if (F_ISDESTRUCT(f))
			dsl_diag_nerror(cc, e, "D_ACT_SPEC", "destructive "
			    "actions may not follow speculate( )");
		if (f == F_EXIT)
			dsl_diag_nerror(cc, e, "D_EXIT_SPEC", "exit( ) may not "
			    "follow speculate( )");
	}
	if (*cf & CF_COMMIT)
		dsl_diag_nerror(cc, e, "D_DREC_COMM", "data-recording actions "
		    "may not follow commit( )");
	*cf |= CF_DATAREC;
	/* the kernel's actions, and writes into the tracee, which pidtrace
	 * never makes: known (so the rules above apply), then refused */
	if (f == F_PANIC || f == F_CHILL || f == F_BREAKPOINT)
		dsl_diag_nerror(cc, e, "D_UNKNOWN", "%s( ) acts on the kernel: "
		    "not available for a user process", dsl_prog_funcname(f));
	if (f == F_COPYOUT || f == F_COPYOUTSTR || f == F_STOP)
		dsl_diag_nerror(cc, e, "D_UNKNOWN", "%s( ) is not supported: "
		    "pidtrace does not %s the traced process",
		    dsl_prog_funcname(f), f == F_STOP ? "stop" : "write into");
}

/* Does this statement record data (an action other than an
 * aggregation)?  Then the clause prints its probe line, as an ECB whose
 * records are not all empty does in dtrace. */
static bool
records(check_t *ck, int32_t s)
{
	dsl_node_t *nd;

	for (; s != DSL_NONE; s = NODE(ck, s)->dn_next) {
		nd = NODE(ck, s);
		switch (nd->dn_op) {
		case S_EXPR:
			/* commit() and discard() record only the id, which
			 * dtrace's consumer never prints */
			if (NODE(ck, nd->dn_a)->dn_op == N_CALL &&
			    (F_ISACTION(NODE(ck, nd->dn_a)->dn_ival) ||
			    F_ISSTACK(NODE(ck, nd->dn_a)->dn_ival)) &&
			    NODE(ck, nd->dn_a)->dn_ival != F_COMMIT &&
			    NODE(ck, nd->dn_a)->dn_ival != F_DISCARD)
				return true;
			break;
		case S_IF:
			if (records(ck, nd->dn_b) || records(ck, nd->dn_c))
				return true;
			break;
		case S_BLOCK:
			if (records(ck, nd->dn_a))
				return true;
			break;
		}
	}
	return false;
}

/* Has an earlier statement (program order) made aggregation name? */
static bool
agg_known(check_t *ck, const char *name)
{
	uint32_t i;

	for (i = 0; i < PG(ck)->pg_naggs; i++)
		if (strcmp(dsl_prog_str(PG(ck), PG(ck)->pg_aggs[i].ag_name),
		    name) == 0)
			return true;
	return false;
}

static void
stmts(check_t *ck, int32_t s)
{
	for (; s != DSL_NONE; s = NODE(ck, s)->dn_next) {
		dsl_node_t *nd = NODE(ck, s);
		int32_t e;

		switch (nd->dn_op) {
		case S_EXPR:
			/* "in action #N" of runtime errors: statements count */
			nd->dn_act = (uint16_t)++ck->ck_action;
			e = nd->dn_a;
			if (NODE(ck, e)->dn_op == N_CALL) {
				call(ck, e, true);
			} else if (NODE(ck, e)->dn_op == N_AGGREF) {
				/* @a; as a statement: dtrace's message */
				if (NODE(ck, e)->dn_aux != 1 &&
				    !agg_known(ck, nname(ck, e)))
					dsl_diag_nerror(ck->ck_cc, e,
					    "D_IDENT_UNDEF", "@%s: a statement "
					    "with no effect", nname(ck, e));
				dsl_diag_nerror(ck->ck_cc, e, "D_AGG_NULL",
				    "@%s has no aggregating function: assign "
				    "it one, such as count( )", nname(ck, e));
			} else if (xlate_assign(ck, s)) {
				stmts(ck, NODE(ck, s)->dn_a);
				break;
			} else {
				expr(ck, e);
			}
			clsflags(ck, e);
			break;
		case S_IF:
			expr(ck, nd->dn_a);
			if (NODE(ck, NODE(ck, s)->dn_a)->dn_type == DT_VOID ||
			    is_ref(ck, NODE(ck, s)->dn_a))
				dsl_diag_nerror(ck->ck_cc, NODE(ck, s)->dn_a,
				    "D_OP_SCALAR", "if condition must be "
				    "scalar");
			stmts(ck, NODE(ck, s)->dn_b);
			stmts(ck, NODE(ck, s)->dn_c);
			break;
		case S_BLOCK:
			stmts(ck, nd->dn_a);
			break;
		}
	}
}

/* Define the globals an expression assigns (x = ..., x++), before it is
 * checked: a predicate's, for its clause's statements. */
static void
pred_defines(check_t *ck, int32_t n)
{
	const dsl_node_t *nd;

	if (n == DSL_NONE)
		return;
	nd = NODE(ck, n);
	if ((nd->dn_op == N_ASSIGN || nd->dn_op == N_INCDEC) &&
	    NODE(ck, nd->dn_a)->dn_op == N_GVAR)
		var_define(ck, &PG(ck)->pg_vars[NODE(ck, nd->dn_a)->dn_ival]);
	nd = NODE(ck, n);
	if (nd->dn_op == N_INT || nd->dn_op == N_STR)
		return;
	pred_defines(ck, nd->dn_a);
	pred_defines(ck, NODE(ck, n)->dn_b);
	/* dn_c is a node of ?: only (a comparison's sign elsewhere) */
	if (NODE(ck, n)->dn_op == N_COND)
		pred_defines(ck, NODE(ck, n)->dn_c);
	pred_defines(ck, NODE(ck, n)->dn_next);
}

static void
check_pass(check_t *ck)
{
	dsl_prog_t *pg = PG(ck);
	uint32_t i;

	for (i = 0; i < pg->pg_nclauses; i++) {
		dsl_clause_t *cl = &pg->pg_clauses[i];

		ck->ck_clause = cl;
		ck->ck_action = 0;
		ck->ck_cflags = 0;
		/* the statements first, as dtrace cooks them: a predicate
		 * may read what its own clause assigns; and what the
		 * predicate assigns (/i++ < 10/) the statements may read,
		 * as dtrace's second try, predicate first, finds */
		if (ck->ck_strict)
			pred_defines(ck, cl->cl_pred);
		stmts(ck, cl->cl_body);
		cl = &pg->pg_clauses[i];
		ck->ck_clause = cl;
		if (cl->cl_pred != DSL_NONE) {
			expr(ck, cl->cl_pred);
			if (NODE(ck, cl->cl_pred)->dn_type == DT_VOID ||
			    is_ref(ck, cl->cl_pred))
				dsl_diag_nerror(ck->ck_cc, cl->cl_pred,
				    "D_PRED_SCALAR", "predicate result must "
				    "be of scalar type");
		}
		cl = &pg->pg_clauses[i];
		cl->cl_traces = cl->cl_body == DSL_NONE ||
		    records(ck, cl->cl_body);
	}
}

void
dsl_check_declare(dsl_cc_t *cc, int scope, const char *name, int type,
    int size, bool sign, int32_t ctype, int nkeys, const uint8_t *ktype,
    const uint8_t *ksize, int line, int col)
{
	check_t ck = { cc, false, false, NULL, 0 };
	dsl_var_t *v = find_var(&ck, scope, name, false);

	if (v != NULL)
		dsl_diag_error(cc, line, col, "D_DECL_IDRED", "identifier "
		    "redeclared: %s", name);
	if (find_builtin(name) >= 0 || find_func(name) >= 0)
		dsl_diag_error(cc, line, col, "D_DECL_IDRED", "identifier "
		    "redeclared: %s is built in", name);
	byval_limit(&ck, ctype, name, DSL_NONE, line, col);
	v = find_var(&ck, scope, name, true);
	type_var(&ck, v, type, size, sign, ctype);
	if (nkeys >= 0) {
		v->va_nkeys = nkeys;
		memcpy(v->va_ktype, ktype, (size_t)nkeys);
		memcpy(v->va_ksize, ksize, (size_t)nkeys);
	}
}

/*
 * printa() of several aggregations joins them by key: their keys must
 * agree, in number (D_PRINTA_AGGKEY) and in type (D_PRINTA_AGGPROTO);
 * a format's conversions print the keys of the first.  Known only once
 * every aggregation has been seen.
 */
static void
printa_keys(check_t *ck)
{
	dsl_prog_t *pg = PG(ck);
	uint32_t i;

	for (i = 0; i < pg->pg_nnodes; i++) {
		dsl_node_t *nd = &pg->pg_nodes[i];
		const dsl_agg_t *first = NULL;
		int32_t a, fmt = DSL_NONE;
		int k = 1;

		if (nd->dn_op != N_CALL || nd->dn_aux == 0 ||
		    nd->dn_ival != F_PRINTA)
			continue;
		for (a = nd->dn_a; a != DSL_NONE;
		    a = NODE(ck, a)->dn_next, k++) {
			const dsl_agg_t *ag;
			int j;

			if (NODE(ck, a)->dn_op == N_STR)
				fmt = a;
			if (NODE(ck, a)->dn_op != N_AGGREF ||
			    NODE(ck, a)->dn_aux != 2)
				continue;
			ag = &pg->pg_aggs[NODE(ck, a)->dn_ival];
			if (ag->ag_func < 0)
				continue;
			if (first == NULL) {
				first = ag;
				continue;
			}
			if (ag->ag_nkeys != first->ag_nkeys)
				dsl_diag_nerror(ck->ck_cc, a, "D_PRINTA_AGGKEY",
				    "printa( ) argument #%d: @%s has %d key%s, "
				    "@%s has %d", k,
				    dsl_prog_str(pg, ag->ag_name),
				    ag->ag_nkeys, ag->ag_nkeys == 1 ? "" : "s",
				    dsl_prog_str(pg, first->ag_name),
				    first->ag_nkeys);
			for (j = 0; j < ag->ag_nkeys; j++)
				if (ag->ag_ktype[j] != first->ag_ktype[j] ||
				    ag->ag_ksize[j] != first->ag_ksize[j])
					dsl_diag_nerror(ck->ck_cc, a,
					    "D_PRINTA_AGGPROTO", "printa( ) "
					    "argument #%d: @%s's key #%d does "
					    "not match @%s's", k,
					    dsl_prog_str(pg, ag->ag_name),
					    j + 1,
					    dsl_prog_str(pg, first->ag_name));
		}
		if (fmt != DSL_NONE && first != NULL) {
			const char *tag;
			char msg[256];

			tag = printf_check(dsl_prog_str(pg,
			    (uint32_t)NODE(ck, fmt)->dn_ival), true, false,
			    first->ag_ktype, first->ag_nkeys, msg,
			    sizeof(msg));
			if (tag != NULL)
				dsl_diag_nerror(ck->ck_cc, fmt, tag,
				    "printa( ) %s", msg);
		}
	}
}

/*
 * Check the parsed program: learn the variables' types, run the strict
 * pass, then join printa()'s aggregations and refuse any aggregation
 * never given a function.  The first error longjmps to cc_jmp.
 */
void
dsl_check(dsl_cc_t *cc)
{
	check_t ck = { cc, false, false, NULL, 0 };
	dsl_prog_t *pg = cc->cc_pg;
	jmp_buf outer;
	int k;

	/* Learn variable types until nothing changes.  An error
	 * here only ends the learning: the strict pass reports. */
	/* the variables so far are the program's declarations */
	for (k = 0; k < (int)pg->pg_nvars; k++)
		var_define(&ck, &pg->pg_vars[k]);
	memcpy(outer, cc->cc_jmp, sizeof(jmp_buf));
	if (setjmp(cc->cc_jmp) == 0) {
		for (k = 0; k < 8; k++) {
			ck.ck_changed = false;
			check_pass(&ck);
			if (!ck.ck_changed)
				break;
		}
	}
	memcpy(cc->cc_jmp, outer, sizeof(jmp_buf));
	ck.ck_strict = true;
	check_inlines(&ck);
	check_pass(&ck);
	printa_keys(&ck);
	for (k = 0; k < (int)pg->pg_naggs; k++) {
		dsl_agg_t *ag = &pg->pg_aggs[k];

		if (ag->ag_func < 0) {
			cc->cc_src = ag->ag_src;
			cc->cc_file = ag->ag_file;
			dsl_diag_error(cc, ag->ag_line, ag->ag_col,
			    "D_IDENT_UNDEF", "failed to resolve @%s: "
			    "Unknown aggregation",
			    dsl_prog_str(pg, ag->ag_name));
		}
	}
}
