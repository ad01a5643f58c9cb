/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * typeprint.c: the print() action: a value with its C type, struct
 * members and all, in the layout of illumos's print() (libdtrace's
 * dt_print.c, itself mdb's "::print -tn"): each member on its own line
 * as "type name = value", integers and pointers in hex, chars quoted,
 * enums by name, char arrays that hold a string as "[ \"text\" ]",
 * other arrays as "[ a, b ]", nesting indented by four spaces.  The
 * walk mirrors dt_print.c's ctf_type_visit callback (a member's depth,
 * the array nesting, closing braces inferred from the depth), so the
 * corner cases come out the same.  Types are the program's table
 * (DWARF's through the host, or its own declarations); the value's
 * bytes are read from the tracee once, through the host's hook.
 */
#include <config.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/rt.h"

#define MAXBYTES	65536	/* of a value; members past it print "?" */

typedef struct pstate {
	FILE *ps_fp;
	const dsl_typetab_t *ps_tt;
	const unsigned char *ps_buf;
	size_t ps_len;
	int ps_depth;		/* dt_printarg_t's pa_depth */
	int ps_nest;		/* and pa_nest */
	int ps_visits;		/* bound on the walk */
} pstate_t;

static void visit(pstate_t *ps, const char *name, int32_t t, uint64_t off,
    int depth);

static const dsl_ctype_t *
resolve(const pstate_t *ps, int32_t t)
{
	return dsl_type_resolve(ps->ps_tt, t, NULL);
}

static bool
bytes(const pstate_t *ps, uint64_t off, size_t size, uint64_t *v)
{
	size_t i;

	*v = 0;
	if (size > 8 || off > ps->ps_len || size > ps->ps_len - off)
		return false;
	for (i = size; i-- > 0;)
		*v = *v << 8 | ps->ps_buf[off + i];	/* little-endian */
	return true;
}

static void
trailing(pstate_t *ps, int depth)
{
	int d;

	for (d = ps->ps_depth; d > depth; d--)
		fprintf(ps->ps_fp, "%*s}%s", (d + ps->ps_nest - 1) * 4, "",
		    d == depth + 1 ? "" : "\n");
}

static void
indent(const pstate_t *ps)
{
	fprintf(ps->ps_fp, "%*s", (ps->ps_depth + ps->ps_nest) * 4, "");
}

static bool
is_char(const pstate_t *ps, const dsl_ctype_t *ty)
{
	return ty->ty_kind == TY_INT && ty->ty_size == 1 && ty->ty_signed &&
	    strstr(dsl_type_str(ps->ps_tt, ty->ty_name), "char") != NULL;
}

static void
hex(pstate_t *ps, uint64_t off, size_t size)
{
	uint64_t v;

	if (!bytes(ps, off, size, &v))
		fputs("?", ps->ps_fp);
	else if (size == 8)
		fprintf(ps->ps_fp, "%#llx", (unsigned long long)v);
	else
		fprintf(ps->ps_fp, "%#x", (unsigned)v);
}

static void
p_int(pstate_t *ps, const dsl_ctype_t *ty, uint64_t off)
{
	uint64_t v;
	char c;

	if (!is_char(ps, ty)) {
		hex(ps, off, (size_t)ty->ty_size);
		return;
	}
	if (!bytes(ps, off, 1, &v)) {
		fputs("?", ps->ps_fp);
		return;
	}
	c = (char)v;
	if (isprint((unsigned char)c))
		fprintf(ps->ps_fp, "'%c'", c);
	else if (c == 0)
		fputs("'\\0'", ps->ps_fp);
	else
		fprintf(ps->ps_fp, "'\\%03o'", (unsigned char)c);
}

static void
p_enum(pstate_t *ps, const dsl_ctype_t *ty, uint64_t off)
{
	const dsl_typetab_t *tt = ps->ps_tt;
	uint64_t v;
	uint32_t i;

	if (!bytes(ps, off, 4, &v)) {
		fputs("?", ps->ps_fp);
		return;
	}
	for (i = 0; i < ty->ty_nmem; i++)
		if (tt->tt_mems[ty->ty_mem0 + i].me_off == (int32_t)v) {
			fputs(dsl_type_str(tt, tt->tt_mems[ty->ty_mem0 +
			    i].me_name), ps->ps_fp);
			return;
		}
	fprintf(ps->ps_fp, "%d", (int32_t)v);
}

static void
p_array(pstate_t *ps, const dsl_ctype_t *ty, uint64_t off)
{
	FILE *fp = ps->ps_fp;
	const dsl_ctype_t *el = resolve(ps, ty->ty_ref);
	uint64_t esz = el != NULL ? el->ty_size : 0;
	bool isstring = false, sl;
	uint32_t i;
	uint64_t v = 0;

	if (el == NULL || esz == 0) {
		fputs("?", fp);
		return;
	}
	sl = el->ty_kind == TY_STRUCT || el->ty_kind == TY_UNION;
	if (is_char(ps, el)) {
		/* printable characters then a NUL: a string */
		for (i = 0; i < ty->ty_nelem; i++)
			if (!bytes(ps, off + i, 1, &v) ||
			    !isprint((int)(unsigned char)v) || v == 0)
				break;
		isstring = i != ty->ty_nelem && bytes(ps, off + i, 1, &v) &&
		    v == 0;
	}
	if (!isstring || ps->ps_depth != 0)
		fputs("[ ", fp);
	if (isstring)
		fputs("\"", fp);
	for (i = 0; i < ty->ty_nelem; i++) {
		if (isstring) {
			if (!bytes(ps, off + i, 1, &v) || v == 0)
				break;
			fputc((int)v, fp);
			continue;
		}
		{
			pstate_t pa = *ps;

			pa.ps_nest += ps->ps_depth + 1;
			pa.ps_depth = 0;
			visit(&pa, "", ty->ty_ref, off + esz * i, 0);
			trailing(&pa, 0);
			ps->ps_visits = pa.ps_visits;
		}
		if (i != ty->ty_nelem - 1)
			fputs(", ", fp);
		else if (sl)
			fputs("\n", fp);
	}
	if (isstring)
		fputs("\"", fp);
	if (!isstring || ps->ps_depth != 0) {
		if (sl)
			indent(ps);
		else
			fputs(" ", fp);
		fputs("]", fp);
	}
}

/* dt_print_member: one line (or the head of a struct) at depth. */
static void
member(pstate_t *ps, const char *name, int32_t t, uint64_t off, int depth)
{
	FILE *fp = ps->ps_fp;
	const dsl_ctype_t *ty = resolve(ps, t);
	char type[512];
	bool sl, brief;
	size_t tl;

	trailing(ps, depth);
	if (depth < ps->ps_depth)
		fputs("\n", fp);
	ps->ps_depth = depth;
	if (ty == NULL || ty->ty_kind == TY_VOID) {
		indent(ps);
		fprintf(fp, "%s = <invalid type %d>", name, (int)t);
		return;
	}
	dsl_type_name(ps->ps_tt, t, type, sizeof(type));
	sl = ty->ty_kind == TY_STRUCT || ty->ty_kind == TY_UNION;
	brief = ps->ps_nest != 0 && depth == 0 && !sl;
	if (!brief) {
		if (ps->ps_nest != 0 && depth == 0)
			fputs("\n", fp);
		indent(ps);
		fputs(type, fp);
		if (name[0] != '\0') {
			tl = strlen(type);
			if (tl > 0 && type[tl - 1] != '*' &&
			    type[tl - 1] != ' ')
				fputs(" ", fp);
			fprintf(fp, "%s =", name);
		}
		fputs(" ", fp);
	}
	switch (ty->ty_kind) {
	case TY_INT:
		p_int(ps, ty, off);
		break;
	case TY_PTR:
		hex(ps, off, 8);
		break;
	case TY_ARRAY:
		p_array(ps, ty, off);
		break;
	case TY_ENUM:
		p_enum(ps, ty, off);
		break;
	default:
		fputs("{", fp);
		break;
	}
	if (!brief)
		fputs("\n", fp);
}

/* ctf_type_visit: the type, then each member of a struct or union. */
static void
visit(pstate_t *ps, const char *name, int32_t t, uint64_t off, int depth)
{
	const dsl_ctype_t *ty;
	const dsl_typetab_t *tt = ps->ps_tt;
	uint32_t i;

	if (++ps->ps_visits > 100000 || depth > 32)
		return;		/* a bound on any table */
	member(ps, name, t, off, depth);
	ty = resolve(ps, t);
	if (ty == NULL || (ty->ty_kind != TY_STRUCT &&
	    ty->ty_kind != TY_UNION))
		return;
	for (i = 0; i < ty->ty_nmem; i++) {
		const dsl_cmember_t *m = &tt->tt_mems[ty->ty_mem0 + i];

		visit(ps, dsl_type_str(tt, m->me_name), m->me_type,
		    off + (uint64_t)m->me_off, depth + 1);
	}
}

/* The name of an integer D gave no C type. */
static const char *
int_name(const dsl_node_t *n)
{
	switch (n->dn_size) {
	case 1: return n->dn_signed ? "char" : "uchar_t";
	case 2: return n->dn_signed ? "short" : "ushort_t";
	case 4: return n->dn_signed ? "int" : "uint_t";
	default: return n->dn_signed ? "int64_t" : "uint64_t";
	}
}

void
dsl_typeprint(dsl_rt_t *rt, const dsl_node_t *n, int64_t v, int32_t node)
{
	const dsl_typetab_t *tt = &rt->rt_pg->pg_tt;
	int32_t ct = n->dn_ctdecl != 0 ? n->dn_ctdecl : n->dn_ctype;
	const dsl_ctype_t *ty = dsl_type_resolve(tt, ct, NULL);
	FILE *fp = rt->rt_out;
	unsigned char word[8], *buf = word;
	uint64_t addr = (uint64_t)v;
	pstate_t ps;
	size_t len = 8, i;

	if (n->dn_type == DT_STR && !(n->dn_aux & AUX_CHARS)) {
		fprintf(fp, "string \"%s\"\n", (const char *)(intptr_t)v);
		return;
	}
	if (ty == NULL) {
		fprintf(fp, "%s %#llx\n", int_name(n), (unsigned long long)
		    (n->dn_size >= 8 ? (uint64_t)v : (uint64_t)v &
		    ((1ULL << (8 * n->dn_size)) - 1)));
		return;
	}
	if (n->dn_aux & AUX_BYADDR) {
		/* a struct, union or array: its bytes, read once */
		len = ty->ty_size < MAXBYTES ? (size_t)ty->ty_size : MAXBYTES;
		if (len == 0 || (buf = malloc(len)) == NULL)
			return;
		if (dsl_eval_memread(rt, addr, buf, len, node) != 0) {
			free(buf);
			return;
		}
	} else {
		for (i = 0; i < 8; i++)
			word[i] = (unsigned char)((uint64_t)v >> (8 * i));
	}
	memset(&ps, 0, sizeof(ps));
	ps.ps_fp = fp;
	ps.ps_tt = tt;
	ps.ps_buf = buf;
	ps.ps_len = len;
	visit(&ps, "", ct, 0, 0);
	trailing(&ps, 0);
	if (buf != word)
		free(buf);
}
