/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * parse.c: D's grammar (dt_grammar.y) by recursive descent, building
 * nodes straight into the program's flat node array.  Precedence is C's,
 * with ^^ between && and ||.  Names stay names here (N_IDENT, N_CALL with
 * a string offset); check.c resolves them.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dsl/cc.h"

typedef struct pstate {
	dsl_cc_t	*ps_cc;
	bool		ps_pred;	/* inside /predicate/ */
	bool		ps_defined;	/* a type declaration defined a
					 * struct, union or enum */
	int		ps_depth;	/* parentheses and brackets */
	int		ps_nest;	/* depth budget used, see nest() */
	/* the last type_name()'s type as spelled: a typedef, an enum,
	 * "long long" or "uint64_t" (0 for none), and base_type()'s
	 * spelling of an integer type; print() shows these names */
	int32_t		ps_spelled;
	char		ps_tname[24];
} pstate_t;

/*
 * The parser recurses once per nesting level (about 17 frames per
 * parenthesis), and the checker and the evaluator once per level of the
 * tree, so deep input would overflow the stack: fuzz-d found it with a
 * few thousand '(', and 1+1+...+1 builds a tree as deep as it is long.
 * Every nesting (a parenthesis, a unary operator, a block, a ?: or an
 * assignment on the right of another) costs NEST_LEVEL and every binary
 * operator 1, within MAXNEST: 200 levels, or chains of 2000 operators.
 * No real script comes near.
 */
#define NEST_LEVEL	10
#define MAXNEST		2000

static int32_t expr(pstate_t *);
static int32_t assign(pstate_t *);
static int32_t cast(pstate_t *);
static int32_t stmt(pstate_t *);

int32_t
dsl_parse_node(dsl_cc_t *cc, int op, int line, int col)
{
	dsl_prog_t *pg = cc->cc_pg;
	dsl_node_t *n;

	pg->pg_nodes = dsl_compile_grow(cc, pg->pg_nodes, &cc->cc_nodecap,
	    pg->pg_nnodes + 1, sizeof(dsl_node_t));
	n = &pg->pg_nodes[pg->pg_nnodes];
	memset(n, 0, sizeof(*n));
	n->dn_op = (uint8_t)op;
	n->dn_a = n->dn_b = n->dn_c = n->dn_next = DSL_NONE;
	n->dn_line = line;
	n->dn_col = col;
	n->dn_src = cc->cc_src;
	n->dn_file = cc->cc_file;
	return (int32_t)pg->pg_nnodes++;
}

uint32_t
dsl_parse_str(dsl_cc_t *cc, const char *s, size_t len)
{
	dsl_prog_t *pg = cc->cc_pg;
	uint32_t off = pg->pg_strlen;
	/* s may be a name already in the table, which growing moves */
	bool inside = pg->pg_strtab != NULL && s >= pg->pg_strtab &&
	    s < pg->pg_strtab + pg->pg_strlen;
	size_t soff = inside ? (size_t)(s - pg->pg_strtab) : 0;

	pg->pg_strtab = dsl_compile_grow(cc, pg->pg_strtab, &cc->cc_strcap,
	    pg->pg_strlen + (uint32_t)len + 1, 1);
	if (inside)
		s = pg->pg_strtab + soff;
	memcpy(pg->pg_strtab + off, s, len);
	pg->pg_strtab[off + len] = '\0';
	pg->pg_strlen += (uint32_t)len + 1;
	return off;
}

static void __attribute__((noreturn))
syntax(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;

	if (cc->cc_tok == T_EOF)
		dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, "D_SYNTAX",
		    "syntax error: unexpected end of input");
	if (cc->cc_tok == T_INT)
		dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, "D_SYNTAX",
		    "syntax error near \"%lld\"", (long long)cc->cc_tival);
	dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, "D_SYNTAX",
	    "syntax error near \"%s\"", dsl_lex_tokname(cc, cc->cc_tok));
}

static int
next(pstate_t *ps)
{
	return dsl_lex_next(ps->ps_cc);
}

static int
tok(pstate_t *ps)
{
	return ps->ps_cc->cc_tok;
}

static void
want(pstate_t *ps, int t)
{
	if (tok(ps) != t)
		syntax(ps);
	next(ps);
}

static int32_t
node(pstate_t *ps, int op)
{
	return dsl_parse_node(ps->ps_cc, op, ps->ps_cc->cc_tline,
	    ps->ps_cc->cc_tcol);
}

static int32_t
node2(pstate_t *ps, int op, int32_t a, int32_t b, int line, int col)
{
	int32_t n = dsl_parse_node(ps->ps_cc, op, line, col);

	CC_NODE(ps->ps_cc, n)->dn_a = a;
	CC_NODE(ps->ps_cc, n)->dn_b = b;
	return n;
}

/*
 * A base type name at the current token, or false.  Sets kind, size and
 * sign as D sees the value; *fsize is the size of a floating-point type
 * (float 4, double 8, long double 16), 0 for the others.
 */
static bool
base_type(pstate_t *ps, int *kind, int *size, bool *sign, int *fsize)
{
	dsl_cc_t *cc = ps->ps_cc;
	bool sgn = true, seen = false, isunsigned = false, dbl = false;
	int sz = 4, nlong = 0;

	*kind = DT_INT;
	*fsize = 0;
	if (tok(ps) != T_KEYWORD)
		return false;
	snprintf(ps->ps_tname, sizeof(ps->ps_tname), "%s", cc->cc_tstr);
	switch (cc->cc_tival) {
	case K_STRING: *kind = DT_STR; sz = 0; break;
	case K_INT8: sz = 1; break;
	case K_INT16: sz = 2; break;
	case K_INT32: sz = 4; break;
	case K_INT64: case K_INTPTR: case K_SSIZE_T: case K_LONGLONG_T:
		sz = 8; break;
	case K_UINT8: case K_UCHAR_T: case K_BOOL: sz = 1; sgn = false; break;
	case K_UINT16: case K_USHORT_T: sz = 2; sgn = false; break;
	case K_UINT32: case K_UID_T: case K_UINT_T: case K_IPADDR_T:
	case K_UINT:
		sz = 4; sgn = false; break;
	case K_UINT64: case K_UINTPTR: case K_SIZE_T: case K_ULONG_T:
	case K_ULONGLONG_T:
		sz = 8; sgn = false; break;
	case K_PID_T: sz = 4; break;
	case K_VOID: *kind = DT_VOID; sz = 0; break;
	case K_FLOAT:
		*fsize = sz = 4;
		sgn = true;
		break;
	case K_CHAR: case K_SHORT: case K_INT: case K_LONG: case K_SIGNED:
	case K_UNSIGNED: case K_DOUBLE: {
		/* a sequence of C base type words, checked as dtrace's
		 * dt_decl_attr and dt_decl_spec check them */
		int nchar = 0, nshort = 0, nint = 0, nsign = 0;
		int line = cc->cc_tline, col = cc->cc_tcol;

		sz = 0;
		while (tok(ps) == T_KEYWORD) {
			int k = (int)cc->cc_tival;

			if (k == K_UNSIGNED || k == K_SIGNED) {
				isunsigned |= k == K_UNSIGNED;
				nsign++;
			} else if (k == K_CHAR) {
				sz = 1;
				nchar++;
			} else if (k == K_SHORT) {
				sz = 2;
				nshort++;
			} else if (k == K_LONG) {
				nlong++;
			} else if (k == K_DOUBLE) {
				if (dbl)
					dsl_diag_error(cc, line, col,
					    "D_DECL_COMBO", "invalid type "
					    "combination");
				dbl = true;
			} else if (k == K_INT) {
				nint++;
			} else if (k != K_CONST && k != K_VOLATILE) {
				break;
			}
			seen = true;
			next(ps);
		}
		if (tok(ps) == T_KEYWORD && (cc->cc_tival == K_STRUCT ||
		    cc->cc_tival == K_UNION || cc->cc_tival == K_ENUM ||
		    cc->cc_tival == K_VOID || cc->cc_tival == K_FLOAT)) {
			if (cc->cc_tival == K_VOID)
				dsl_diag_error(cc, line, col, "D_DECL_VOIDATTR",
				    "invalid type declaration: attributes may "
				    "not be used with void type");
			if (nlong > 0)
				dsl_diag_error(cc, line, col, "D_DECL_LONGINT",
				    "invalid type declaration: long and long "
				    "long may only be used with integer or "
				    "floating-point type");
			if (nsign > 0)
				dsl_diag_error(cc, line, col, "D_DECL_SIGNINT",
				    "invalid type declaration: signed and "
				    "unsigned may only be used with integer "
				    "type");
			dsl_diag_error(cc, line, col, "D_DECL_COMBO",
			    "invalid type combination");
		}
		if (nchar > 0 && (nshort > 0 || nlong > 0))
			dsl_diag_error(cc, line, col, "D_DECL_CHARATTR",
			    "invalid type declaration: short and long may not "
			    "be used with char type");
		if (nshort > 0 && nlong > 0)
			dsl_diag_error(cc, line, col, "D_UNKNOWN", "failed to "
			    "resolve type short long : Unknown type name");
		if (nchar + nshort + nint + (dbl ? 1 : 0) > 1 || nlong > 2 ||
		    nsign > 1 || nshort > 1 || (dbl && (nlong > 1 ||
		    nsign > 0 || nshort > 0 || nint > 0)))
			dsl_diag_error(cc, line, col, "D_DECL_COMBO",
			    "invalid type combination");
		if (nlong > 0)
			sz = 8;
		if (sz == 0)
			sz = 4;
		/* C's own spelling of the words, as CTF names the type */
		snprintf(ps->ps_tname, sizeof(ps->ps_tname), "%s%s",
		    isunsigned ? "unsigned " : nchar > 0 && nsign > 0 ?
		    "signed " : "", nchar > 0 ? "char" : nshort > 0 ? "short" :
		    nlong > 1 ? "long long" : nlong > 0 ? "long" : "int");
		if (dbl)
			*fsize = sz = nlong > 0 ? 16 : 8;
		*size = sz;
		*sign = !isunsigned;
		return seen;
	}
	default:
		return false;
	}
	next(ps);
	*size = sz;
	*sign = sgn;
	return true;
}

