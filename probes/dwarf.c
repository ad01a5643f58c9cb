/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf: function parameter and return types from DWARF (libdw).
 *
 * A compile unit is read once, when a function in it is first asked
 * for: one walk of its DIEs records where each subprogram starts and, in
 * C++, the scope ("std::", "leveldb::") of each type and function
 * declared inside a namespace or class, since libdw keeps no parent
 * links.  A function's types are then copied out into a graph indexed
 * by number (dwarf.h), following DW_AT_type from its parameters down to
 * base types, each DIE once (struct rec { struct rec *next; } ends).
 */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/grow.h"
#include "probes/dwarf.h"

/* Past this many types, structs are described without members: a
 * function taking a node::Environment* must not copy half of V8. */
#define MAX_TYPES	2048

/* A DIE declared inside a namespace or class: its scope prefix. */
struct scope {
	Dwarf_Off sc_off;
	const char *sc_prefix;	/* "std::", owned by the cu's sc_strs */
};

/* A subprogram definition: where its code starts. */
struct fent {
	uint64_t fe_addr;
	Dwarf_Off fe_off;
};

struct cu {
	Dwarf_Off cu_off;	/* of the unit DIE */
	bool cu_cxx;
	struct scope *cu_scopes;	/* ascending sc_off */
	size_t cu_nscopes, cu_scap;
	char **cu_strs;		/* prefixes, owned */
	size_t cu_nstrs;
	struct fent *cu_funcs;	/* ascending fe_addr */
	size_t cu_nfuncs, cu_fcap;
	struct cu *cu_next;
};

/* A compile unit's address range, for units .debug_aranges lacks. */
struct curange {
	uint64_t cr_lo, cr_hi;
	Dwarf_Off cr_off;	/* of the unit DIE */
};

/* An inlined copy: the abstract function it copies, where it starts. */
struct inl {
	Dwarf_Off in_origin;	/* the DW_AT_inline subprogram */
	uint64_t in_pc;
};

struct pb_dwarf {
	int dw_fd;
	Dwarf *dw_dbg;
	struct cu *dw_cus;
	struct inl *dw_inl;	/* every inlined copy, by in_origin then
				 * in_pc; built on first need */
	size_t dw_ninl;
	bool dw_inldone;
	struct curange *dw_ranges;	/* ascending cr_lo, built on first
					 * need */
	size_t dw_nranges;
	bool dw_rangesdone;
};

pb_dwarf_t *
pb_dwarf_open(const char *path, char *err, size_t errlen)
{
	pb_dwarf_t *dw;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	dw = calloc(1, sizeof(*dw));
	if (dw == NULL) {
		close(fd);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return NULL;
	}
	dw->dw_fd = fd;
	dw->dw_dbg = dwarf_begin(fd, DWARF_C_READ);
	if (dw->dw_dbg == NULL) {
		snprintf(err, errlen, "%s", dwarf_errmsg(-1));
		close(fd);
		free(dw);
		return NULL;
	}
	return dw;
}

static void
cu_free(struct cu *c)
{
	while (c->cu_nstrs > 0)
		free(c->cu_strs[--c->cu_nstrs]);
	free(c->cu_strs);
	free(c->cu_scopes);
	free(c->cu_funcs);
	free(c);
}

void
pb_dwarf_close(pb_dwarf_t *dw)
{
	struct cu *c, *next;

	if (dw == NULL)
		return;
	for (c = dw->dw_cus; c != NULL; c = next) {
		next = c->cu_next;
		cu_free(c);
	}
	free(dw->dw_ranges);
	free(dw->dw_inl);
	dwarf_end(dw->dw_dbg);
	close(dw->dw_fd);
	free(dw);
}

static int
curange_cmp(const void *a, const void *b)
{
	const struct curange *x = a, *y = b;

	return (x->cr_lo > y->cr_lo) - (x->cr_lo < y->cr_lo);
}

/*
 * The unit holding addr when .debug_aranges does not say (Go writes
 * none: dwarf_addrdie finds nothing there): every unit's ranges, read
 * once, sorted.  Returns cudie or NULL.
 */
static Dwarf_Die *
unit_at(pb_dwarf_t *dw, uint64_t addr, Dwarf_Die *cudie)
{
	Dwarf_Off off = 0, next;
	size_t hsize, lo = 0, hi;
	Dwarf_Addr base, start, end;
	ptrdiff_t k;

	if (!dw->dw_rangesdone) {
		size_t cap = 0;

		dw->dw_rangesdone = true;
		while (dwarf_nextcu(dw->dw_dbg, off, &next, &hsize, NULL,
		    NULL, NULL) == 0) {
			if (dwarf_offdie(dw->dw_dbg, off + hsize, cudie) !=
			    NULL) {
				for (k = 0; (k = dwarf_ranges(cudie, k, &base,
				    &start, &end)) > 0; ) {
					struct curange *r;

					if (dw->dw_nranges == cap) {
						cap = cap ? cap * 2 : 256;
						r = realloc(dw->dw_ranges,
						    cap * sizeof(*r));
						if (r == NULL)
							return NULL;
						dw->dw_ranges = r;
					}
					r = &dw->dw_ranges[dw->dw_nranges++];
					r->cr_lo = start;
					r->cr_hi = end;
					r->cr_off = off + hsize;
				}
			}
			off = next;
		}
		if (dw->dw_nranges > 1)
			qsort(dw->dw_ranges, dw->dw_nranges,
			    sizeof(*dw->dw_ranges), curange_cmp);
	}
	hi = dw->dw_nranges;
	while (lo < hi) {	/* the last range starting at or below */
		size_t m = lo + (hi - lo) / 2;

		if (dw->dw_ranges[m].cr_lo <= addr)
			lo = m + 1;
		else
			hi = m;
	}
	if (lo == 0 || addr >= dw->dw_ranges[lo - 1].cr_hi)
		return NULL;
	return dwarf_offdie(dw->dw_dbg, dw->dw_ranges[lo - 1].cr_off, cudie);
}

