/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * typeprint.c: the print() action, as Oracle's Linux DTrace has it:
 * print(p) takes a pointer and shows what it points at, typed.  The
 * first line is the address and " = *"; then the object, each value
 * on its own line as "(type)value," after its member's ".name = ", a
 * struct or union opening "(type) {" and closing "}," an array opening
 * "(type) [" and closing "],", one column deeper for each level, the
 * outermost at column 44.  Values that are all zero bytes below the top
 * are left out, as are a char array's characters from its first NUL;
 * enums show their names, chars their character, pointers hex, other
 * integers decimal.  The printsize option bounds the bytes shown:
 * where the walk reaches a member past it, or nesting ten deep, it
 * prints "..." and stops, closing the braces it opened.
 *
 * The walk is the one libctf's ctf_type_visit makes, which dtrace's
 * printer follows: a type, then each member of a struct or union in
 * order, depth first.  Closing braces are inferred from the depth: a
 * member shallower than the last one shown closes the levels between.
 * Types are the program's table (DWARF's through the host, or its own
 * declarations); the bytes were read from the tracee (or alloca()'s
 * memory) once, by the caller.
 */
#include <config.h>

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/rt.h"

#define STARTCOL	44	/* the column of the outermost level */
#define MAXDEPTH	10	/* nesting shown; deeper is "..." */

typedef struct pstate {
	FILE *ps_fp;
	const dsl_typetab_t *ps_tt;
	const unsigned char *ps_buf;
	size_t ps_len;		/* bytes in ps_buf */
	size_t ps_limit;	/* printsize: bytes shown */
	int ps_last;		/* the depth of the last line shown */
	int ps_kind[MAXDEPTH + 1];	/* the kind shown at each depth */
	int ps_visits;		/* bound on the walk */
} pstate_t;

static int walk(pstate_t *ps, const char *name, int32_t t, uint64_t off,
    int depth, uint32_t bits);

static const dsl_ctype_t *
resolve(const pstate_t *ps, int32_t t)
{
	return dsl_type_resolve(ps->ps_tt, t, NULL);
}