/* The name of an integer type of size and sign, for the type table. */
static const char *
int_name(int size, bool sign)
{
	static const char *const names[2][4] = {
		{ "uchar_t", "ushort_t", "uint_t", "ulong_t" },
		{ "char", "short", "int", "long" },
	};

	return names[sign][size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 :
	    3];
}

/*
 * Does the current token (or the peeked one) name a typedef?  Besides
 * the program's and the host's, Linux's fixed-size integers and bool,
 * which dtrace has from the kernel's types and programs written for it
 * use (dtrace-utils' print tests declare members as __u8 and bool):
 * made at their first use, unless the program has its own.
 */
static bool
is_typedef(dsl_cc_t *cc, const char *name)
{
	static const struct {
		const char	*name;
		int		size;
		bool		sign;
	} linux_types[] = {
		{ "__u8", 1, false }, { "__s8", 1, true },
		{ "__u16", 2, false }, { "__s16", 2, true },
		{ "__u32", 4, false }, { "__s32", 4, true },
		{ "__u64", 8, false }, { "__s64", 8, true },
		{ "bool", 1, false },
	};
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	size_t i;

	if (dsl_type_find(tt, TY_TYPEDEF, name) != 0)
		return true;
	for (i = 0; i < sizeof(linux_types) / sizeof(linux_types[0]); i++) {
		int32_t base;

		if (strcmp(linux_types[i].name, name) != 0)
			continue;
		base = dsl_type_int(tt, i == 8 ? "_Bool" :
		    int_name(linux_types[i].size, linux_types[i].sign),
		    (size_t)linux_types[i].size, linux_types[i].sign);
		return base != 0 && dsl_type_typedef(tt, name, base) != 0;
	}
	return false;
}

static void __attribute__((noreturn))
nomem(dsl_cc_t *cc)
{
	dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, NULL, "out of memory");
}

/* What a value of C type t is in D: kind, size, sign; and the C type
 * to keep on the node (0 for a plain integer). */
static int32_t
d_kind(dsl_cc_t *cc, int32_t t, int *kind, int *size, bool *sign)
{
	int32_t r;
	const dsl_ctype_t *ty = dsl_type_resolve(&cc->cc_pg->pg_tt, t, &r);

	*kind = DT_INT;
	*size = 8;
	*sign = false;
	if (ty == NULL)
		return 0;
	switch (ty->ty_kind) {
	case TY_VOID:
		*kind = DT_VOID;
		*size = 0;
		return 0;
	case TY_INT:
		*size = (int)ty->ty_size;
		*sign = ty->ty_signed;
		return 0;
	case TY_ENUM:
		*size = 4;
		*sign = true;
		return 0;
	case TY_STRING:
		*kind = DT_STR;
		*size = 0;
		return 0;
	default:
		return t;	/* pointers, and by address: structs, arrays */
	}
}

/* Skip const, volatile and restrict: D reads through them. */
static void
qualifiers(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;

	while (tok(ps) == T_KEYWORD && (cc->cc_tival == K_CONST ||
	    cc->cc_tival == K_VOLATILE || cc->cc_tival == K_RESTRICT))
		next(ps);
}

static void sou_body(pstate_t *, int32_t, bool);
static void enum_body(pstate_t *, int32_t);
static void skip_declarator(pstate_t *);

/*
 * "struct|union|enum [TAG] [{ ... }]" at the keyword: the type, defined
 * when a body follows (ps_defined is then set), else the one TAG names
 * (a struct or union not known yet is declared, its members to come).
 */
static int32_t
tagged_type(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	int k = cc->cc_tival == K_STRUCT ? TY_STRUCT :
	    cc->cc_tival == K_UNION ? TY_UNION : TY_ENUM;
	char tag[256] = "";
	int line, col;
	int32_t t = 0;

	next(ps);
	line = cc->cc_tline;
	col = cc->cc_tcol;
	if (tok(ps) == T_IDENT) {
		snprintf(tag, sizeof(tag), "%s", cc->cc_tstr);
		next(ps);
	} else if (tok(ps) != '{') {
		syntax(ps);
	}
	if (tag[0] != '\0')
		t = dsl_type_find(tt, k, tag);
	if (tok(ps) == '{') {
		if (t != 0 && (k == TY_ENUM || tt->tt_types[t].ty_complete))
			dsl_diag_error(cc, line, col, "D_DECL_TYPERED",
			    "type redeclared: %s %s", k == TY_STRUCT ?
			    "struct" : k == TY_UNION ? "union" : "enum", tag);
		if (t == 0)
			t = k == TY_ENUM ? dsl_type_enum(tt, tag) :
			    dsl_type_struct(tt, tag, k == TY_UNION, 0);
		if (t == 0)
			nomem(cc);
		if (k == TY_ENUM)
			enum_body(ps, t);
		else
			sou_body(ps, t, k == TY_UNION);
		ps->ps_defined = true;
		return t;
	}
	if (t != 0)
		return t;
	/* struct in_addr and in6_addr, unless the program declares them */
	if (k == TY_STRUCT && (t = dsl_compile_builtin(cc, tag)) != 0)
		return t;
	if (k == TY_ENUM)
		dsl_diag_error(cc, line, col, "D_TYPE_ERR", "failed to "
		    "resolve type enum %s: Unknown type name", tag);
	/* a forward reference: members come later */
	if ((t = dsl_type_struct(tt, tag, k == TY_UNION, 0)) == 0)
		nomem(cc);
	tt->tt_types[t].ty_complete = 0;
	return t;
}

/*
 * A type name at the current token, or false: a base type, a struct,
 * union or enum (with its body, which defines it), or a typedef name,
 * then, with stars, '*'s.  *ctype is its C type when it is not a plain
 * integer (0 then); kind/size/sign say what D sees.
 */
static bool
type_name(pstate_t *ps, int *kind, int *size, bool *sign, bool stars,
    int32_t *ctype)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	int32_t t;
	int fsize;

	*ctype = 0;
	ps->ps_spelled = 0;
	qualifiers(ps);
	if (tok(ps) == T_KEYWORD && (cc->cc_tival == K_STRUCT ||
	    cc->cc_tival == K_UNION || cc->cc_tival == K_ENUM)) {
		t = tagged_type(ps);
	} else if (tok(ps) == T_IDENT && is_typedef(cc, cc->cc_tstr)) {
		t = dsl_type_find(tt, TY_TYPEDEF, cc->cc_tstr);
		next(ps);
	} else {
		if (!base_type(ps, kind, size, sign, &fsize))
			return false;
		qualifiers(ps);
		if (fsize == 0 && *kind == DT_INT && (ps->ps_spelled =
		    dsl_type_int(tt, ps->ps_tname, (size_t)*size,
		    *sign)) == 0)
			nomem(cc);
		if (fsize == 0 && *kind != DT_VOID &&
		    (!stars || tok(ps) != '*'))
			return true;
		t = fsize != 0 ? dsl_type_float(tt, fsize == 4 ? "float" :
		    fsize == 8 ? "double" : "long double", (size_t)fsize) :
		    *kind == DT_VOID ? dsl_type_void(tt) :
		    *kind == DT_STR ? dsl_type_string(tt,
		    cc->cc_pg->pg_strsize) : dsl_type_int(tt, int_name(*size,
		    *sign), (size_t)*size, *sign);
		if (t == 0)
			nomem(cc);
	}
	qualifiers(ps);
	ps->ps_spelled = t;
	while (stars && tok(ps) == '*') {
		if ((t = dsl_type_ptr(tt, t)) == 0)
			nomem(cc);
		next(ps);
		qualifiers(ps);
	}
	*ctype = d_kind(cc, t, kind, size, sign);
	return true;
}

/* Does the token after '(' start a type name (a cast)? */
static bool
starts_type(dsl_cc_t *cc)
{
	int t = dsl_lex_peek(cc);

	if (t == T_KEYWORD)
		return cc->cc_pival != K_SELF && cc->cc_pival != K_THIS &&
		    cc->cc_pival != K_SIZEOF && cc->cc_pival != K_IF &&
		    cc->cc_pival != K_ELSE && cc->cc_pival != K_XLATE &&
		    cc->cc_pival != K_XLATOR;
	return t == T_IDENT && is_typedef(cc, cc->cc_peektext);
}

/* The size of a C type sizeof may take (complete, not void). */
static int64_t
type_size(pstate_t *ps, int32_t t, int line, int col)
{
	const dsl_ctype_t *ty = dsl_type_resolve(&ps->ps_cc->cc_pg->pg_tt, t,
	    NULL);
	char name[256];

	if (ty == NULL || ty->ty_kind == TY_VOID || !ty->ty_complete)
		dsl_diag_error(ps->ps_cc, line, col, "D_SIZEOF_TYPE", "cannot "
		    "apply sizeof to an expression of incomplete type %s",
		    dsl_type_name(&ps->ps_cc->cc_pg->pg_tt, t, name,
		    sizeof(name)));
	return (int64_t)ty->ty_size;
}

static int32_t
args(pstate_t *ps, int close)
{
	int32_t first = DSL_NONE, last = DSL_NONE;

	ps->ps_depth++;
	if (tok(ps) != close) {
		for (;;) {
			int32_t a = assign(ps);

			if (last == DSL_NONE)
				first = a;
			else
				CC_NODE(ps->ps_cc, last)->dn_next = a;
			last = a;
			if (tok(ps) != ',')
				break;
			next(ps);
		}
	}
	ps->ps_depth--;
	want(ps, close);
	return first;
}