/* ---- one walk of a compile unit ---- */

static bool
is_cxx(int lang)
{
	return lang == DW_LANG_C_plus_plus || lang == DW_LANG_C_plus_plus_03 ||
	    lang == DW_LANG_C_plus_plus_11 || lang == DW_LANG_C_plus_plus_14;
}

/* Where a subprogram's code starts: low_pc, or its first range. */
static int
entry_addr(Dwarf_Die *d, uint64_t *addr)
{
	Dwarf_Addr lo, base, start, end;

	if (dwarf_lowpc(d, &lo) == 0) {
		*addr = lo;
		return 0;
	}
	if (dwarf_ranges(d, 0, &base, &start, &end) > 0) {
		*addr = start;
		return 0;
	}
	return -1;
}

static int
add_scope(struct cu *c, Dwarf_Off off, const char *prefix)
{
	struct scope *p = array_room(c->cu_scopes, c->cu_nscopes, &c->cu_scap,
	    sizeof(*p), 256);

	if (p == NULL)
		return -1;
	c->cu_scopes = p;
	c->cu_scopes[c->cu_nscopes].sc_off = off;
	c->cu_scopes[c->cu_nscopes++].sc_prefix = prefix;
	return 0;
}

static int
add_func(struct cu *c, uint64_t addr, Dwarf_Off off)
{
	struct fent *p = array_room(c->cu_funcs, c->cu_nfuncs, &c->cu_fcap,
	    sizeof(*p), 256);

	if (p == NULL)
		return -1;
	c->cu_funcs = p;
	c->cu_funcs[c->cu_nfuncs].fe_addr = addr;
	c->cu_funcs[c->cu_nfuncs++].fe_off = off;
	return 0;
}

/* A new prefix: prefix + name + "::", kept by the cu. */
static const char *
new_prefix(struct cu *c, const char *prefix, const char *name)
{
	char *s, **p;

	if (asprintf(&s, "%s%s::", prefix, name) < 0)
		return NULL;
	p = realloc(c->cu_strs, (c->cu_nstrs + 1) * sizeof(*p));
	if (p == NULL) {
		free(s);
		return NULL;
	}
	c->cu_strs = p;
	p[c->cu_nstrs++] = s;
	return s;
}

/*
 * The children of die, in scope prefix ("" at the top).  Namespaces,
 * classes, structs, unions and enums (C++'s enum class) open a scope.
 * Subprogram bodies are not entered: their local types are rare, and a
 * function-local type is named as gdb names it without its function.
 */
static int
walk(struct cu *c, Dwarf_Die *die, const char *prefix, int depth)
{
	Dwarf_Die ch;
	int tag;

	if (depth > 64 || dwarf_child(die, &ch) != 0)
		return 0;
	do {
		const char *name;
		uint64_t addr;

		tag = dwarf_tag(&ch);
		if (prefix[0] != '\0' && add_scope(c, dwarf_dieoffset(&ch),
		    prefix) < 0)
			return -1;
		switch (tag) {
		case DW_TAG_subprogram:
			if (entry_addr(&ch, &addr) == 0 &&
			    add_func(c, addr, dwarf_dieoffset(&ch)) < 0)
				return -1;
			break;
		case DW_TAG_namespace:
		case DW_TAG_class_type:
		case DW_TAG_structure_type:
		case DW_TAG_union_type:
		case DW_TAG_enumeration_type:
			if (!c->cu_cxx || !dwarf_haschildren(&ch))
				break;
			name = dwarf_diename(&ch);
			if (name == NULL)
				name = tag == DW_TAG_namespace ?
				    "(anonymous namespace)" : NULL;
			if (name == NULL)
				break;
			name = new_prefix(c, prefix, name);
			if (name == NULL || walk(c, &ch, name, depth + 1) < 0)
				return -1;
			break;
		default:
			break;
		}
	} while (dwarf_siblingof(&ch, &ch) == 0);
	return 0;
}

static int
fent_cmp(const void *a, const void *b)
{
	const struct fent *x = a, *y = b;

	return x->fe_addr < y->fe_addr ? -1 : x->fe_addr > y->fe_addr;
}

static int
scope_cmp(const void *a, const void *b)
{
	const struct scope *x = a, *y = b;

	return x->sc_off < y->sc_off ? -1 : x->sc_off > y->sc_off;
}