/* The bytes [off, off + size) are in the buffer and all zero. */
static bool
zero(const pstate_t *ps, uint64_t off, uint64_t size)
{
	uint64_t i;

	if (off > ps->ps_len || size > ps->ps_len - off)
		return false;
	for (i = 0; i < size; i++)
		if (ps->ps_buf[off + i] != 0)
			return false;
	return true;
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

/*
 * Close the structs and unions opened below depth, down to it: one
 * "}" a level, each but the outermost's followed by a comma.  A struct
 * at the top shows its braces even when no member was shown.
 */
static void
close_levels(pstate_t *ps, int depth)
{
	int i;

	if (ps->ps_kind[depth] != TY_STRUCT && ps->ps_kind[depth] != TY_UNION)
		return;
	if (depth == 0 && ps->ps_last == 0)
		ps->ps_last = 1;
	for (i = ps->ps_last - depth; i > 0; i--)
		fprintf(ps->ps_fp, "%*s}%s\n", STARTCOL + depth + i - 1, "",
		    depth > 0 || i > 1 ? "," : "");
	ps->ps_last = depth;
}

/* A type's name as CTF spells it, an anonymous struct's as "struct". */
static void
type_name(const pstate_t *ps, int32_t t, char *buf, size_t len)
{
	size_t n;

	dsl_type_name(ps->ps_tt, t, buf, len);
	n = strlen(buf);
	if (n > 0 && buf[n - 1] == ' ')
		buf[n - 1] = '\0';
}

/* An integer: a char as its character, others in decimal. */
static void
p_int(pstate_t *ps, const dsl_ctype_t *ty, const char *tn, uint64_t v)
{
	int sh = 64 - 8 * (int)ty->ty_size;

	if (ty->ty_size == 1 && strcmp(tn, "char") == 0)
		fprintf(ps->ps_fp, "(%s)'%c',\n", tn, (char)v);
	else if (ty->ty_signed && sh > 0)
		fprintf(ps->ps_fp, "(%s)%" PRId64 ",\n", tn,
		    (int64_t)(v << sh) >> sh);
	else if (ty->ty_signed)
		fprintf(ps->ps_fp, "(%s)%" PRId64 ",\n", tn, (int64_t)v);
	else
		fprintf(ps->ps_fp, "(%s)%" PRIu64 ",\n", tn, v);
}

static void
p_enum(pstate_t *ps, const dsl_ctype_t *ty, const char *tn, uint64_t v)
{
	const dsl_typetab_t *tt = ps->ps_tt;
	uint32_t i;

	for (i = 0; i < ty->ty_nmem; i++)
		if (tt->tt_mems[ty->ty_mem0 + i].me_off == (int32_t)v) {
			fprintf(ps->ps_fp, "(%s)%s,\n", tn, dsl_type_str(tt,
			    tt->tt_mems[ty->ty_mem0 + i].me_name));
			return;
		}
	fprintf(ps->ps_fp, "(%s)%d,\n", tn, (int32_t)v);
}

/*
 * An array's elements, one a line one level deeper, then "],".  A char
 * array stops at its first NUL.  Each element is a walk of its own: a
 * struct element shows its members and its closing brace.
 */
static int
p_elems(pstate_t *ps, const dsl_ctype_t *ty, uint64_t off, int depth)
{
	const dsl_ctype_t *el = resolve(ps, ty->ty_ref);
	uint64_t esz = el != NULL ? el->ty_size : 0, v;
	bool ischar = el != NULL && el->ty_kind == TY_INT && esz == 1;
	uint32_t i;

	if (esz == 0 || zero(ps, off, esz * ty->ty_nelem))
		return 0;
	for (i = 0; i < ty->ty_nelem; i++) {
		pstate_t pe = *ps;

		if (ischar && bytes(ps, off + i, 1, &v) && v == 0)
			break;
		pe.ps_last = depth;
		if (walk(&pe, NULL, ty->ty_ref, off + esz * i, depth + 1,
		    0) < 0)
			return -1;
		if (pe.ps_last > depth + 1 ||
		    (pe.ps_last == depth + 1 && depth + 1 <= MAXDEPTH &&
		    (pe.ps_kind[depth + 1] == TY_STRUCT ||
		    pe.ps_kind[depth + 1] == TY_UNION))) {
			if (pe.ps_last == depth + 1)
				pe.ps_last = depth + 2;
			close_levels(&pe, depth + 1);
		}
		ps->ps_visits = pe.ps_visits;
	}
	if (ty->ty_nelem > 0)
		fprintf(ps->ps_fp, "%*s],\n", STARTCOL + depth, "");
	return 0;
}

/*
 * One node of the walk: the object of type t at off, member name (NULL
 * for the top and for array elements), bits its width if a bit-field.
 * Then, for a struct or union, its members.  -1 ends the walk.
 */
static int
walk(pstate_t *ps, const char *name, int32_t t, uint64_t off, int depth,
    uint32_t bits)
{
	const dsl_typetab_t *tt = ps->ps_tt;
	const dsl_ctype_t *ty = resolve(ps, t);
	FILE *fp = ps->ps_fp;
	char tn[512];
	uint64_t v = 0;
	uint32_t i;

	if (++ps->ps_visits > 100000)
		return -1;		/* a bound on any table */
	if (off >= ps->ps_limit || depth >= MAXDEPTH) {
		fprintf(fp, "%*s...\n", STARTCOL + depth, "");
		return -1;
	}
	if (ty == NULL)
		return 0;
	if (ps->ps_last > depth)
		close_levels(ps, depth);
	if (depth > 0 && bits == 0 && zero(ps, off, ty->ty_size))
		goto members;
	if (bits != 0) {
		/* a bit-field: its low bits at off, shown unless zero */
		if (!bytes(ps, off, ty->ty_size <= 8 ? ty->ty_size : 8, &v))
			return 0;
		if (bits < 64)
			v &= ((uint64_t)1 << bits) - 1;
		if (v == 0)
			return 0;
	}
	type_name(ps, t, tn, sizeof(tn));
	switch (ty->ty_kind) {
	case TY_STRUCT: case TY_UNION: case TY_ARRAY: case TY_INT:
	case TY_ENUM: case TY_PTR:
		break;
	default:
		return 0;	/* floats, D strings: nothing to show */
	}
	ps->ps_kind[depth] = ty->ty_kind;
	ps->ps_last = depth;
	fprintf(fp, "%*s", STARTCOL + depth, "");
	if (depth > 0 && name != NULL && name[0] != '\0')
		fprintf(fp, ".%s = ", name);
	switch (ty->ty_kind) {
	case TY_STRUCT:
	case TY_UNION:
		fprintf(fp, "(%s) {\n", tn);
		break;
	case TY_ARRAY:
		fprintf(fp, "(%s) [%s\n", tn, ty->ty_nelem == 0 ? "]," : "");
		return p_elems(ps, ty, off, depth);
	case TY_INT:
		if (bits == 0 && !bytes(ps, off, ty->ty_size, &v))
			fputs("?,\n", fp);
		else
			p_int(ps, ty, tn, v);
		return 0;
	case TY_ENUM:
		if (!bytes(ps, off, 4, &v))
			fputs("?,\n", fp);
		else
			p_enum(ps, ty, tn, v);
		return 0;
	case TY_PTR:
		if (!bytes(ps, off, 8, &v))
			fputs("?,\n", fp);
		else
			fprintf(fp, "(%s)0x%" PRIx64 ",\n", tn, v);
		return 0;
	}
members:
	if (ty->ty_kind != TY_STRUCT && ty->ty_kind != TY_UNION)
		return 0;
	for (i = 0; i < ty->ty_nmem; i++) {
		const dsl_cmember_t *m = &tt->tt_mems[ty->ty_mem0 + i];

		if (walk(ps, dsl_type_str(tt, m->me_name), m->me_type,
		    off + (uint64_t)m->me_off, depth + 1, m->me_bits) < 0)
			return -1;
	}
	return 0;
}

void
dsl_typeprint(dsl_rt_t *rt, int32_t ct, uint64_t addr,
    const unsigned char *buf, size_t len, size_t limit)
{
	pstate_t ps;

	memset(&ps, 0, sizeof(ps));
	ps.ps_fp = rt->rt_out;
	ps.ps_tt = &rt->rt_pg->pg_tt;
	ps.ps_buf = buf;
	ps.ps_len = len;
	ps.ps_limit = limit;
	fprintf(ps.ps_fp, "0x%" PRIx64 " = *\n", addr);
	(void)walk(&ps, NULL, ct, 0, 0, 0);
	close_levels(&ps, 0);
}