/* "[k1, k2...]" at '[': at least one key. */
static int32_t
keys(pstate_t *ps, int line, int col)
{
	int32_t k;

	next(ps);
	k = args(ps, ']');
	if (k == DSL_NONE)
		dsl_diag_error(ps->ps_cc, line, col, "D_SYNTAX",
		    "syntax error near \"]\"");
	return k;
}

/* A node holding the current token's text, which it consumes. */
static int32_t
text_node(pstate_t *ps, int op)
{
	dsl_cc_t *cc = ps->ps_cc;
	uint32_t s = dsl_parse_str(cc, cc->cc_tstr ? cc->cc_tstr : "",
	    cc->cc_tstrlen);
	int32_t n = node(ps, op);

	CC_NODE(cc, n)->dn_ival = s;
	next(ps);
	return n;
}

static int32_t
primary(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int32_t n;
	int line = cc->cc_tline, col = cc->cc_tcol;

	switch (tok(ps)) {
	case T_INT:
		n = node(ps, N_INT);
		CC_NODE(cc, n)->dn_ival = cc->cc_tival;
		CC_NODE(cc, n)->dn_type = DT_INT;
		CC_NODE(cc, n)->dn_size = cc->cc_tlong ? 8 : 4;
		CC_NODE(cc, n)->dn_signed = !cc->cc_tunsigned;
		next(ps);
		return n;
	case T_STRING:
		n = text_node(ps, N_STR);
		CC_NODE(cc, n)->dn_type = DT_STR;
		return n;
	case T_IDENT:
		return text_node(ps, N_IDENT);
	case T_AGGNAME: {
		n = text_node(ps, N_AGGREF);
		if (tok(ps) == '[') {
			int32_t k = keys(ps, line, col);

			CC_NODE(cc, n)->dn_a = k;
			CC_NODE(cc, n)->dn_aux = 1;	/* has keys */
		}
		return n;
	}
	case T_KEYWORD:
		if (cc->cc_tival == K_SELF || cc->cc_tival == K_THIS) {
			int op = cc->cc_tival == K_SELF ? N_SELFREF :
			    N_THISREF;

			next(ps);
			want(ps, T_ARROW);
			if (tok(ps) != T_IDENT)
				syntax(ps);
			n = dsl_parse_node(cc, op, line, col);
			CC_NODE(cc, n)->dn_ival = dsl_parse_str(cc, cc->cc_tstr,
			    cc->cc_tstrlen);
			next(ps);
			return n;
		}
		if (cc->cc_tival == K_XLATE) {
			int kind, size;
			bool sign;
			int32_t ct, a;

			/* xlate < type > ( expr ) */
			next(ps);
			want(ps, '<');
			if (!type_name(ps, &kind, &size, &sign, true, &ct))
				syntax(ps);
			want(ps, '>');
			want(ps, '(');
			ps->ps_depth++;
			a = expr(ps);
			ps->ps_depth--;
			want(ps, ')');
			n = node2(ps, N_XLATE, a, DSL_NONE, line, col);
			CC_NODE(cc, n)->dn_ival = ct;
			CC_NODE(cc, n)->dn_type = DT_INT;
			return n;
		}
		syntax(ps);
	case '(':
		next(ps);
		ps->ps_depth++;
		n = expr(ps);
		ps->ps_depth--;
		want(ps, ')');
		return n;
	default:
		syntax(ps);
	}
}

/*
 * Was this->name (node n) used before n, in the program's text?  Then
 * this->name[i] indexes what it holds (a pointer, an array): only a
 * this-> variable not yet seen would become an associative array, which
 * a clause-local one may not be (dtrace's D_ARR_LOCAL, dt_parser.c
 * checks that the identifier is unreferenced).
 */
static bool
this_seen(dsl_cc_t *cc, int32_t n)
{
	const char *name = dsl_prog_str(cc->cc_pg,
	    (uint32_t)CC_NODE(cc, n)->dn_ival);
	int32_t i;

	for (i = 0; i < n; i++)
		if (CC_NODE(cc, i)->dn_op == N_THISREF &&
		    strcmp(dsl_prog_str(cc->cc_pg,
		    (uint32_t)CC_NODE(cc, i)->dn_ival), name) == 0)
			return true;
	return false;
}

static int32_t
postfix(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int32_t n = primary(ps);

	for (;;) {
		int line = cc->cc_tline, col = cc->cc_tcol;
		dsl_node_t *nd = CC_NODE(cc, n);

		if (tok(ps) == '(' && nd->dn_op == N_IDENT) {
			next(ps);
			nd->dn_op = N_CALL;
			{
				int32_t a = args(ps, ')');

				CC_NODE(cc, n)->dn_a = a;
			}
		} else if (tok(ps) == '[' && nd->dn_op == N_IDENT) {
			int32_t a = keys(ps, line, col);

			nd = CC_NODE(cc, n);
			nd->dn_op = N_ARR;
			nd->dn_a = a;
		} else if (tok(ps) == T_INC || tok(ps) == T_DEC) {
			int32_t m = node2(ps, N_INCDEC, n, DSL_NONE, line, col);

			CC_NODE(cc, m)->dn_aux = (uint16_t)tok(ps);
			CC_NODE(cc, m)->dn_ival = 1;
			next(ps);
			n = m;
		} else if (tok(ps) == T_ARROW || tok(ps) == '.') {
			int32_t m = node2(ps, N_MEMBER, n, DSL_NONE, line, col);

			CC_NODE(cc, m)->dn_aux = (uint16_t)tok(ps);
			next(ps);
			if (tok(ps) != T_IDENT)
				syntax(ps);
			CC_NODE(cc, m)->dn_ival = dsl_parse_str(cc, cc->cc_tstr,
			    cc->cc_tstrlen);
			next(ps);
			n = m;
		} else if (tok(ps) == '[' && nd->dn_op == N_THISREF &&
		    !this_seen(cc, n)) {
			dsl_diag_error(cc, line, col, "D_ARR_LOCAL",
			    "this->%s: local variables may not be used as "
			    "associative arrays", dsl_prog_str(cc->cc_pg,
			    (uint32_t)nd->dn_ival));
		} else if (tok(ps) == '[' && nd->dn_op == N_SELFREF) {
			/* self->x[k]: a thread-local associative array, an
			 * array named "self->x" keyed by the thread too */
			char name[300];
			int32_t a;

			snprintf(name, sizeof(name), "self->%s",
			    dsl_prog_str(cc->cc_pg, (uint32_t)nd->dn_ival));
			a = keys(ps, line, col);
			nd = CC_NODE(cc, n);
			nd->dn_op = N_ARR;
			nd->dn_ival = dsl_parse_str(cc, name, strlen(name));
			nd->dn_a = a;
		} else if (tok(ps) == '[') {
			int32_t i;

			next(ps);
			ps->ps_depth++;
			i = expr(ps);
			ps->ps_depth--;
			want(ps, ']');
			n = node2(ps, N_INDEX, n, i, line, col);
		} else if (tok(ps) == '(') {
			dsl_diag_error(cc, line, col, "D_FUNC_IDENT",
			    "function designator is not of function type");
		} else {
			return n;
		}
	}
}

static void
nest(pstate_t *ps, int cost)
{
	ps->ps_nest += cost;
	if (ps->ps_nest > MAXNEST)
		dsl_diag_error(ps->ps_cc, ps->ps_cc->cc_tline,
		    ps->ps_cc->cc_tcol, "D_SYNTAX", "expression or statement "
		    "too deep (the limit is about %d levels of nesting, or "
		    "%d operators in a row)", MAXNEST / NEST_LEVEL, MAXNEST);
}

/* Parse with fn one nesting level deeper. */
static int32_t
nested(pstate_t *ps, int32_t (*fn)(pstate_t *))
{
	int32_t n;

	nest(ps, NEST_LEVEL);
	n = fn(ps);
	ps->ps_nest -= NEST_LEVEL;
	return n;
}

static int32_t unary1(pstate_t *);

/*
 * offsetof(type, member): the member's byte offset, a constant.  The
 * type is a struct or union with that member, which is no bit-field
 * (D_OFFSETOF_TYPE, D_UNKNOWN, D_OFFSETOF_BITFIELD, as dtrace's).
 */
static int32_t
offsetof_expr(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	const dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	int line = cc->cc_tline, col = cc->cc_tcol, kind, size;
	const dsl_ctype_t *ty;
	bool sign;
	int32_t ct, n;
	uint32_t i;

	next(ps);
	want(ps, '(');
	if (!type_name(ps, &kind, &size, &sign, true, &ct))
		syntax(ps);
	want(ps, ',');
	if (tok(ps) != T_IDENT)
		syntax(ps);
	ty = dsl_type_resolve(tt, ct, NULL);
	if (ty == NULL || (ty->ty_kind != TY_STRUCT &&
	    ty->ty_kind != TY_UNION) || !ty->ty_complete)
		dsl_diag_error(cc, line, col, "D_OFFSETOF_TYPE", "offsetof "
		    "operand must be a struct or union type");
	for (i = 0; i < ty->ty_nmem; i++) {
		const dsl_cmember_t *m = &tt->tt_mems[ty->ty_mem0 + i];

		if (strcmp(dsl_type_str(tt, m->me_name), cc->cc_tstr) != 0)
			continue;
		if (m->me_bits != 0)
			dsl_diag_error(cc, line, col, "D_OFFSETOF_BITFIELD",
			    "cannot take offset of a bit-field: %s",
			    cc->cc_tstr);
		next(ps);
		want(ps, ')');
		n = node2(ps, N_INT, DSL_NONE, DSL_NONE, line, col);
		CC_NODE(cc, n)->dn_ival = m->me_off;
		CC_NODE(cc, n)->dn_type = DT_INT;
		CC_NODE(cc, n)->dn_size = 8;
		CC_NODE(cc, n)->dn_signed = 0;
		return n;
	}
	dsl_diag_error(cc, line, col, "D_UNKNOWN", "failed to determine "
	    "offset of %s: Member name not found", cc->cc_tstr);
}