/* The cu record of unit DIE cudie, walked on first use; NULL: ENOMEM. */
static struct cu *
cu_get(pb_dwarf_t *dw, Dwarf_Die *cudie)
{
	Dwarf_Off off = dwarf_dieoffset(cudie);
	struct cu *c;

	for (c = dw->dw_cus; c != NULL; c = c->cu_next)
		if (c->cu_off == off)
			return c;
	c = calloc(1, sizeof(*c));
	if (c == NULL)
		return NULL;
	c->cu_off = off;
	c->cu_cxx = is_cxx(dwarf_srclang(cudie));
	if (walk(c, cudie, "", 0) < 0) {
		cu_free(c);
		errno = ENOMEM;
		return NULL;
	}
	if (c->cu_nfuncs > 1)
		qsort(c->cu_funcs, c->cu_nfuncs, sizeof(*c->cu_funcs),
		    fent_cmp);
	if (c->cu_nscopes > 1)	/* DFS order is ascending already */
		qsort(c->cu_scopes, c->cu_nscopes, sizeof(*c->cu_scopes),
		    scope_cmp);
	c->cu_next = dw->dw_cus;
	dw->dw_cus = c;
	return c;
}

/* The scope prefix of die ("" if none or unknown). */
static const char *
scope_of(pb_dwarf_t *dw, Dwarf_Die *die)
{
	Dwarf_Die cudie;
	struct scope key, *s;
	struct cu *c;

	if (dwarf_diecu(die, &cudie, NULL, NULL) == NULL ||
	    (c = cu_get(dw, &cudie)) == NULL || !c->cu_cxx ||
	    c->cu_nscopes == 0)
		return "";
	key.sc_off = dwarf_dieoffset(die);
	s = bsearch(&key, c->cu_scopes, c->cu_nscopes, sizeof(key),
	    scope_cmp);
	return s != NULL ? s->sc_prefix : "";
}

/* ---- copying types out ---- */

struct coll {
	pb_dwarf_t *co_dw;
	pb_dwfunc_t *co_f;
	Dwarf_Off *co_offs;	/* DIE of each df_types entry */
	size_t co_cap;
	bool co_nomem;
};

static char *
xstrdup(struct coll *co, const char *s)
{
	char *p;

	if (s == NULL)
		return NULL;
	p = strdup(s);
	if (p == NULL)
		co->co_nomem = true;
	return p;
}

static int32_t type_of(struct coll *co, Dwarf_Die *die);
static int byref(struct coll *co, int32_t t, Dwarf_Die *die);

/* The type DW_AT_type of die names; -1 for none (void). */
static int32_t
ref_type(struct coll *co, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die t;

	if (dwarf_attr_integrate(die, DW_AT_type, &a) == NULL ||
	    dwarf_formref_die(&a, &t) == NULL)
		return -1;
	return type_of(co, &t);
}

static uint64_t
udata(Dwarf_Die *die, int at, uint64_t dflt)
{
	Dwarf_Attribute a;
	Dwarf_Word w;

	if (dwarf_attr_integrate(die, at, &a) == NULL ||
	    dwarf_formudata(&a, &w) != 0)
		return dflt;
	return w;
}

static char *
qualname(struct coll *co, Dwarf_Die *die)
{
	const char *name = dwarf_diename(die), *pre;
	char *s;

	if (name == NULL)
		return NULL;
	pre = co->co_f->df_cxx ? scope_of(co->co_dw, die) : "";
	if (asprintf(&s, "%s%s", pre, name) < 0) {
		co->co_nomem = true;
		return NULL;
	}
	return s;
}

static int
add_member(struct coll *co, int32_t t, pb_dwmember_t *m)
{
	pb_dwtype_t *ty = &co->co_f->df_types[t];
	pb_dwmember_t *p;

	p = realloc(ty->ty_members, (ty->ty_nmembers + 1) * sizeof(*p));
	if (p == NULL) {
		co->co_nomem = true;
		free(m->mb_name);
		return -1;
	}
	ty->ty_members = p;
	p[ty->ty_nmembers++] = *m;
	return 0;
}

/* Members, enumerators or parameter types of the type at t (die). */
static void
fill_members(struct coll *co, int32_t t, Dwarf_Die *die)
{
	Dwarf_Die ch;
	Dwarf_Attribute a;
	Dwarf_Sword sv;
	pb_dwkind_t kind = co->co_f->df_types[t].ty_kind;

	if (dwarf_child(die, &ch) != 0)
		return;
	do {
		pb_dwmember_t m;
		int tag = dwarf_tag(&ch);

		memset(&m, 0, sizeof(m));
		m.mb_type = -1;
		if (kind == PB_DW_ENUM && tag == DW_TAG_enumerator) {
			m.mb_name = xstrdup(co, dwarf_diename(&ch));
			if (dwarf_attr(&ch, DW_AT_const_value, &a) != NULL &&
			    dwarf_formsdata(&a, &sv) == 0)
				m.mb_value = sv;
		} else if (kind == PB_DW_FUNC &&
		    tag == DW_TAG_formal_parameter) {
			m.mb_type = ref_type(co, &ch);
		} else if (kind == PB_DW_STRUCT &&
		    tag == DW_TAG_inheritance) {
			/* a C++ base class: an unnamed member at its offset
			 * (DW_AT_data_member_location a constant; a virtual
			 * base's is an expression, left out) */
			if (dwarf_hasattr(&ch, DW_AT_virtuality))
				continue;
			m.mb_type = ref_type(co, &ch);
			m.mb_off = udata(&ch, DW_AT_data_member_location, 0);
		} else if ((kind == PB_DW_STRUCT || kind == PB_DW_UNION) &&
		    tag == DW_TAG_member &&
		    !dwarf_hasattr(&ch, DW_AT_external)) {
			/* (static data members are external declarations) */
			m.mb_name = xstrdup(co, dwarf_diename(&ch));
			m.mb_type = ref_type(co, &ch);
			m.mb_off = udata(&ch, DW_AT_data_member_location, 0);
			m.mb_bitsize = (uint32_t)udata(&ch, DW_AT_bit_size, 0);
			if (m.mb_bitsize != 0 &&
			    dwarf_hasattr(&ch, DW_AT_data_bit_offset)) {
				uint64_t bo = udata(&ch, DW_AT_data_bit_offset,
				    0);

				m.mb_off = bo / 8;
				m.mb_bitoff = (uint32_t)(bo % 8);
			}
		} else {
			continue;
		}
		if (co->co_nomem || add_member(co, t, &m) < 0)
			return;
	} while (dwarf_siblingof(&ch, &ch) == 0);
}

