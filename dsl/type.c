/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * type.c: the table of C types (dsl.h's dsl_type_* for the host, and the
 * compiler's declarations): flat arrays, names in the table's own string
 * table, so a compiled program carries its types without a pointer into
 * the host.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "dsl/prog.h"

dsl_typetab_t *
dsl_type_tab_create(void)
{
	return calloc(1, sizeof(dsl_typetab_t));
}

void
dsl_type_tab_fini(dsl_typetab_t *tt)
{
	free(tt->tt_types);
	free(tt->tt_mems);
	free(tt->tt_str);
	memset(tt, 0, sizeof(*tt));
}

void
dsl_type_tab_free(dsl_typetab_t *tt)
{
	if (tt == NULL)
		return;
	dsl_type_tab_fini(tt);
	free(tt);
}

static bool
grow(void **arr, uint32_t *cap, uint32_t need, size_t el)
{
	uint32_t n;
	void *p;

	if (need <= *cap)
		return true;
	if (need > (1U << 24))
		return false;		/* a sane bound for any program */
	n = *cap ? *cap : 16;
	while (n < need)
		n *= 2;
	if ((p = realloc(*arr, (size_t)n * el)) == NULL)
		return false;
	*arr = p;
	*cap = n;
	return true;
}

static int64_t
addstr(dsl_typetab_t *tt, const char *s)
{
	size_t len = strlen(s);
	uint32_t off;

	if (tt->tt_strlen == 0) {
		/* offset 0 is "" */
		if (!grow((void **)&tt->tt_str, &tt->tt_strcap, 1, 1))
			return -1;
		tt->tt_str[0] = '\0';
		tt->tt_strlen = 1;
	}
	if (len == 0)
		return 0;
	if (len > 4096 || !grow((void **)&tt->tt_str, &tt->tt_strcap,
	    tt->tt_strlen + (uint32_t)len + 1, 1))
		return -1;
	off = tt->tt_strlen;
	memcpy(tt->tt_str + off, s, len + 1);
	tt->tt_strlen += (uint32_t)len + 1;
	return off;
}

const char *
dsl_type_str(const dsl_typetab_t *tt, uint32_t off)
{
	return tt->tt_str != NULL && off < tt->tt_strlen ?
	    tt->tt_str + off : "";
}

static int32_t
add(dsl_typetab_t *tt, int kind, const char *name, uint64_t size,
    uint32_t align)
{
	dsl_ctype_t *t;
	int64_t off;

	if ((off = addstr(tt, name != NULL ? name : "")) < 0)
		return 0;
	if (tt->tt_ntypes == 0)
		tt->tt_ntypes = 1;	/* [0] means none */
	if (!grow((void **)&tt->tt_types, &tt->tt_tcap, tt->tt_ntypes + 1,
	    sizeof(dsl_ctype_t)))
		return 0;
	t = &tt->tt_types[tt->tt_ntypes];
	memset(t, 0, sizeof(*t));
	t->ty_kind = (uint8_t)kind;
	t->ty_name = (uint32_t)off;
	t->ty_size = size;
	t->ty_align = align == 0 ? 1 : align;
	t->ty_complete = 1;
	return (int32_t)tt->tt_ntypes++;
}

static bool
valid(const dsl_typetab_t *tt, int32_t t)
{
	return t > 0 && (uint32_t)t < tt->tt_ntypes;
}

int32_t
dsl_type_find(const dsl_typetab_t *tt, int kind, const char *name)
{
	uint32_t i;

	for (i = tt->tt_ntypes; i-- > 1;)
		if (tt->tt_types[i].ty_kind == kind &&
		    strcmp(dsl_type_str(tt, tt->tt_types[i].ty_name),
		    name) == 0)
			return (int32_t)i;
	return 0;
}

const dsl_ctype_t *
dsl_type_resolve(const dsl_typetab_t *tt, int32_t t, int32_t *out)
{
	int hops = 0;

	while (valid(tt, t) && tt->tt_types[t].ty_kind == TY_TYPEDEF &&
	    hops++ < 64)
		t = tt->tt_types[t].ty_ref;
	if (out != NULL)
		*out = valid(tt, t) ? t : 0;
	return valid(tt, t) ? &tt->tt_types[t] : NULL;
}

int32_t
dsl_type_void(dsl_typetab_t *tt)
{
	int32_t t = dsl_type_find(tt, TY_VOID, "void");

	return t != 0 ? t : add(tt, TY_VOID, "void", 1, 1);
}

int32_t
dsl_type_int(dsl_typetab_t *tt, const char *name, size_t size, bool sign)
{
	int32_t t;

	if (size != 1 && size != 2 && size != 4 && size != 8)
		return 0;
	if ((t = dsl_type_find(tt, TY_INT, name)) != 0 &&
	    tt->tt_types[t].ty_size == size &&
	    tt->tt_types[t].ty_signed == sign)
		return t;
	if ((t = add(tt, TY_INT, name, size, (uint32_t)size)) != 0)
		tt->tt_types[t].ty_signed = sign;
	return t;
}

int32_t
dsl_type_float(dsl_typetab_t *tt, const char *name, size_t size)
{
	int32_t t;

	if (size != 4 && size != 8 && size != 16)
		return 0;
	if ((t = dsl_type_find(tt, TY_FLOAT, name)) != 0 &&
	    tt->tt_types[t].ty_size == size)
		return t;
	if ((t = add(tt, TY_FLOAT, name, size, (uint32_t)size)) != 0)
		tt->tt_types[t].ty_signed = 1;
	return t;
}

int32_t
dsl_type_string(dsl_typetab_t *tt, size_t size)
{
	int32_t t;

	if ((t = dsl_type_find(tt, TY_STRING, "string")) != 0 &&
	    tt->tt_types[t].ty_size == size)
		return t;
	return add(tt, TY_STRING, "string", size, 1);
}

int32_t
dsl_type_ptr(dsl_typetab_t *tt, int32_t to)
{
	uint32_t i;
	int32_t t;

	if (!valid(tt, to))
		return 0;
	for (i = 1; i < tt->tt_ntypes; i++)
		if (tt->tt_types[i].ty_kind == TY_PTR &&
		    tt->tt_types[i].ty_ref == to)
			return (int32_t)i;
	if ((t = add(tt, TY_PTR, "", 8, 8)) != 0)
		tt->tt_types[t].ty_ref = to;
	return t;
}

int32_t
dsl_type_array(dsl_typetab_t *tt, int32_t elem, uint32_t n)
{
	const dsl_ctype_t *e = dsl_type_resolve(tt, elem, NULL);
	int32_t t;

	if (e == NULL || e->ty_size == 0 || n > (1U << 24))
		return 0;
	if ((t = add(tt, TY_ARRAY, "", e->ty_size * n, e->ty_align)) != 0) {
		tt->tt_types[t].ty_ref = elem;
		tt->tt_types[t].ty_nelem = n;
	}
	return t;
}

int32_t
dsl_type_struct(dsl_typetab_t *tt, const char *tag, bool isunion,
    uint64_t size)
{
	return add(tt, isunion ? TY_UNION : TY_STRUCT, tag, size, 1);
}

static int32_t
member(dsl_typetab_t *tt, int32_t st, const char *name, int32_t type,
    int64_t off)
{
	dsl_ctype_t *s;
	dsl_cmember_t *m;
	int64_t noff;

	if (!valid(tt, st))
		return 0;
	s = &tt->tt_types[st];
	/* members are added in order, right after each other */
	if (s->ty_nmem == 0)
		s->ty_mem0 = tt->tt_nmems;
	else if (s->ty_mem0 + s->ty_nmem != tt->tt_nmems)
		return 0;
	if ((noff = addstr(tt, name)) < 0 ||
	    !grow((void **)&tt->tt_mems, &tt->tt_mcap, tt->tt_nmems + 1,
	    sizeof(dsl_cmember_t)))
		return 0;
	s = &tt->tt_types[st];
	m = &tt->tt_mems[tt->tt_nmems++];
	m->me_name = (uint32_t)noff;
	m->me_type = type;
	m->me_bits = 0;
	m->me_off = off;
	s->ty_nmem++;
	return st;
}

int32_t
dsl_type_member(dsl_typetab_t *tt, int32_t st, const char *name,
    int32_t type, uint64_t off)
{
	const dsl_ctype_t *m = dsl_type_resolve(tt, type, NULL);

	if (m == NULL || !valid(tt, st) || off > INT64_MAX ||
	    (tt->tt_types[st].ty_kind != TY_STRUCT &&
	    tt->tt_types[st].ty_kind != TY_UNION))
		return 0;
	if (m->ty_align > tt->tt_types[st].ty_align)
		tt->tt_types[st].ty_align = m->ty_align;
	return member(tt, st, name, type, (int64_t)off);
}

int32_t
dsl_type_enum(dsl_typetab_t *tt, const char *tag)
{
	return add(tt, TY_ENUM, tag, 4, 4);
}

int32_t
dsl_type_enumerator(dsl_typetab_t *tt, int32_t en, const char *name,
    int64_t value)
{
	if (!valid(tt, en) || tt->tt_types[en].ty_kind != TY_ENUM)
		return 0;
	return member(tt, en, name, 0, value);
}

int32_t
dsl_type_typedef(dsl_typetab_t *tt, const char *name, int32_t type)
{
	int32_t t;

	if (!valid(tt, type) || name == NULL || *name == '\0')
		return 0;
	if ((t = add(tt, TY_TYPEDEF, name, tt->tt_types[type].ty_size,
	    tt->tt_types[type].ty_align)) != 0)
		tt->tt_types[t].ty_ref = type;
	return t;
}

int
dsl_type_tab_copy(dsl_typetab_t *dst, const dsl_typetab_t *src)
{
	memset(dst, 0, sizeof(*dst));
	if (src == NULL || src->tt_ntypes == 0)
		return 0;
	dst->tt_types = malloc((size_t)src->tt_ntypes * sizeof(dsl_ctype_t));
	dst->tt_mems = malloc(((size_t)src->tt_nmems + 1) *
	    sizeof(dsl_cmember_t));
	dst->tt_str = malloc((size_t)src->tt_strlen + 1);
	if (dst->tt_types == NULL || dst->tt_mems == NULL ||
	    dst->tt_str == NULL) {
		dsl_type_tab_fini(dst);
		return -1;
	}
	memcpy(dst->tt_types, src->tt_types,
	    (size_t)src->tt_ntypes * sizeof(dsl_ctype_t));
	memcpy(dst->tt_mems, src->tt_mems,
	    (size_t)src->tt_nmems * sizeof(dsl_cmember_t));
	memcpy(dst->tt_str, src->tt_str, src->tt_strlen);
	dst->tt_ntypes = dst->tt_tcap = src->tt_ntypes;
	dst->tt_nmems = src->tt_nmems;
	dst->tt_mcap = src->tt_nmems + 1;
	dst->tt_strlen = dst->tt_strcap = src->tt_strlen;
	return 0;
}

const char *
dsl_type_name(const dsl_typetab_t *tt, int32_t t, char *buf, size_t len)
{
	const dsl_ctype_t *ty;
	char sub[200];

	if (!valid(tt, t)) {
		snprintf(buf, len, "int");
		return buf;
	}
	ty = &tt->tt_types[t];
	switch (ty->ty_kind) {
	case TY_PTR:
		dsl_type_name(tt, ty->ty_ref, sub, sizeof(sub));
		/* "char **", as C and CTF spell it */
		snprintf(buf, len, "%s%s*", sub,
		    sub[0] != '\0' && sub[strlen(sub) - 1] == '*' ? "" : " ");
		break;
	case TY_ARRAY:
		dsl_type_name(tt, ty->ty_ref, sub, sizeof(sub));
		snprintf(buf, len, "%s [%u]", sub, ty->ty_nelem);
		break;
	case TY_STRUCT:
	case TY_UNION:
	case TY_ENUM:
		snprintf(buf, len, "%s %s", ty->ty_kind == TY_STRUCT ?
		    "struct" : ty->ty_kind == TY_UNION ? "union" : "enum",
		    dsl_type_str(tt, ty->ty_name));
		break;
	default:
		snprintf(buf, len, "%s", dsl_type_str(tt, ty->ty_name));
		break;
	}
	return buf;
}

int32_t
dsl_type_complete(dsl_typetab_t *tt, int32_t st, uint64_t size)
{
	dsl_ctype_t *s;

	if (!valid(tt, st))
		return 0;
	s = &tt->tt_types[st];
	if ((s->ty_kind != TY_STRUCT && s->ty_kind != TY_UNION) ||
	    s->ty_complete || s->ty_nmem != 0)
		return 0;
	s->ty_size = size;
	s->ty_complete = 1;
	return st;
}

int32_t
dsl_type_lookup(const dsl_typetab_t *tt, const char *name)
{
	static const struct { const char *pfx; int kind; } tags[] = {
		{ "struct ", TY_STRUCT }, { "union ", TY_UNION },
		{ "enum ", TY_ENUM },
	};
	size_t i, n;
	int32_t t;

	if (tt == NULL || name == NULL)
		return 0;
	for (i = 0; i < sizeof(tags) / sizeof(tags[0]); i++) {
		n = strlen(tags[i].pfx);
		if (strncmp(name, tags[i].pfx, n) == 0)
			return dsl_type_find(tt, tags[i].kind, name + n);
	}
	if ((t = dsl_type_find(tt, TY_TYPEDEF, name)) != 0)
		return t;
	if ((t = dsl_type_find(tt, TY_INT, name)) != 0)
		return t;
	if ((t = dsl_type_find(tt, TY_FLOAT, name)) != 0)
		return t;
	return dsl_type_find(tt, TY_VOID, name);
}