static int32_t
unary(pstate_t *ps)
{
	return nested(ps, unary1);
}

static int32_t
unary1(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int line = cc->cc_tline, col = cc->cc_tcol;
	int t = tok(ps);
	int32_t n, a;

	switch (t) {
	case T_INC:
	case T_DEC:
		next(ps);
		a = unary(ps);
		n = node2(ps, N_INCDEC, a, DSL_NONE, line, col);
		CC_NODE(cc, n)->dn_aux = (uint16_t)t;
		return n;
	case '-':
	case '+':
	case '!':
	case '~':
		next(ps);
		a = cast(ps);
		n = node2(ps, N_UNOP, a, DSL_NONE, line, col);
		CC_NODE(cc, n)->dn_aux = (uint16_t)t;
		return n;
	case '*':
	case '&':
		next(ps);
		a = cast(ps);
		return node2(ps, t == '*' ? N_DEREF : N_ADDROF, a, DSL_NONE,
		    line, col);
	case T_KEYWORD:
		if (cc->cc_tival == K_OFFSETOF)
			return offsetof_expr(ps);
		if (cc->cc_tival == K_SIZEOF) {
			int kind, size;
			bool sign;
			int32_t ct;

			next(ps);
			if (tok(ps) == '(') {
				int nt = dsl_lex_peek(cc);

				(void)nt;
				next(ps);
				if (type_name(ps, &kind, &size, &sign, true,
				    &ct)) {
					want(ps, ')');
					n = node2(ps, N_INT, DSL_NONE,
					    DSL_NONE, line, col);
					if (kind == DT_VOID && ct == 0)
						dsl_diag_error(cc, line, col,
						    "D_SIZEOF_TYPE", "cannot "
						    "apply sizeof to an operand "
						    "of unknown size");
					CC_NODE(cc, n)->dn_ival =
					    ct != 0 ? type_size(ps, ct, line,
					    col) : kind == DT_STR ?
					    cc->cc_pg->pg_strsize : size;
					CC_NODE(cc, n)->dn_type = DT_INT;
					CC_NODE(cc, n)->dn_size = 8;
					CC_NODE(cc, n)->dn_signed = 0;
					return n;
				}
				ps->ps_depth++;
				a = expr(ps);
				ps->ps_depth--;
				want(ps, ')');
			} else {
				a = unary(ps);
			}
			return node2(ps, N_SIZEOF, a, DSL_NONE, line, col);
		}
		break;
	}
	return postfix(ps);
}

static int32_t
cast(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int line = cc->cc_tline, col = cc->cc_tcol;

	if (tok(ps) == '(' && starts_type(cc)) {
		int kind, size;
		bool sign;
		int32_t n, a, ct;

		next(ps);
		if (!type_name(ps, &kind, &size, &sign, true, &ct))
			syntax(ps);
		want(ps, ')');
		a = cast(ps);
		n = node2(ps, N_CAST, a, DSL_NONE, line, col);
		CC_NODE(cc, n)->dn_type = (uint8_t)kind;
		CC_NODE(cc, n)->dn_size = (uint8_t)size;
		CC_NODE(cc, n)->dn_signed = sign;
		CC_NODE(cc, n)->dn_ctype = ct;
		return n;
	}
	return unary(ps);
}

/* Binary operators by precedence level, loosest first. */
static const int levels[][5] = {
	{ T_LOR }, { T_LXOR }, { T_LAND }, { '|' }, { '^' }, { '&' },
	{ T_EQ, T_NE }, { '<', '>', T_LE, T_GE }, { T_SHL, T_SHR },
	{ '+', '-' }, { '*', '/', '%' },
};
#define NLEVELS	(int)(sizeof(levels) / sizeof(levels[0]))

static int32_t
binary(pstate_t *ps, int level)
{
	dsl_cc_t *cc = ps->ps_cc;
	int32_t l;
	int chain = 0;	/* operators of this level so far: the tree's depth */

	if (level == NLEVELS)
		return cast(ps);
	l = binary(ps, level + 1);
	for (;;) {
		int t = tok(ps), i, line = cc->cc_tline, col = cc->cc_tcol;
		bool hit = false;
		int32_t r, n;

		for (i = 0; i < 5 && levels[level][i] != 0; i++)
			if (levels[level][i] == t)
				hit = true;
		if (!hit)
			break;
		/* "/x/ {": the slash ends the predicate, it does not divide */
		if (t == '/' && ps->ps_pred && ps->ps_depth == 0) {
			int nt = dsl_lex_peek(cc);

			if (nt == '{' || nt == T_EOF)
				break;
		}
		next(ps);
		nest(ps, 1);
		chain++;
		r = binary(ps, level + 1);
		if (t == T_LAND || t == T_LOR || t == T_LXOR) {
			n = node2(ps, t == T_LAND ? N_LAND : t == T_LOR ?
			    N_LOR : N_LXOR, l, r, line, col);
		} else {
			n = node2(ps, N_BINOP, l, r, line, col);
			CC_NODE(cc, n)->dn_aux = (uint16_t)t;
		}
		l = n;
	}
	ps->ps_nest -= chain;
	return l;
}

static int32_t
cond(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int line = cc->cc_tline, col = cc->cc_tcol;
	int32_t c = binary(ps, 0), a, b, n;

	if (tok(ps) != '?')
		return c;
	next(ps);
	nest(ps, NEST_LEVEL);
	ps->ps_depth++;
	a = expr(ps);
	ps->ps_depth--;
	want(ps, ':');
	b = cond(ps);
	ps->ps_nest -= NEST_LEVEL;
	n = node2(ps, N_COND, c, a, line, col);
	CC_NODE(cc, n)->dn_c = b;
	return n;
}

static bool
is_assignop(int t)
{
	return t == '=' || (t >= T_ADDEQ && t <= T_SHREQ);
}

static int32_t
assign(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int32_t l = cond(ps), r, n;
	int t = tok(ps), line = cc->cc_tline, col = cc->cc_tcol;

	if (!is_assignop(t))
		return l;
	next(ps);
	nest(ps, NEST_LEVEL);
	r = assign(ps);
	ps->ps_nest -= NEST_LEVEL;
	n = node2(ps, N_ASSIGN, l, r, line, col);
	CC_NODE(cc, n)->dn_aux = (uint16_t)t;
	return n;
}

static int32_t
expr(pstate_t *ps)
{
	int32_t n = assign(ps);

	if (tok(ps) == ',' && ps->ps_depth > 0 && !ps->ps_pred) {
		/* the comma operator is rare in D; args handle their own */
		return n;
	}
	return n;
}

static int32_t
block(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int32_t first = DSL_NONE, last = DSL_NONE;

	while (tok(ps) != '}') {
		int32_t s;

		if (tok(ps) == T_EOF)
			dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol,
			    "D_SYNTAX", "syntax error: unexpected end of "
			    "input, expected \"}\"");
		s = stmt(ps);
		if (s == DSL_NONE)
			continue;
		if (last == DSL_NONE)
			first = s;
		else
			CC_NODE(cc, last)->dn_next = s;
		last = s;
	}
	return first;
}

static int32_t stmt1(pstate_t *);

static int32_t
stmt(pstate_t *ps)
{
	return nested(ps, stmt1);
}

static int32_t
stmt1(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int line = cc->cc_tline, col = cc->cc_tcol;
	int32_t n, e;

	if (tok(ps) == ';') {
		next(ps);
		return DSL_NONE;
	}
	if (tok(ps) == '{') {
		next(ps);
		e = block(ps);
		want(ps, '}');
		n = dsl_parse_node(cc, S_BLOCK, line, col);
		CC_NODE(cc, n)->dn_a = e;
		return n;
	}
	if (tok(ps) == T_KEYWORD && cc->cc_tival == K_IF) {
		int32_t c, a, b = DSL_NONE;

		next(ps);
		want(ps, '(');
		ps->ps_depth++;
		c = expr(ps);
		ps->ps_depth--;
		want(ps, ')');
		a = stmt(ps);
		if (tok(ps) == T_KEYWORD && cc->cc_tival == K_ELSE) {
			next(ps);
			b = stmt(ps);
		}
		n = dsl_parse_node(cc, S_IF, line, col);
		CC_NODE(cc, n)->dn_a = c;
		CC_NODE(cc, n)->dn_b = a;
		CC_NODE(cc, n)->dn_c = b;
		return n;
	}
	if (tok(ps) == T_KEYWORD && cc->cc_tival == K_ELSE)
		syntax(ps);
	e = expr(ps);
	n = dsl_parse_node(cc, S_EXPR, line, col);
	CC_NODE(cc, n)->dn_a = e;
	if (tok(ps) == ',') {
		/* D's comma operator ("a = 1, b = 2;"): each expression
		 * in turn, a statement of its own in a block */
		int32_t b = dsl_parse_node(cc, S_BLOCK, line, col), last = n;

		CC_NODE(cc, b)->dn_a = n;
		while (tok(ps) == ',') {
			int32_t s;

			next(ps);
			e = expr(ps);
			s = dsl_parse_node(cc, S_EXPR, line, col);
			CC_NODE(cc, s)->dn_a = e;
			CC_NODE(cc, last)->dn_next = s;
			last = s;
		}
		n = b;
	}
	/* the last statement of a clause may omit its ';' */
	if (tok(ps) != '}')
		want(ps, ';');
	return n;
}

/*
 * Split "prov:mod:func:name" (fewer fields fill from the right).  A
 * description of more than four fields has its middle ones joined as
 * the function, colons kept: a C++ name is written with "::"
 * (pid$target::*DBImpl::Put*:entry), and neither a provider, a module
 * nor a probe name holds a colon.
 */