/* The struct or class ty refers to, through typedefs, qualifiers and
 * arrays; NULL if none. */
static const pb_dwtype_t *
struct_of(const pb_dwfunc_t *f, int32_t ty)
{
	int hops;

	for (hops = 0; ty >= 0 && (size_t)ty < f->df_ntypes && hops < 64;
	    hops++) {
		const pb_dwtype_t *y = &f->df_types[ty];

		if (y->ty_kind == PB_DW_STRUCT)
			return y;
		if (y->ty_kind != PB_DW_TYPEDEF && y->ty_kind != PB_DW_CONST &&
		    y->ty_kind != PB_DW_VOLATILE && y->ty_kind != PB_DW_ARRAY)
			return NULL;
		ty = y->ty_ref;
	}
	return NULL;
}

/* The name of the class a reference-typed DIE refers to, or NULL. */
static const char *
ref_class(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die t;
	int hops, tag;

	if (dwarf_attr_integrate(die, DW_AT_type, &a) == NULL ||
	    dwarf_formref_die(&a, &t) == NULL)
		return NULL;
	tag = dwarf_tag(&t);
	if (tag != DW_TAG_reference_type && tag != DW_TAG_rvalue_reference_type)
		return NULL;
	for (hops = 0; hops < 8; hops++) {
		if (dwarf_attr_integrate(&t, DW_AT_type, &a) == NULL ||
		    dwarf_formref_die(&a, &t) == NULL)
			return NULL;
		tag = dwarf_tag(&t);
		if (tag == DW_TAG_class_type || tag == DW_TAG_structure_type)
			return dwarf_diename(&t);
		if (tag != DW_TAG_const_type && tag != DW_TAG_volatile_type &&
		    tag != DW_TAG_typedef)
			return NULL;
	}
	return NULL;
}

/*
 * Whether class t (die) is non-trivial for the purposes of calls, so
 * that the Itanium C++ ABI passes and returns its values by invisible
 * reference (a pointer to a temporary; std::string is one): its
 * DW_AT_calling_convention says so (clang writes it), else what GCC's
 * DWARF shows of it: a destructor, copy or move constructor that was
 * declared (not DW_AT_artificial), a virtual function, or a base or
 * member of such a class.  A class whose implicit members alone are
 * non-trivial, and whose DWARF lists none, is missed: it stays a
 * value.
 */
static int
byref(struct coll *co, int32_t t, Dwarf_Die *die)
{
	const pb_dwtype_t *ty = &co->co_f->df_types[t];
	Dwarf_Attribute a;
	Dwarf_Die ch, p;
	bool flag;
	char base[256];
	const char *name = dwarf_diename(die), *lt;
	size_t i;

	if (dwarf_attr(die, DW_AT_calling_convention, &a) != NULL) {
		Dwarf_Word cc;

		if (dwarf_formudata(&a, &cc) == 0)
			return cc == DW_CC_pass_by_reference;
	}
	for (i = 0; i < ty->ty_nmembers; i++) {
		const pb_dwtype_t *m = struct_of(co->co_f,
		    ty->ty_members[i].mb_type);

		if (m != NULL && m != ty && m->ty_byref)
			return 1;
	}
	/* basic_string<char, ...> has constructors named basic_string */
	snprintf(base, sizeof(base), "%s", name != NULL ? name : "");
	if ((lt = strchr(base, '<')) != NULL)
		base[lt - base] = '\0';
	if (dwarf_child(die, &ch) != 0)
		return 0;
	do {
		const char *fn;
		int nparams = 0;
		const char *refd = NULL;

		if (dwarf_tag(&ch) != DW_TAG_subprogram)
			continue;
		if (dwarf_hasattr(&ch, DW_AT_virtuality))
			return 1;
		if (dwarf_attr(&ch, DW_AT_artificial, &a) != NULL &&
		    dwarf_formflag(&a, &flag) == 0 && flag)
			continue;
		/* "= default" in the class is trivial (string_view's copy
		 * constructor), "= delete" no copy at all */
		if (dwarf_attr(&ch, DW_AT_defaulted, &a) != NULL) {
			Dwarf_Word dv;

			if (dwarf_formudata(&a, &dv) == 0 &&
			    dv == DW_DEFAULTED_in_class)
				continue;
		}
		if (dwarf_hasattr(&ch, DW_AT_deleted))
			continue;
		if ((fn = dwarf_diename(&ch)) == NULL)
			continue;
		if (fn[0] == '~')
			return 1;
		if (base[0] == '\0' || strcmp(fn, base) != 0 ||
		    dwarf_child(&ch, &p) != 0)
			continue;
		/* X(const X &) or X(X &&): one parameter after `this` */
		do {
			if (dwarf_tag(&p) != DW_TAG_formal_parameter ||
			    dwarf_hasattr(&p, DW_AT_artificial))
				continue;
			if (nparams++ == 0)
				refd = ref_class(&p);
		} while (dwarf_siblingof(&p, &p) == 0);
		if (nparams == 1 && refd != NULL && name != NULL &&
		    strcmp(refd, name) == 0)
			return 1;
	} while (dwarf_siblingof(&ch, &ch) == 0);
	return 0;
}

/* A new entry for die, before its contents (cycles end on it). */
static int32_t
new_type(struct coll *co, Dwarf_Die *die, pb_dwkind_t kind)
{
	pb_dwfunc_t *f = co->co_f;

	if (f->df_ntypes == co->co_cap) {
		size_t n = co->co_cap ? co->co_cap * 2 : 16;
		pb_dwtype_t *p = realloc(f->df_types, n * sizeof(*p));
		Dwarf_Off *o = realloc(co->co_offs, n * sizeof(*o));

		if (p != NULL)
			f->df_types = p;
		if (o != NULL)
			co->co_offs = o;
		if (p == NULL || o == NULL) {
			co->co_nomem = true;
			return -1;
		}
		co->co_cap = n;
	}
	memset(&f->df_types[f->df_ntypes], 0, sizeof(pb_dwtype_t));
	f->df_types[f->df_ntypes].ty_kind = kind;
	f->df_types[f->df_ntypes].ty_ref = -1;
	co->co_offs[f->df_ntypes] = dwarf_dieoffset(die);
	return (int32_t)f->df_ntypes++;
}

/* One array dimension per subrange, outermost first: int a[2][3] is an
 * array of 2 arrays of 3. */
static int32_t
array_type(struct coll *co, Dwarf_Die *die, int32_t t)
{
	Dwarf_Die ch;
	uint64_t counts[8];
	int n = 0, i;
	int32_t elem, cur;

	if (dwarf_child(die, &ch) == 0) {
		do {
			if (dwarf_tag(&ch) != DW_TAG_subrange_type || n == 8)
				continue;
			if (dwarf_hasattr(&ch, DW_AT_count))
				counts[n++] = udata(&ch, DW_AT_count, 0);
			else if (dwarf_hasattr(&ch, DW_AT_upper_bound))
				counts[n++] = udata(&ch, DW_AT_upper_bound,
				    0) + 1;
			else
				counts[n++] = 0;
		} while (dwarf_siblingof(&ch, &ch) == 0);
	}
	elem = ref_type(co, die);
	if (co->co_nomem)
		return -1;
	if (n == 0)
		counts[n++] = 0;
	/* Inner dimensions get entries of their own (no DIE: offset 0
	 * never matches a type DIE). */
	cur = elem;
	for (i = n - 1; i > 0; i--) {
		int32_t a = new_type(co, die, PB_DW_ARRAY);

		if (a < 0)
			return -1;
		co->co_offs[a] = 0;
		co->co_f->df_types[a].ty_ref = cur;
		co->co_f->df_types[a].ty_count = counts[i];
		if (cur >= 0)
			co->co_f->df_types[a].ty_size = counts[i] *
			    co->co_f->df_types[cur].ty_size;
		cur = a;
	}
	co->co_f->df_types[t].ty_ref = cur;
	co->co_f->df_types[t].ty_count = counts[0];
	co->co_f->df_types[t].ty_size = udata(die, DW_AT_byte_size,
	    cur >= 0 ? counts[0] * co->co_f->df_types[cur].ty_size : 0);
	return t;
}