static void
add_desc(dsl_cc_t *cc, const char *text, int line, int col)
{
	dsl_prog_t *pg = cc->cc_pg;
	const char *f[4] = { "", "", "", "" };
	char *copy = strdup(text), *p, *parts[4], *last;
	int n = 0, i;
	dsl_pdesc_t *d;
	char full[1024];

	if (copy == NULL)
		dsl_diag_error(cc, line, col, NULL, "out of memory");
	last = strrchr(copy, ':');
	parts[n++] = copy;
	for (p = copy; *p != '\0'; p++) {
		if (*p != ':' || (n == 3 && p != last))
			continue;
		*p = '\0';
		parts[n++] = p + 1;
		if (n == 4)
			break;
	}
	for (i = 0; i < n; i++)
		f[4 - n + i] = parts[i];
	pg->pg_descs = dsl_compile_grow(cc, pg->pg_descs, &cc->cc_desccap,
	    pg->pg_ndescs + 1, sizeof(dsl_pdesc_t));
	{
		uint32_t cap = cc->cc_desccap;

		(void)cap;
	}
	pg->pg_desc_clause = realloc(pg->pg_desc_clause,
	    (size_t)cc->cc_desccap * sizeof(uint32_t));
	if (pg->pg_desc_clause == NULL) {
		free(copy);
		dsl_diag_error(cc, line, col, NULL, "out of memory");
	}
	d = &pg->pg_descs[pg->pg_ndescs];
	/* offsets now, pointers once the string table stops moving */
#define OFF(s)	((const char *)(uintptr_t)dsl_parse_str(cc, (s), \
	    strlen(s)))
	d->pd_prov = OFF(f[0]);
	d->pd_mod = OFF(f[1]);
	d->pd_func = OFF(f[2]);
	d->pd_name = OFF(f[3]);
#undef OFF
	snprintf(full, sizeof(full), "%s:%s:%s:%s", f[0], f[1], f[2], f[3]);
	d->pd_text = (const char *)(uintptr_t)dsl_parse_str(cc, full,
	    strlen(full));
	d->pd_src = (size_t)cc->cc_src;
	d->pd_line = line;
	d->pd_col = col;
	pg->pg_desc_clause[pg->pg_ndescs] = pg->pg_nclauses;
	pg->pg_ndescs++;
	free(copy);
}

/* Does a clause-level word start a declaration rather than a probe
 * description?  A D keyword (a type, self, this, typedef, inline...) or
 * a typedef's name. */
static bool
is_decl(dsl_cc_t *cc, const char *w)
{
	int k;

	for (k = 0; k < K_NKEYWORDS; k++)
		if (k != K_IF && k != K_ELSE && k != K_SIZEOF &&
		    k != K_OFFSETOF && k != K_XLATE &&
		    strcmp(w, dsl_lex_keywords[k]) == 0)
			return true;
	return is_typedef(cc, w);
}

/*
 * Is a clause-level word like "int*x" a declaration that begins with a
 * type name?  A probe description may hold '*' as a glob, so the word is
 * read up to its first '*' and is a type when that part (or the whole
 * word) names one.  A word with a character no type name has (":-.?!`"),
 * BEGIN, END and ERROR stay descriptions, and so does every word once
 * the pspec option is set, and in -n text, which dtrace compiles as a
 * probe specifier (dtrace-utils' dt_lex.l, its RGX_PSPEC rule).
 */
static bool
is_typed_decl(dsl_cc_t *cc, const char *w)
{
	char name[256];
	size_t n = strcspn(w, "*");
	int k;

	if (!cc->cc_srcs[cc->cc_src].ds_file ||
	    cc->cc_pg->pg_opts[O_PSPEC] > 0 ||
	    strpbrk(w, ":-.?!`") != NULL || strcmp(w, "BEGIN") == 0 ||
	    strcmp(w, "END") == 0 || strcmp(w, "ERROR") == 0 ||
	    w[n] == '\0' || n == 0 || n >= sizeof(name))
		return false;
	memcpy(name, w, n);
	name[n] = '\0';
	for (k = K_CHAR; k < K_NKEYWORDS; k++)
		if (strcmp(name, dsl_lex_keywords[k]) == 0)
			return (k >= K_CHAR && k <= K_VOID) || k == K_UINT ||
			    k == K_FLOAT || k == K_DOUBLE || k == K_BOOL;
	return is_typedef(cc, name);
}

/* An integer constant of a declaration (an array size, an enumerator's
 * value): a literal, maybe negated. */
static int64_t
decl_const(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	bool neg = false;
	int64_t v;

	if (tok(ps) == '-') {
		neg = true;
		next(ps);
	}
	if (tok(ps) != T_INT)
		dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, "D_DECL_ARRDIM",
		    "array dimension and enumerator values must be integer "
		    "constants");
	v = cc->cc_tival;
	next(ps);
	return neg ? (int64_t)(0 - (uint64_t)v) : v;
}

/* The C type of a declared type: plain integers get their entry now. */
static int32_t
ctype_of(pstate_t *ps, int kind, int size, bool sign, int32_t ct)
{
	dsl_typetab_t *tt = &ps->ps_cc->cc_pg->pg_tt;
	int32_t t;

	if (ct != 0)
		return ct;
	/* a string in a struct D declares: strsize bytes */
	t = kind == DT_VOID ? dsl_type_void(tt) : kind == DT_STR ?
	    dsl_type_string(tt, ps->ps_cc->cc_pg->pg_strsize) :
	    dsl_type_int(tt, int_name(size, sign), (size_t)size, sign);
	if (t == 0)
		nomem(ps->ps_cc);
	return t;
}

/* "[N]..." after a declarator's name: C array dimensions, outermost
 * first, making arrays of t. */
static int32_t
dimensions(pstate_t *ps, int32_t t)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	int64_t dim[8];
	int n = 0, line, col;

	while (tok(ps) == '[') {
		next(ps);
		line = cc->cc_tline;
		col = cc->cc_tcol;
		if (tok(ps) == ']')
			dsl_diag_error(cc, line, col, "D_DECL_ARRNULL", "array "
			    "declaration requires array dimension or tuple "
			    "signature");
		if (n == 8)
			syntax(ps);
		dim[n] = decl_const(ps);
		if (dim[n] <= 0)
			dsl_diag_error(cc, line, col, "D_DECL_ARRSUB",
			    "positive integral constant expression or tuple "
			    "signature expected as array declaration "
			    "subscript");
		if (dim[n] > (1 << 20))
			dsl_diag_error(cc, line, col, "D_DECL_ARRBIG",
			    "array dimension too big");
		n++;
		want(ps, ']');
	}
	/* int a[2][3] is 2 arrays of 3 ints: the last dimension is
	 * the element's */
	while (n-- > 0)
		if ((t = dsl_type_array(tt, t, (uint32_t)dim[n])) == 0)
			dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol,
			    "D_DECL_INCOMPLETE", "array of an incomplete "
			    "type");
	return t;
}

/* One declarator after a type: '*'s, a name, '[N]'s.  Returns the type;
 * the name goes to name. */
static int32_t
declarator(pstate_t *ps, int32_t t, char *name, size_t len)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;

	while (tok(ps) == '*') {
		if ((t = dsl_type_ptr(tt, t)) == 0)
			nomem(cc);
		next(ps);
		qualifiers(ps);
	}
	if (tok(ps) != T_IDENT)
		syntax(ps);
	snprintf(name, len, "%s", cc->cc_tstr);
	next(ps);
	return dimensions(ps, t);
}

/* Is type t complete (a struct or union whose members are known, or
 * an array of complete elements)? */
static bool
complete(const dsl_typetab_t *tt, int32_t t)
{
	const dsl_ctype_t *ty = dsl_type_resolve(tt, t, NULL);

	while (ty != NULL && ty->ty_kind == TY_ARRAY)
		ty = dsl_type_resolve(tt, ty->ty_ref, NULL);
	return ty != NULL && ty->ty_complete;
}

/*
 * A struct's members are kept together in the type table: when one of
 * its members defined a struct of its own, whose members now follow
 * the first ones, the first ones move to the end, where the next will
 * join them.
 */
static int32_t
relocate_members(dsl_cc_t *cc, int32_t t)
{
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	uint32_t i, n = tt->tt_types[t].ty_nmem, m0 = tt->tt_types[t].ty_mem0;
	dsl_cmember_t *save = malloc(n * sizeof(*save));
	char **names = calloc(n, sizeof(*names));

	for (i = 0; save != NULL && names != NULL && i < n; i++) {
		save[i] = tt->tt_mems[m0 + i];
		names[i] = strdup(dsl_type_str(tt, save[i].me_name));
		if (names[i] == NULL)
			break;
	}
	if (save == NULL || names == NULL || i < n) {
		while (names != NULL && i-- > 0)
			free(names[i]);
		free(names);
		free(save);
		nomem(cc);
	}
	tt->tt_types[t].ty_nmem = 0;
	for (i = 0; i < n; i++) {
		int32_t r = dsl_type_member(tt, t, names[i], save[i].me_type,
		    (uint64_t)save[i].me_off);

		if (r != 0)
			tt->tt_mems[tt->tt_nmems - 1].me_bits = save[i].me_bits;
		free(names[i]);
		if (r == 0) {
			while (++i < n)
				free(names[i]);
			free(names);
			free(save);
			nomem(cc);
		}
	}
	free(names);
	free(save);
	return t;
}

/* The smallest power of 2 at least n (n > 0). */
static uint64_t
pow2(uint64_t n)
{
	uint64_t p = 1;

	while (p < n)
		p <<= 1;
	return p;
}