static int32_t
type_of(struct coll *co, Dwarf_Die *die)
{
	pb_dwfunc_t *f = co->co_f;
	Dwarf_Off off = dwarf_dieoffset(die);
	pb_dwkind_t kind;
	int32_t t, r;
	size_t i;
	int tag = dwarf_tag(die);

	if (co->co_nomem)
		return -1;
	for (i = 0; i < f->df_ntypes; i++)
		if (co->co_offs[i] == off)
			return (int32_t)i;
	switch (tag) {
	case DW_TAG_base_type:
	case DW_TAG_unspecified_type:	kind = PB_DW_BASE; break;
	case DW_TAG_pointer_type:	kind = PB_DW_POINTER; break;
	case DW_TAG_reference_type:	kind = PB_DW_REF; break;
	case DW_TAG_rvalue_reference_type: kind = PB_DW_RVREF; break;
	case DW_TAG_const_type:		kind = PB_DW_CONST; break;
	case DW_TAG_volatile_type:	kind = PB_DW_VOLATILE; break;
	case DW_TAG_typedef:		kind = PB_DW_TYPEDEF; break;
	case DW_TAG_structure_type:
	case DW_TAG_class_type:		kind = PB_DW_STRUCT; break;
	case DW_TAG_union_type:		kind = PB_DW_UNION; break;
	case DW_TAG_enumeration_type:	kind = PB_DW_ENUM; break;
	case DW_TAG_array_type:		kind = PB_DW_ARRAY; break;
	case DW_TAG_subroutine_type:	kind = PB_DW_FUNC; break;
	case DW_TAG_restrict_type:
	case DW_TAG_atomic_type:
		/* As gdb's ptype mostly shows them: the type itself. */
		return ref_type(co, die);
	default:			kind = PB_DW_UNKNOWN; break;
	}
	t = new_type(co, die, kind);
	if (t < 0)
		return -1;
	/* Go's own attribute, DW_AT_go_kind (cmd/link's dwarf.go) */
	f->df_types[t].ty_gokind = (uint8_t)udata(die, 0x2900, 0);
	switch (kind) {
	case PB_DW_BASE:
		f->df_types[t].ty_name = xstrdup(co, dwarf_diename(die));
		f->df_types[t].ty_size = udata(die, DW_AT_byte_size, 0);
		f->df_types[t].ty_enc = (uint8_t)udata(die, DW_AT_encoding, 0);
		break;
	case PB_DW_POINTER:
	case PB_DW_REF:
	case PB_DW_RVREF:
		f->df_types[t].ty_size = udata(die, DW_AT_byte_size, 8);
		r = ref_type(co, die);
		co->co_f->df_types[t].ty_ref = r;
		break;
	case PB_DW_CONST:
	case PB_DW_VOLATILE:
		r = ref_type(co, die);
		co->co_f->df_types[t].ty_ref = r;
		if (r >= 0)
			co->co_f->df_types[t].ty_size =
			    co->co_f->df_types[r].ty_size;
		break;
	case PB_DW_TYPEDEF:
		f->df_types[t].ty_name = qualname(co, die);
		r = ref_type(co, die);
		co->co_f->df_types[t].ty_ref = r;
		if (r >= 0)
			co->co_f->df_types[t].ty_size =
			    co->co_f->df_types[r].ty_size;
		break;
	case PB_DW_STRUCT:
	case PB_DW_UNION:
	case PB_DW_ENUM:
		f->df_types[t].ty_name = qualname(co, die);
		f->df_types[t].ty_size = udata(die, DW_AT_byte_size, 0);
		if (dwarf_hasattr(die, DW_AT_declaration) ||
		    f->df_ntypes > MAX_TYPES)
			f->df_types[t].ty_incomplete = 1;
		else
			fill_members(co, t, die);
		if (kind == PB_DW_STRUCT && f->df_cxx && !co->co_nomem &&
		    !co->co_f->df_types[t].ty_incomplete)
			co->co_f->df_types[t].ty_byref = (uint8_t)byref(co, t,
			    die);
		break;
	case PB_DW_ARRAY:
		return array_type(co, die, t);
	case PB_DW_FUNC:
		r = ref_type(co, die);
		co->co_f->df_types[t].ty_ref = r;
		fill_members(co, t, die);
		break;
	default:
		f->df_types[t].ty_name = xstrdup(co, "(unknown)");
		break;
	}
	return co->co_nomem ? -1 : t;
}

void
pb_dwfunc_free(pb_dwfunc_t *f)
{
	size_t i, j;

	if (f == NULL)
		return;
	for (i = 0; i < f->df_ntypes; i++) {
		for (j = 0; j < f->df_types[i].ty_nmembers; j++)
			free(f->df_types[i].ty_members[j].mb_name);
		free(f->df_types[i].ty_members);
		free(f->df_types[i].ty_name);
	}
	for (i = 0; i < f->df_nparams; i++)
		free(f->df_params[i].pa_name);
	free(f->df_params);
	free(f->df_types);
	free(f->df_name);
	memset(f, 0, sizeof(*f));
}

int
pb_dwarf_func(pb_dwarf_t *dw, uint64_t addr, pb_dwfunc_t *out)
{
	Dwarf_Die cudie, die, ch;
	Dwarf_Attribute a;
	struct fent key, *fe;
	struct coll co;
	struct cu *c;

	memset(out, 0, sizeof(*out));
	if (dwarf_addrdie(dw->dw_dbg, addr, &cudie) == NULL &&
	    unit_at(dw, addr, &cudie) == NULL)
		return 0;
	c = cu_get(dw, &cudie);
	if (c == NULL)
		return -1;
	key.fe_addr = addr;
	fe = c->cu_nfuncs ? bsearch(&key, c->cu_funcs, c->cu_nfuncs,
	    sizeof(key), fent_cmp) : NULL;
	if (fe == NULL || dwarf_offdie(dw->dw_dbg, fe->fe_off, &die) == NULL)
		return 0;

	memset(&co, 0, sizeof(co));
	co.co_dw = dw;
	co.co_f = out;
	out->df_cxx = c->cu_cxx;
	out->df_lang = dwarf_srclang(&cudie);
	if (dwarf_attr(&cudie, DW_AT_producer, &a) != NULL &&
	    dwarf_formstring(&a) != NULL &&
	    strstr(dwarf_formstring(&a), "regabi") != NULL)
		out->df_regabi = 1;
	if (dwarf_attr_integrate(&die, DW_AT_name, &a) != NULL)
		out->df_name = xstrdup(&co, dwarf_formstring(&a));
	out->df_ret = ref_type(&co, &die);
	if (dwarf_child(&die, &ch) == 0) {
		do {
			pb_dwparam_t *p;

			if (dwarf_tag(&ch) != DW_TAG_formal_parameter)
				continue;
			p = realloc(out->df_params,
			    (out->df_nparams + 1) * sizeof(*p));
			if (p == NULL) {
				co.co_nomem = true;
				break;
			}
			out->df_params = p;
			p = &p[out->df_nparams++];
			p->pa_name = NULL;
			/* An out-of-line copy of an inline function names
			 * its parameters through DW_AT_abstract_origin. */
			if (dwarf_attr_integrate(&ch, DW_AT_name, &a) != NULL)
				p->pa_name = xstrdup(&co,
				    dwarf_formstring(&a));
			p->pa_out = 0;
			if (out->df_lang == DW_LANG_Go &&
			    dwarf_attr(&ch, DW_AT_variable_parameter, &a) !=
			    NULL) {
				bool v = false;

				p->pa_out = dwarf_formflag(&a, &v) == 0 && v;
			}
			p->pa_type = ref_type(&co, &ch);
		} while (!co.co_nomem && dwarf_siblingof(&ch, &ch) == 0);
	}
	free(co.co_offs);
	if (co.co_nomem) {
		pb_dwfunc_free(out);
		errno = ENOMEM;
		return -1;
	}
	return 1;
}

/* ---- names ---- */

/* Put pre before and post after the declarator text in d. */
static void
sb_set(char *d, size_t len, const char *pre, const char *post)
{
	char tmp[1024];

	snprintf(tmp, sizeof(tmp), "%s%s%s", pre, d, post);
	snprintf(d, len, "%s", tmp);
}

const char *
pb_dwtype_name(const pb_dwfunc_t *f, int32_t ty, char *buf, size_t len)
{
	char decl[1024] = "", base[512], sub[512];
	const char *quals = "";
	int32_t t = ty;
	int guard = 0;

	for (;;) {
		const pb_dwtype_t *y = t >= 0 && (size_t)t < f->df_ntypes ?
		    &f->df_types[t] : NULL;
		const char *kw = "";

		if (y == NULL || ++guard > 64) {
			snprintf(base, sizeof(base), "void");
			break;
		}
		switch (y->ty_kind) {
		case PB_DW_CONST:
		case PB_DW_VOLATILE:
			/* const volatile: gdb says "const volatile" */
			quals = y->ty_kind == PB_DW_CONST ?
			    (quals[0] ? "const volatile" : "const") :
			    (quals[0] ? "const volatile" : "volatile");
			t = y->ty_ref;
			continue;
		case PB_DW_POINTER:
		case PB_DW_REF:
		case PB_DW_RVREF: {
			const char *op = y->ty_kind == PB_DW_POINTER ? "*" :
			    y->ty_kind == PB_DW_REF ? "&" : "&&";
			char pre[64];

			/* gdb: "char **", "const char * const *" */
			snprintf(pre, sizeof(pre), "%s%s%s%s", op,
			    quals[0] ? " " : "", quals,
			    decl[0] && quals[0] ? " " : "");
			sb_set(decl, sizeof(decl), pre, "");
			quals = "";
			t = y->ty_ref;
			continue;
		}
		case PB_DW_ARRAY:
			if (decl[0])
				sb_set(decl, sizeof(decl), "(", ")");
			if (y->ty_count)
				snprintf(sub, sizeof(sub), "[%llu]",
				    (unsigned long long)y->ty_count);
			else
				snprintf(sub, sizeof(sub), "[]");
			sb_set(decl, sizeof(decl), "", sub);
			t = y->ty_ref;
			continue;
		case PB_DW_FUNC: {
			size_t i;
			char p[512] = "(", one[256];

			if (decl[0])
				sb_set(decl, sizeof(decl), "(", ")");
			for (i = 0; i < y->ty_nmembers; i++) {
				pb_dwtype_name(f, y->ty_members[i].mb_type,
				    one, sizeof(one));
				if (i > 0)
					strncat(p, ", ", sizeof(p) -
					    strlen(p) - 1);
				strncat(p, one, sizeof(p) - strlen(p) - 1);
			}
			if (y->ty_nmembers == 0 && !f->df_cxx)
				strncat(p, "void", sizeof(p) - strlen(p) - 1);
			strncat(p, ")", sizeof(p) - strlen(p) - 1);
			sb_set(decl, sizeof(decl), "", p);
			t = y->ty_ref;
			continue;
		}
		case PB_DW_STRUCT:
			kw = f->df_cxx ? "" : "struct ";
			break;
		case PB_DW_UNION:
			kw = f->df_cxx ? "" : "union ";
			break;
		case PB_DW_ENUM:
			kw = f->df_cxx ? "" : "enum ";
			break;
		default:
			break;
		}
		/* gdb: an anonymous union is "union {...}" in C++ too */
		if (y->ty_name == NULL && kw[0] == '\0')
			kw = y->ty_kind == PB_DW_STRUCT ? "struct " :
			    y->ty_kind == PB_DW_UNION ? "union " :
			    y->ty_kind == PB_DW_ENUM ? "enum " : "";
		snprintf(base, sizeof(base), "%s%s", kw,
		    y->ty_name != NULL ? y->ty_name : "{...}");
		break;
	}
	/* A declarator starting with "(" or "[" follows the base after a
	 * space too: "int (*)(int)", "char [16]". */
	snprintf(buf, len, "%s%s%s%s%s", quals, quals[0] ? " " : "", base,
	    decl[0] ? " " : "", decl);
	return buf;
}

/* ---- inlined copies ---- */

static int
inl_cmp(const void *a, const void *b)
{
	const struct inl *x = a, *y = b;

	if (x->in_origin != y->in_origin)
		return x->in_origin < y->in_origin ? -1 : 1;
	return (x->in_pc > y->in_pc) - (x->in_pc < y->in_pc);
}