/*
 * "struct TAG { members };" (or union), laid out as dtrace's CTF library
 * lays out a D declaration (libctf's ctf_add_member): each member at
 * the first byte after the last one's bits, rounded up to its
 * alignment; no padding after the last; a union as large as its
 * largest member.  A bit-field (int b : 3) is an integer of its width,
 * kept in the fewest bytes (a power of 2) that hold it, starting on a
 * byte (dtrace-utils bitfields/tst.SizeofBitField: struct { int a : 1;
 * int b : 3; } is 2 bytes).
 */
static void
sou_body(pstate_t *ps, int32_t t, bool isunion)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	uint64_t end = 0, max = 0;	/* bits, bytes */
	uint32_t align = 1;
	bool defined = ps->ps_defined;

	tt->tt_types[t].ty_complete = 1;	/* members may not be it */
	tt->tt_types[t].ty_nmem = 0;
	next(ps);	/* '{' */
	while (tok(ps) != '}') {
		int kind, size;
		bool sign;
		int32_t ct, base, mem0;
		uint32_t nmem, i;

		/* a member's own struct is laid out (and its members
		 * added) before this one's next member */
		if (!type_name(ps, &kind, &size, &sign, false, &ct))
			syntax(ps);
		/* a member keeps its type's name (__u8, enum e, uint64_t) */
		base = ps->ps_spelled != 0 && kind == DT_INT ?
		    ps->ps_spelled : ctype_of(ps, kind, size, sign, ct);
		for (;;) {
			char name[256] = "";
			int32_t mt = base;
			const dsl_ctype_t *m;
			uint64_t moff, bits = 0;
			int line = cc->cc_tline, col = cc->cc_tcol;

			if (tok(ps) != ':')
				mt = declarator(ps, base, name, sizeof(name));
			if (tok(ps) == '(')
				dsl_diag_error(cc, line, col, "D_DECL_VOIDOBJ",
				    "cannot have void member: %s", name);
			if (tok(ps) == ':') {
				const dsl_ctype_t *bt;
				int64_t w;

				next(ps);
				w = decl_const(ps);
				bt = dsl_type_resolve(tt, mt, NULL);
				if (w == 0 && name[0] == '\0')
					goto nextmember;  /* ends a unit */
				if (w <= 0)
					dsl_diag_error(cc, line, col,
					    "D_DECL_BFCONST", "positive "
					    "integral constant expression "
					    "expected as bit-field size");
				if (bt == NULL || (bt->ty_kind != TY_INT &&
				    bt->ty_kind != TY_ENUM))
					dsl_diag_error(cc, line, col,
					    "D_DECL_BFTYPE", "invalid type for "
					    "bit-field: %s", name[0] != '\0' ?
					    name : "(anon)");
				if ((uint64_t)w > bt->ty_size * 8)
					dsl_diag_error(cc, line, col,
					    "D_DECL_BFSIZE", "bit-field too big "
					    "for type: %s", name);
				bits = (uint64_t)w;
				mt = dsl_type_int(tt, int_name((int)pow2(
				    (bits + 7) / 8), bt->ty_signed),
				    (size_t)pow2((bits + 7) / 8),
				    bt->ty_signed);
				if (mt == 0)
					nomem(cc);
			}
			m = dsl_type_resolve(tt, mt, NULL);
			if (m == NULL || m->ty_kind == TY_VOID ||
			    (m->ty_size == 0 && m->ty_kind != TY_ARRAY) ||
			    mt == t)
				dsl_diag_error(cc, line, col,
				    "D_DECL_INCOMPLETE", "member %s has an "
				    "incomplete type", name);
			for (i = 0; name[0] != '\0' &&
			    i < tt->tt_types[t].ty_nmem; i++)
				if (strcmp(dsl_type_str(tt, tt->tt_mems[
				    tt->tt_types[t].ty_mem0 + i].me_name),
				    name) == 0)
					dsl_diag_error(cc, line, col,
					    "D_UNKNOWN", "failed to define "
					    "member '%s': Duplicate member or "
					    "variable name", name);
			moff = isunion ? 0 : ((end + 7) / 8 + m->ty_align -
			    1) / m->ty_align * m->ty_align;
			if (m->ty_align > align)
				align = m->ty_align;
			/* members go in order after this struct's first:
			 * one defined inside took its own in between */
			mem0 = (int32_t)tt->tt_types[t].ty_mem0;
			nmem = tt->tt_types[t].ty_nmem;
			if (nmem > 0 && (uint32_t)mem0 + nmem != tt->tt_nmems)
				t = relocate_members(cc, t);
			if (dsl_type_member(tt, t, name, mt, moff) == 0)
				nomem(cc);
			tt->tt_mems[tt->tt_nmems - 1].me_bits = (uint32_t)bits;
			if (!isunion)
				end = moff * 8 + (bits != 0 ? bits :
				    m->ty_size * 8);
			if (moff + m->ty_size > max)
				max = moff + m->ty_size;
nextmember:
			if (tok(ps) != ',')
				break;
			next(ps);
		}
		want(ps, ';');
	}
	next(ps);	/* '}' */
	tt->tt_types[t].ty_align = align;
	tt->tt_types[t].ty_size = max;
	ps->ps_defined = defined;
}

/* "enum TAG { A, B = 3, ... };": each value one more than the last. */
static void
enum_body(pstate_t *ps, int32_t t)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	int64_t v = 0;
	uint32_t i;

	next(ps);	/* '{' */
	while (tok(ps) != '}') {
		char name[256];
		int line = cc->cc_tline, col = cc->cc_tcol;

		if (tok(ps) != T_IDENT)
			syntax(ps);
		snprintf(name, sizeof(name), "%s", cc->cc_tstr);
		next(ps);
		if (tok(ps) == '=') {
			next(ps);
			if (tok(ps) != T_INT && tok(ps) != '-')
				dsl_diag_error(cc, line, col, "D_DECL_ENCONST",
				    "enumerator '%s' must be assigned to an "
				    "integral constant expression", name);
			v = decl_const(ps);
		}
		/* an enumerator is an int (dt_decl_enumerator) */
		if (v > INT32_MAX || v < INT32_MIN)
			dsl_diag_error(cc, line, col, "D_DECL_ENOFLOW",
			    "enumerator '%s' value overflows INT_MAX "
			    "(2147483647)", name);
		for (i = 0; i < tt->tt_types[t].ty_nmem; i++)
			if (strcmp(dsl_type_str(tt, tt->tt_mems[
			    tt->tt_types[t].ty_mem0 + i].me_name), name) == 0)
				dsl_diag_error(cc, line, col, "D_UNKNOWN",
				    "failed to define enumerator '%s': "
				    "Duplicate member or variable name", name);
		for (i = 0; i < tt->tt_nmems; i++)
			if (tt->tt_mems[i].me_type == 0 &&
			    strcmp(dsl_type_str(tt, tt->tt_mems[i].me_name),
			    name) == 0)
				dsl_diag_error(cc, line, col, "D_DECL_IDRED",
				    "identifier redeclared: %s", name);
		if (dsl_type_enumerator(tt, t, name, v) == 0)
			nomem(cc);
		v++;
		if (tok(ps) != ',')
			break;
		next(ps);
	}
	want(ps, '}');
}

/* "[type, ...]" after an array's name: its key types. */
static int
key_types(pstate_t *ps, uint8_t *ktype, uint8_t *ksize)
{
	dsl_cc_t *cc = ps->ps_cc;
	int nkeys = 0;

	do {
		int kk, ks;
		bool ksg;
		int32_t kct;

		next(ps);
		if (tok(ps) == '.')
			dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol,
			    "D_DECL_PROTO_VARARGS", "array prototype may not "
			    "use a variable-length argument list");
		if (nkeys == 8 || !type_name(ps, &kk, &ks, &ksg, true, &kct))
			syntax(ps);
		if (kk == DT_VOID && kct == 0)
			dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol,
			    "D_DECL_PROTO_TYPE", "array prototype may not use "
			    "parameter of type void: (anonymous), parameter "
			    "#%d", nkeys + 1);
		if (kct != 0)
			syntax(ps);
		ktype[nkeys] = (uint8_t)kk;
		ksize[nkeys] = (uint8_t)ks;
		nkeys++;
	} while (tok(ps) == ',');
	want(ps, ']');
	return nkeys;
}

/* Does '[' start key types (an associative array) rather than a C
 * array's dimension? */
static bool
starts_keys(dsl_cc_t *cc)
{
	int t = dsl_lex_peek(cc);

	return (t == T_KEYWORD && cc->cc_pival != K_SIZEOF) || t == '.' ||
	    (t == T_IDENT && is_typedef(cc, cc->cc_peektext));
}

/*
 * "inline type name = expr;" or "inline type name[type x, ...] = expr;":
 * check.c puts a copy of the expression where the name is used.
 */
static void
inline_decl(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_inline_t in;
	int line, col;
	uint32_t i;

	memset(&in, 0, sizeof(in));
	next(ps);	/* inline */
	if (!type_name(ps, &in.in_kind, &in.in_size, &in.in_sign, true,
	    &in.in_ctype) || in.in_kind == DT_VOID || tok(ps) != T_IDENT)
		syntax(ps);
	line = cc->cc_tline;
	col = cc->cc_tcol;
	in.in_name = dsl_parse_str(cc, cc->cc_tstr, cc->cc_tstrlen);
	in.in_nparams = -1;
	next(ps);
	if (tok(ps) == '[') {
		in.in_nparams = 0;
		do {
			int k, sz;
			bool sg;
			int32_t ct;

			next(ps);
			if (in.in_nparams == 8 ||
			    !type_name(ps, &k, &sz, &sg, true, &ct) ||
			    tok(ps) != T_IDENT)
				syntax(ps);
			in.in_params[in.in_nparams++] = dsl_parse_str(cc,
			    cc->cc_tstr, cc->cc_tstrlen);
			next(ps);
		} while (tok(ps) == ',');
		want(ps, ']');
	}
	want(ps, '=');
	for (i = 0; i < cc->cc_ninlines; i++)
		if (cc->cc_inlines[i].in_xlout == 0 &&
		    strcmp(dsl_prog_str(cc->cc_pg, cc->cc_inlines[i].in_name),
		    dsl_prog_str(cc->cc_pg, in.in_name)) == 0)
			dsl_diag_error(cc, line, col, "D_DECL_IDRED",
			    "identifier redefined: %s", dsl_prog_str(cc->cc_pg,
			    in.in_name));
	dsl_check_inline_name(cc, dsl_prog_str(cc->cc_pg, in.in_name), line,
	    col);
	in.in_expr = assign(ps);
	if (tok(ps) != ';')
		syntax(ps);
	in.in_line = line;
	in.in_col = col;
	in.in_src = cc->cc_src;
	in.in_file = cc->cc_file;
	cc->cc_inlines = dsl_compile_grow(cc, cc->cc_inlines,
	    &cc->cc_inlinecap, cc->cc_ninlines + 1, sizeof(dsl_inline_t));
	cc->cc_inlines[cc->cc_ninlines++] = in;
}