/* The DIE an abstract_origin attribute of die names: its offset, or 0. */
static Dwarf_Off
origin_of(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Die o;

	if (dwarf_attr(die, DW_AT_abstract_origin, &a) == NULL ||
	    dwarf_formref_die(&a, &o) == NULL)
		return 0;
	return dwarf_dieoffset(&o);
}

/*
 * Where an inlined copy starts: DW_AT_entry_pc (DWARF 5 and GCC's
 * earlier use: an address; DWARF 5 also allows an offset from
 * low_pc), else low_pc, else the lowest of its ranges.
 */
static int
inl_entry(Dwarf_Die *d, uint64_t *pc)
{
	Dwarf_Attribute a;
	Dwarf_Addr lo, base, start, end, best = UINT64_MAX;
	Dwarf_Word off;
	ptrdiff_t k;

	if (dwarf_attr(d, DW_AT_entry_pc, &a) != NULL) {
		if (dwarf_formaddr(&a, &lo) == 0) {
			*pc = lo;
			return 0;
		}
		if (dwarf_formudata(&a, &off) == 0 &&
		    dwarf_lowpc(d, &lo) == 0) {
			*pc = lo + off;
			return 0;
		}
	}
	if (dwarf_lowpc(d, &lo) == 0) {
		*pc = lo;
		return 0;
	}
	for (k = 0; (k = dwarf_ranges(d, k, &base, &start, &end)) > 0; )
		if (start < best)
			best = start;
	if (best == UINT64_MAX)
		return -1;
	*pc = best;
	return 0;
}

/* Every inlined copy below die (any depth: copies nest in blocks and in
 * other copies). */
static int
inl_walk(pb_dwarf_t *dw, Dwarf_Die *die, size_t *cap, int depth)
{
	Dwarf_Die ch;
	uint64_t pc;
	int tag;

	if (depth > 256 || dwarf_child(die, &ch) != 0)
		return 0;
	do {
		tag = dwarf_tag(&ch);
		if (tag == DW_TAG_inlined_subroutine &&
		    inl_entry(&ch, &pc) == 0) {
			if (dw->dw_ninl == *cap) {
				size_t n = *cap ? *cap * 2 : 256;
				struct inl *p = realloc(dw->dw_inl,
				    n * sizeof(*p));

				if (p == NULL)
					return -1;
				dw->dw_inl = p;
				*cap = n;
			}
			dw->dw_inl[dw->dw_ninl].in_origin = origin_of(&ch);
			dw->dw_inl[dw->dw_ninl++].in_pc = pc;
		}
		/* types and declarations hold no code */
		if ((tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block ||
		    tag == DW_TAG_inlined_subroutine ||
		    tag == DW_TAG_namespace || tag == DW_TAG_class_type ||
		    tag == DW_TAG_structure_type ||
		    tag == DW_TAG_try_block || tag == DW_TAG_catch_block) &&
		    dwarf_haschildren(&ch) &&
		    inl_walk(dw, &ch, cap, depth + 1) < 0)
			return -1;
	} while (dwarf_siblingof(&ch, &ch) == 0);
	return 0;
}

long
pb_dwarf_inlined(pb_dwarf_t *dw, uint64_t addr, uint64_t **pcs)
{
	Dwarf_Die cudie, die;
	struct fent key, *fe;
	struct inl k, *lo;
	struct cu *c;
	Dwarf_Off origin, off = 0, next;
	size_t hsize, cap = 0, n, i;
	uint64_t *v;

	*pcs = NULL;
	if (dwarf_addrdie(dw->dw_dbg, addr, &cudie) == NULL &&
	    unit_at(dw, addr, &cudie) == NULL)
		return 0;
	if ((c = cu_get(dw, &cudie)) == NULL)
		return -1;
	key.fe_addr = addr;
	fe = c->cu_nfuncs ? bsearch(&key, c->cu_funcs, c->cu_nfuncs,
	    sizeof(key), fent_cmp) : NULL;
	/* the out-of-line copy names the abstract function it is one of;
	 * a function never inlined has no such link */
	if (fe == NULL || dwarf_offdie(dw->dw_dbg, fe->fe_off, &die) == NULL ||
	    (origin = origin_of(&die)) == 0)
		return 0;
	if (!dw->dw_inldone) {
		dw->dw_inldone = true;
		while (dwarf_nextcu(dw->dw_dbg, off, &next, &hsize, NULL, NULL,
		    NULL) == 0) {
			if (dwarf_offdie(dw->dw_dbg, off + hsize, &cudie) !=
			    NULL && inl_walk(dw, &cudie, &cap, 0) < 0) {
				errno = ENOMEM;
				return -1;
			}
			off = next;
		}
		if (dw->dw_ninl > 1)
			qsort(dw->dw_inl, dw->dw_ninl, sizeof(*dw->dw_inl),
			    inl_cmp);
	}
	k.in_origin = origin;
	k.in_pc = 0;
	for (i = 0, n = dw->dw_ninl; i < n; ) {	/* the first of origin */
		size_t m = i + (n - i) / 2;

		if (inl_cmp(&dw->dw_inl[m], &k) < 0)
			i = m + 1;
		else
			n = m;
	}
	lo = &dw->dw_inl[i];
	for (n = 0; i + n < dw->dw_ninl && lo[n].in_origin == origin; n++)
		;
	if (n == 0)
		return 0;
	v = malloc(n * sizeof(*v));
	if (v == NULL) {
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < n; i++)
		v[i] = lo[i].in_pc;
	*pcs = v;
	return (long)n;
}