/*
 * translator out < in x > { member = expr; ... };  Each member's
 * conversion is kept as an inline with the one parameter x, found by
 * xlate<out>(e).member (check.c), where e stands for x.  The output type
 * is a complete struct or union and each member one of its own
 * (dtrace-utils' dt_parser.c, dt_node_xlator).
 */
/* Entry x of translator in -> out (its parameter param), defined at
 * line:col of the source being read, appended to the inlines. */
static void
xlate_add(dsl_cc_t *cc, dsl_inline_t *x, uint32_t param, int32_t out,
    int32_t in, int inkind, int line, int col)
{
	x->in_nparams = 1;
	x->in_params[0] = param;
	x->in_xlout = out;
	x->in_xlin = in;
	x->in_xlkind = inkind;
	x->in_line = line;
	x->in_col = col;
	x->in_src = cc->cc_src;
	x->in_file = cc->cc_file;
	cc->cc_inlines = dsl_compile_grow(cc, cc->cc_inlines,
	    &cc->cc_inlinecap, cc->cc_ninlines + 1, sizeof(dsl_inline_t));
	cc->cc_inlines[cc->cc_ninlines++] = *x;
}

static void
translator_decl(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	const dsl_ctype_t *oty;
	int kind, size, line = cc->cc_tline, col = cc->cc_tcol;
	int inkind, insize;
	bool sign, insign;
	int32_t out, in, ro;
	uint32_t param, i;
	char on[256], in1[256], in2[256];

	next(ps);	/* translator */
	if (!type_name(ps, &kind, &size, &sign, true, &out))
		syntax(ps);
	oty = out != 0 ? dsl_type_resolve(tt, out, &ro) : NULL;
	if (oty == NULL || (oty->ty_kind != TY_STRUCT &&
	    oty->ty_kind != TY_UNION))
		dsl_diag_error(cc, line, col, "D_XLATE_SOU", "translator "
		    "output type must be a struct or union");
	if (!complete(tt, out)) {
		dsl_type_name(tt, out, on, sizeof(on));
		dsl_diag_error(cc, line, col, "D_XLATE_SOU", "incomplete "
		    "struct/union/enum %s", on);
	}
	want(ps, '<');
	if (!type_name(ps, &inkind, &insize, &insign, true, &in) ||
	    tok(ps) != T_IDENT)
		syntax(ps);
	param = dsl_parse_str(cc, cc->cc_tstr, cc->cc_tstrlen);
	next(ps);
	want(ps, '>');
	/* one translator for each pair of types */
	for (i = 0; i < cc->cc_ninlines; i++) {
		const dsl_inline_t *o = &cc->cc_inlines[i];

		if (o->in_xlout == 0 || o->in_xlout != out ||
		    o->in_xlin != in || o->in_xlkind != inkind)
			continue;
		dsl_type_name(tt, out, on, sizeof(on));
		if (in != 0)
			dsl_type_name(tt, in, in1, sizeof(in1));
		else
			snprintf(in1, sizeof(in1), "%s", inkind == DT_STR ?
			    "string" : int_name(insize, insign));
		dsl_diag_error(cc, line, col, "D_XLATE_REDECL", "translator "
		    "from %s to %s has already been declared", in1, on);
	}
	want(ps, '{');
	/* the translator itself, members or none: an entry with no name
	 * and no expression */
	{
		dsl_inline_t xt;

		memset(&xt, 0, sizeof(xt));
		xt.in_name = dsl_parse_str(cc, "", 0);
		xt.in_expr = DSL_NONE;
		xlate_add(cc, &xt, param, out, in, inkind, line, col);
	}
	while (tok(ps) != '}') {
		dsl_inline_t xm;
		int mline = cc->cc_tline, mcol = cc->cc_tcol;
		const dsl_cmember_t *m = NULL;

		if (tok(ps) != T_IDENT)
			syntax(ps);
		/* the table grows as the members' expressions are read */
		oty = dsl_type_resolve(tt, out, &ro);
		for (i = 0; i < oty->ty_nmem; i++)
			if (strcmp(dsl_type_str(tt, tt->tt_mems[oty->ty_mem0 +
			    i].me_name), cc->cc_tstr) == 0)
				m = &tt->tt_mems[oty->ty_mem0 + i];
		if (m == NULL) {
			dsl_type_name(tt, out, on, sizeof(on));
			snprintf(in2, sizeof(in2), "%s", cc->cc_tstr);
			dsl_diag_error(cc, mline, mcol, "D_XLATE_MEMB",
			    "translator member %s is not a member of %s", in2,
			    on);
		}
		memset(&xm, 0, sizeof(xm));
		xm.in_name = dsl_parse_str(cc, cc->cc_tstr, cc->cc_tstrlen);
		xm.in_ctype = d_kind(cc, m->me_type, &xm.in_kind, &xm.in_size,
		    &xm.in_sign);
		next(ps);
		want(ps, '=');
		xm.in_expr = assign(ps);
		want(ps, ';');
		xlate_add(cc, &xm, param, out, in, inkind, mline, mcol);
	}
	next(ps);	/* } */
	if (tok(ps) != ';')
		syntax(ps);
}

/*
 * "(params)" of a function's declaration, which D checks and forgets (it
 * calls no function of the program): void alone, types with names or
 * not, "..." last (dtrace's dt_decl_prototype rules).
 */
static void
proto_params(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	int n = 0, kind, size, line, col;
	bool sign, sawvoid = false;
	int32_t ct;

	next(ps);	/* '(' */
	while (tok(ps) != ')') {
		line = cc->cc_tline;
		col = cc->cc_tcol;
		if (tok(ps) == '.') {
			while (tok(ps) == '.')
				next(ps);
			break;
		}
		if (tok(ps) == T_KEYWORD && (cc->cc_tival == K_STATIC ||
		    cc->cc_tival == K_EXTERN || cc->cc_tival == K_SELF ||
		    cc->cc_tival == K_THIS || cc->cc_tival == K_TYPEDEF ||
		    cc->cc_tival == K_INLINE))
			dsl_diag_error(cc, line, col, "D_DECL_PARMCLASS",
			    "inappropriate storage class for function or "
			    "associative array parameter");
		if (tok(ps) == T_KEYWORD && cc->cc_tival == K_REGISTER)
			next(ps);
		if (!type_name(ps, &kind, &size, &sign, true, &ct))
			syntax(ps);
		n++;
		if (kind == DT_VOID && ct == 0) {
			if (tok(ps) == T_IDENT)
				dsl_diag_error(cc, line, col,
				    "D_DECL_PROTO_NAME", "void parameter may "
				    "not have a name: %s", cc->cc_tstr);
			sawvoid = true;
		}
		if (sawvoid && n > 1)
			dsl_diag_error(cc, line, col, "D_DECL_PROTO_VOID",
			    "void must be sole parameter");
		if (tok(ps) == '(' || tok(ps) == '*')
			skip_declarator(ps);
		else if (tok(ps) == T_IDENT) {
			char pname[256];

			snprintf(pname, sizeof(pname), "%s", cc->cc_tstr);
			next(ps);
			if (tok(ps) == '[' && starts_keys(cc))
				dsl_diag_error(cc, line, col,
				    "D_DECL_PROTO_TYPE", "function prototype "
				    "may not use parameter of type dynamic "
				    "variable: %s, parameter #%d", pname, n);
			while (tok(ps) == '[') {
				while (tok(ps) != ']' && tok(ps) != T_EOF)
					next(ps);
				want(ps, ']');
			}
		}
		if (tok(ps) != ',')
			break;
		next(ps);
	}
	want(ps, ')');
}

/* A declarator of an extern declaration or a parameter, which names
 * nothing D keeps: '*'s, a name or "( declarator )", "[...]"s and
 * "(params)"s. */
static void
skip_declarator(pstate_t *ps)
{
	while (tok(ps) == '*') {
		next(ps);
		qualifiers(ps);
	}
	if (tok(ps) == '(') {
		next(ps);
		skip_declarator(ps);
		want(ps, ')');
	} else if (tok(ps) == T_IDENT) {
		next(ps);
	}
	for (;;) {
		if (tok(ps) == '[') {
			while (tok(ps) != ']' && tok(ps) != T_EOF)
				next(ps);
			want(ps, ']');
		} else if (tok(ps) == '(') {
			proto_params(ps);
		} else {
			return;
		}
	}
}

/*
 * A clause-level declaration: "[self|this] type name[, name...];" (a
 * name with '*'s, C array dimensions "[N]", or an associative array's
 * key types "[type, ...]"), "struct|union TAG { ... } [names];", "enum
 * TAG { ... };" or "typedef type name[, name...];".  A variable of a
 * struct, union or array type holds it by value.
 */
static void
declaration(pstate_t *ps)
{
	dsl_cc_t *cc = ps->ps_cc;
	dsl_typetab_t *tt = &cc->cc_pg->pg_tt;
	int scope = V_GLOBAL, kind, size, line, col;
	bool sign, istypedef = false;
	char name[256];
	int32_t ct;

	/* lex the word again, as C tokens */
	cc->cc_p = cc->cc_dstart;
	dsl_lex_next(cc);
	if (tok(ps) == T_KEYWORD && cc->cc_tival == K_INLINE) {
		inline_decl(ps);
		return;
	}
	if (tok(ps) == T_KEYWORD && cc->cc_tival == K_XLATOR) {
		translator_decl(ps);
		return;
	}
	if (tok(ps) == T_KEYWORD && (cc->cc_tival == K_REGISTER ||
	    cc->cc_tival == K_AUTO || cc->cc_tival == K_STATIC))
		dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, "D_DECL_BADCLASS",
		    "specified storage class not appropriate in D");
	if (tok(ps) == T_KEYWORD && cc->cc_tival == K_EXTERN) {
		/* the kernel's symbols, or functions: a user process
		 * declares none that D could use, so they are checked
		 * and forgotten */
		line = cc->cc_tline;
		col = cc->cc_tcol;
		next(ps);
		if (!type_name(ps, &kind, &size, &sign, false, &ct))
			syntax(ps);
		if (tok(ps) == ';' && !ps->ps_defined)
			dsl_diag_error(cc, line, col, "D_DECL_USELESS",
			    "useless declaration");
		while (tok(ps) != ';') {
			skip_declarator(ps);
			if (tok(ps) != ',')
				break;
			next(ps);
		}
		if (tok(ps) != ';')
			syntax(ps);
		return;
	}
	if (tok(ps) == T_KEYWORD && cc->cc_tival == K_TYPEDEF) {
		istypedef = true;
		next(ps);
	} else if (tok(ps) == T_KEYWORD && (cc->cc_tival == K_SELF ||
	    cc->cc_tival == K_THIS)) {
		scope = cc->cc_tival == K_SELF ? V_SELF : V_THIS;
		next(ps);
		if (tok(ps) == T_KEYWORD && (cc->cc_tival == K_SELF ||
		    cc->cc_tival == K_THIS || cc->cc_tival == K_TYPEDEF))
			dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol,
			    "D_DECL_CLASS", "more than one storage class "
			    "specified");
	}
	line = cc->cc_tline;
	col = cc->cc_tcol;
	ps->ps_defined = false;
	if (scope != V_GLOBAL && tok(ps) == T_IDENT &&
	    !is_typedef(cc, cc->cc_tstr)) {
		/* "this x;": no type is int, as in C */
		kind = DT_INT;
		size = 4;
		sign = true;
		ct = 0;
	} else if (!type_name(ps, &kind, &size, &sign, false, &ct)) {
		syntax(ps);
	}
	if (tok(ps) == ';' && !istypedef) {
		/* "struct foo { ... };" or "struct foo;" */
		if (ct != 0 || ps->ps_defined)
			return;
		syntax(ps);
	}
	/* "struct a { ... } struct b ...": a ';' is missing */
	if (ps->ps_defined && (tok(ps) == T_KEYWORD && cc->cc_tival != K_SELF &&
	    cc->cc_tival != K_THIS && cc->cc_tival != K_SIZEOF))
		dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol, "D_DECL_COMBO",
		    "invalid type combination");
	for (;;) {
		int vkind = kind, vsize = size, nkeys = -1;
		bool vsign = sign;
		int32_t vt = ct;
		uint8_t ktype[8], ksize[8];

		if (tok(ps) == '*') {
			/* "int *p": the stars belong to the declarator */
			vt = ctype_of(ps, kind, size, sign, ct);
			while (tok(ps) == '*') {
				if ((vt = dsl_type_ptr(tt, vt)) == 0)
					nomem(cc);
				next(ps);
				qualifiers(ps);
			}
		}
		if (tok(ps) != T_IDENT)
			syntax(ps);
		snprintf(name, sizeof(name), "%s", cc->cc_tstr);
		line = cc->cc_tline;
		col = cc->cc_tcol;
		next(ps);
		if (tok(ps) == '(') {
			/* a function's declaration: checked, forgotten */
			proto_params(ps);
			if (tok(ps) != ',')
				break;
			next(ps);
			continue;
		}
		if (tok(ps) == '[' && !istypedef && starts_keys(cc)) {
			if (scope == V_THIS)
				dsl_diag_error(cc, line, col, "D_DECL_LOCASSC",
				    "associative arrays may not be declared as "
				    "local variables: %s", name);
			if (scope != V_GLOBAL)
				syntax(ps);
			nkeys = key_types(ps, ktype, ksize);
		} else if (tok(ps) == '[') {
			vt = dimensions(ps, ctype_of(ps, kind, size, sign, vt));
		}
		if (istypedef) {
			if (vt == 0)
				vt = ctype_of(ps, kind, size, sign, ct);
			if (dsl_type_find(tt, TY_TYPEDEF, name) != 0)
				dsl_diag_error(cc, line, col, "D_DECL_IDRED",
				    "identifier redeclared: %s", name);
			if (dsl_type_typedef(tt, name, vt) == 0)
				nomem(cc);
		} else {
			if (vt != 0)
				vt = d_kind(cc, vt, &vkind, &vsize, &vsign);
			if (vkind == DT_VOID)
				dsl_diag_error(cc, line, col, "D_DECL_VOIDOBJ",
				    "cannot have void object: %s", name);
			if (vt != 0 && !complete(tt, vt))
				dsl_diag_error(cc, line, col,
				    "D_DECL_INCOMPLETE", "variable %s has an "
				    "incomplete type", name);
			dsl_check_declare(cc, nkeys >= 0 ? V_ARRAY : scope,
			    name, vkind, vsize, vsign, vt, nkeys, ktype, ksize,
			    line, col);
		}
		if (tok(ps) != ',')
			break;
		next(ps);
	}
	if (tok(ps) != ';')
		syntax(ps);
}

void
dsl_parse(dsl_cc_t *cc)
{
	pstate_t ps = { cc, false, 0 };
	dsl_prog_t *pg = cc->cc_pg;

	while (dsl_lex_pdesc(cc)) {
		dsl_clause_t *cl;
		uint32_t d0 = pg->pg_ndescs;
		int dline = cc->cc_tline, dcol = cc->cc_tcol;
		int dfile = cc->cc_file;

		if (is_decl(cc, cc->cc_tstr) || is_typed_decl(cc, cc->cc_tstr)) {
			declaration(&ps);
			continue;
		}

		for (;;) {
			if (cc->cc_tstrlen == 0 || strchr("}()=+<>!~&|^%@\"'#",
			    cc->cc_tstr[0]) != NULL) {
				/* not a description: "}" "(" ... */
				dsl_diag_error(cc, cc->cc_tline, cc->cc_tcol,
				    "D_SYNTAX", "syntax error near \"%c\"",
				    cc->cc_tstrlen ? cc->cc_tstr[0] :
				    *cc->cc_p != '\0' ? *cc->cc_p : ' ');
			}
			add_desc(cc, cc->cc_tstr, cc->cc_tline, cc->cc_tcol);
			dsl_lex_next(cc);
			if (cc->cc_tok != ',')
				break;
			if (!dsl_lex_pdesc(cc)) {
				dsl_lex_next(cc);
				syntax(&ps);
			}
		}
		pg->pg_clauses = dsl_compile_grow(cc, pg->pg_clauses,
		    &cc->cc_clausecap, pg->pg_nclauses + 1,
		    sizeof(dsl_clause_t));
		cl = &pg->pg_clauses[pg->pg_nclauses];
		cl->cl_desc0 = d0;
		cl->cl_ndescs = pg->pg_ndescs - d0;
		cl->cl_pred = DSL_NONE;
		cl->cl_body = DSL_NONE;
		pg->pg_nclauses++;
		/*
		 * In a file a probe description needs a predicate or actions
		 * after it; from the command line (-n BEGIN) it may stand
		 * alone and enables its probes with the default action
		 * (dtrace-utils' dt_grammar.y, probe_definition).
		 */
		if (cc->cc_srcs[cc->cc_src].ds_file && cc->cc_tok != '/' &&
		    cc->cc_tok != '{') {
			cc->cc_file = dfile;
			dsl_diag_error(cc, dline, dcol, "D_SYNTAX", "expected a "
			    "predicate or actions after the probe "
			    "description: add { } after it");
		}
		if (cc->cc_tok == '/') {
			int32_t p;
			int pline, pcol, pfile;

			dsl_lex_next(cc);
			ps.ps_pred = true;
			ps.ps_depth = 0;
			p = expr(&ps);
			ps.ps_pred = false;
			if (cc->cc_tok != '/')
				syntax(&ps);
			pg->pg_clauses[pg->pg_nclauses - 1].cl_pred = p;
			pline = cc->cc_tline;
			pcol = cc->cc_tcol;
			pfile = cc->cc_file;
			dsl_lex_next(cc);
			/* a predicate needs actions, from the command line
			 * too (dt_grammar.y) */
			if (cc->cc_tok != '{') {
				cc->cc_file = pfile;
				dsl_diag_error(cc, pline, pcol, "D_SYNTAX",
				    "expected actions after the predicate: "
				    "add { } after it");
			}
		}
		if (cc->cc_tok == '{') {
			int32_t b;

			dsl_lex_next(cc);
			b = block(&ps);
			if (cc->cc_tok != '}')
				syntax(&ps);
			pg->pg_clauses[pg->pg_nclauses - 1].cl_body = b;
			/* the '}' is consumed by the next pdesc scan */
		} else if (cc->cc_tok != T_EOF) {
			syntax(&ps);
		} else {
			break;
		}
	}
}
