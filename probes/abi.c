/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * abi: argument words from a function's DWARF types (abi.h).
 *
 * System V x86-64 (the psABI's "Parameter Passing"): each argument is
 * classified as a whole; an aggregate of up to 16 bytes by its
 * eightbytes (INTEGER if any integer or pointer lies in it, SSE if only
 * floating point), one larger or holding a long double goes to memory,
 * on the stack; an argument whose eightbytes do not all find a register
 * goes to the stack whole.  A C++ class that is non-trivial for calls
 * (dwarf.h, ty_byref) is passed as a pointer; one returned that way,
 * or an aggregate returned in memory, takes a hidden pointer in the
 * first register, and rax holds it on return.
 *
 * Go's ABIInternal (abi-internal.md, "Function call argument and result
 * passing"): each argument is register-assigned recursively (a string
 * two integer registers, a slice three, an interface two, a struct its
 * fields, an array of one element that element); if that fails for
 * lack of registers, it goes to the stack whole, aligned to its type.
 * Results are assigned afresh from the first register; stack results
 * follow the stack arguments at a pointer-aligned offset.
 */
#include "config.h"

#include <dwarf.h>
#include <string.h>

#include "probes/abi.h"

#define SYSV_NGP	6	/* rdi rsi rdx rcx r8 r9 */
#define SYSV_NSSE	8	/* xmm0-7 */
#define GO_NFP		15	/* X0-X14 */
#define MAXDEPTH	16
#define GO_NAT		8	/* words of an argument whose registers
				 * go_regs notes */

/* ty through typedefs and qualifiers (its index in *out), or NULL. */
static const pb_dwtype_t *
strip(const pb_dwfunc_t *f, int32_t ty, int32_t *out)
{
	int hops;

	for (hops = 0; ty >= 0 && (size_t)ty < f->df_ntypes && hops < 64;
	    hops++) {
		const pb_dwtype_t *t = &f->df_types[ty];

		if (t->ty_kind != PB_DW_TYPEDEF && t->ty_kind != PB_DW_CONST &&
		    t->ty_kind != PB_DW_VOLATILE) {
			if (out != NULL)
				*out = ty;
			return t;
		}
		ty = t->ty_ref;
	}
	return NULL;
}

static bool
is_float(const pb_dwtype_t *t)
{
	return t->ty_kind == PB_DW_BASE && (t->ty_enc == DW_ATE_float ||
	    t->ty_enc == DW_ATE_complex_float);
}

static bool
is_aggregate(const pb_dwtype_t *t)
{
	return t->ty_kind == PB_DW_STRUCT || t->ty_kind == PB_DW_UNION ||
	    t->ty_kind == PB_DW_ARRAY;
}

/*
 * A counted string: a struct of a pointer to bytes and an 8-byte
 * integer, its length (a Go string, a C++ string_view, a C struct
 * {char *p; size_t n;}), or a Go slice (pointer, length, capacity).
 * *ptr and *len get the two members.
 */
static bool
counted(const pb_dwfunc_t *f, const pb_dwtype_t *t,
    const pb_dwmember_t **ptr, const pb_dwmember_t **len)
{
	const pb_dwtype_t *a, *b, *el;
	size_t i;

	*ptr = *len = NULL;
	if (t->ty_kind != PB_DW_STRUCT)
		return false;
	if (t->ty_gokind == 23 && t->ty_nmembers == 3) {	/* a slice */
		*ptr = &t->ty_members[0];
		*len = &t->ty_members[1];
		return strip(f, (*ptr)->mb_type, NULL) != NULL &&
		    strip(f, (*ptr)->mb_type, NULL)->ty_kind == PB_DW_POINTER;
	}
	if (t->ty_nmembers != 2)
		return false;
	for (i = 0; i < 2; i++) {
		a = strip(f, t->ty_members[i].mb_type, NULL);
		b = strip(f, t->ty_members[1 - i].mb_type, NULL);
		if (a == NULL || b == NULL || a->ty_kind != PB_DW_POINTER ||
		    b->ty_kind != PB_DW_BASE || b->ty_size != 8 || is_float(b))
			continue;
		el = strip(f, a->ty_ref, NULL);
		if (el == NULL || el->ty_kind != PB_DW_BASE || el->ty_size != 1)
			continue;
		*ptr = &t->ty_members[i];
		*len = &t->ty_members[1 - i];
		return true;
	}
	return false;
}

/* ---- System V ---- */

enum { C_NONE, C_INT, C_SSE };

/*
 * Classify the scalars of ty at byte off into the eightbytes cls[0..1].
 * False when the value belongs in memory (over 16 bytes, a long double,
 * something unknown).
 */
static bool
sysv_leaves(const pb_dwfunc_t *f, int32_t ty, uint64_t off, uint8_t cls[2],
    int depth)
{
	const pb_dwtype_t *t = strip(f, ty, NULL), *el;
	uint64_t i, sz;
	size_t m;

	if (t == NULL || depth > MAXDEPTH)
		return false;
	switch (t->ty_kind) {
	case PB_DW_BASE:
		sz = t->ty_size;
		if (sz == 0 || off + sz > 16 ||
		    (t->ty_enc == DW_ATE_float && sz > 8))
			return false;
		for (i = off / 8; i <= (off + sz - 1) / 8; i++)
			if (is_float(t) ? cls[i] == C_NONE : true)
				cls[i] = is_float(t) ? C_SSE : C_INT;
		return true;
	case PB_DW_POINTER:
	case PB_DW_REF:
	case PB_DW_RVREF:
	case PB_DW_ENUM:
		if (off >= 16)
			return false;
		cls[off / 8] = C_INT;
		return true;
	case PB_DW_STRUCT:
	case PB_DW_UNION:
		if (t->ty_incomplete || t->ty_byref || t->ty_size > 16)
			return false;
		for (m = 0; m < t->ty_nmembers; m++) {
			const pb_dwmember_t *mb = &t->ty_members[m];

			if (mb->mb_name == NULL && mb->mb_type < 0)
				continue;
			if (mb->mb_bitsize != 0) {
				if (off + mb->mb_off >= 16)
					return false;
				cls[(off + mb->mb_off) / 8] = C_INT;
				continue;
			}
			if (!sysv_leaves(f, mb->mb_type, off + mb->mb_off,
			    cls, depth + 1))
				return false;
		}
		return true;
	case PB_DW_ARRAY:
		el = strip(f, t->ty_ref, NULL);
		if (el == NULL || el->ty_size == 0 ||
		    t->ty_count * el->ty_size > 16)
			return false;
		for (i = 0; i < t->ty_count; i++)
			if (!sysv_leaves(f, t->ty_ref, off + i * el->ty_size,
			    cls, depth + 1))
				return false;
		return true;
	default:
		return false;
	}
}

/* The System V state: registers taken, stack bytes used. */
typedef struct sysv {
	int sv_gp, sv_sse;
	uint64_t sv_stack;
} sysv_t;

/* How a value of type ty travels: by register class or in memory. */
typedef struct sysvclass {
	bool sc_mem;		/* on the stack (in memory) */
	bool sc_byref;		/* a pointer to it travels instead */
	uint8_t sc_cls[2];	/* the eightbytes' classes */
	uint64_t sc_size;
} sysvclass_t;

static void
sysv_classify(const pb_dwfunc_t *f, int32_t ty, sysvclass_t *c)
{
	const pb_dwtype_t *t = strip(f, ty, NULL);

	memset(c, 0, sizeof(*c));
	if (t == NULL)
		return;
	c->sc_size = t->ty_size;
	if (t->ty_kind == PB_DW_STRUCT && t->ty_byref) {
		c->sc_byref = true;
		c->sc_cls[0] = C_INT;
		return;
	}
	if (t->ty_kind == PB_DW_FUNC || t->ty_kind == PB_DW_UNKNOWN) {
		c->sc_cls[0] = C_INT;	/* a pointer to member: a word */
		return;
	}
	if (!is_aggregate(t) && t->ty_kind != PB_DW_BASE) {
		c->sc_cls[0] = C_INT;	/* pointers, references, enums */
		return;
	}
	if (!sysv_leaves(f, ty, 0, c->sc_cls, 0))
		c->sc_mem = true;
}

static int
nclass(const sysvclass_t *c, int cls)
{
	return (c->sc_cls[0] == cls) + (c->sc_cls[1] == cls);
}

/* Fill al for a value of ty whose eightbyte e is in word w[e]. */
static void
place(const pb_dwfunc_t *f, int32_t ty, const int32_t w[2], bool byref,
    pb_argloc_t *al)
{
	const pb_dwtype_t *t;
	const pb_dwmember_t *p, *l;
	int32_t ti = -1;

	al->al_word = w[0] >= 0 ? w[0] : w[1];
	al->al_lenword = -1;
	al->al_type = ty;
	al->al_byref = byref;
	t = strip(f, ty, &ti);
	if (byref || t == NULL || !is_aggregate(t))
		return;
	al->al_type = -1;
	if (counted(f, t, &p, &l) && p->mb_off % 8 == 0 &&
	    l->mb_off % 8 == 0 && p->mb_off < 16 && l->mb_off < 16 &&
	    w[p->mb_off / 8] >= 0 && w[l->mb_off / 8] >= 0) {
		al->al_word = w[p->mb_off / 8];
		al->al_lenword = w[l->mb_off / 8];
		al->al_type = p->mb_type;
	}
}

static void
sysv_param(const pb_dwfunc_t *f, int32_t ty, sysv_t *s, pb_argloc_t *al)
{
	sysvclass_t c;
	int32_t w[2] = { -1, -1 };
	int e, ni, ns;

	sysv_classify(f, ty, &c);
	ni = nclass(&c, C_INT);
	ns = nclass(&c, C_SSE);
	if (!c.sc_mem && s->sv_gp + ni <= SYSV_NGP &&
	    s->sv_sse + ns <= SYSV_NSSE) {
		for (e = 0; e < 2; e++)
			if (c.sc_cls[e] == C_INT)
				w[e] = s->sv_gp++;
		s->sv_sse += ns;
		if (ni == 0) {		/* floating point only: unread */
			memset(al, 0, sizeof(*al));
			al->al_word = al->al_lenword = al->al_type = -1;
			return;
		}
		place(f, ty, w, c.sc_byref, al);
		return;
	}
	/* memory: the stack, in 8-byte words; a long double and an
	 * __int128 are 16-aligned */
	if (c.sc_size == 16 && !c.sc_byref && strip(f, ty, NULL) != NULL &&
	    strip(f, ty, NULL)->ty_kind == PB_DW_BASE)
		s->sv_stack = (s->sv_stack + 15) & ~15ULL;
	w[0] = (int32_t)(SYSV_NGP + s->sv_stack / 8);
	w[1] = w[0] + 1;
	s->sv_stack += c.sc_byref ? 8 : (c.sc_size + 7) & ~7ULL;
	if (c.sc_size == 0 && !c.sc_byref)
		s->sv_stack += 8;
	place(f, ty, w, c.sc_byref, al);
	if (!c.sc_byref && ni == 0 && !c.sc_mem)
		al->al_type = -1;	/* a float on the stack: unread */
}

/* The return value: rax (word 1) and rdx (word 2), or rax holding the
 * address of memory the caller gave. */
static bool
sysv_ret(const pb_dwfunc_t *f, pb_argloc_t *al)
{
	sysvclass_t c;
	int32_t w[2] = { -1, -1 };
	int e, next = 1;

	if (f->df_ret < 0)
		return false;
	sysv_classify(f, f->df_ret, &c);
	if (c.sc_mem || c.sc_byref) {
		w[0] = 1;
		place(f, f->df_ret, w, true, al);
		return true;
	}
	for (e = 0; e < 2; e++)
		if (c.sc_cls[e] == C_INT)
			w[e] = next++;
	if (next == 1) {
		memset(al, 0, sizeof(*al));
		al->al_word = al->al_lenword = al->al_type = -1;
		return true;
	}
	place(f, f->df_ret, w, false, al);
	return true;
}

/* Whether the return value takes a hidden pointer in rdi. */
static bool
sysv_hidden(const pb_dwfunc_t *f)
{
	sysvclass_t c;

	if (f->df_ret < 0)
		return false;
	sysv_classify(f, f->df_ret, &c);
	return c.sc_mem || c.sc_byref;
}

/* ---- Go ---- */

typedef struct gostate {
	int gs_int, gs_fp;
	uint64_t gs_stack;
} gostate_t;

/* Go's alignment of ty on amd64. */
static uint64_t
go_align(const pb_dwfunc_t *f, int32_t ty, int depth)
{
	const pb_dwtype_t *t = strip(f, ty, NULL);
	uint64_t a = 1, b;
	size_t m;

	if (t == NULL || depth > MAXDEPTH)
		return 1;
	switch (t->ty_kind) {
	case PB_DW_BASE:
		a = t->ty_enc == DW_ATE_complex_float ? t->ty_size / 2 :
		    t->ty_size;
		break;
	case PB_DW_STRUCT:
	case PB_DW_UNION:
		for (m = 0; m < t->ty_nmembers; m++)
			if ((b = go_align(f, t->ty_members[m].mb_type,
			    depth + 1)) > a)
				a = b;
		break;
	case PB_DW_ARRAY:
		a = go_align(f, t->ty_ref, depth + 1);
		break;
	default:
		a = 8;
		break;
	}
	return a == 0 ? 1 : a > 8 ? 8 : a;
}

/*
 * Register-assign ty at byte off of its argument (abi-internal.md's
 * recursive rule), noting in at[off / 8] the integer register of each
 * word-aligned scalar.  False when it does not fit: the caller puts the
 * argument on the stack.
 */
static bool
go_regs(const pb_dwfunc_t *f, int32_t ty, gostate_t *s, uint64_t off,
    int32_t at[GO_NAT], int depth)
{
	const pb_dwtype_t *t = strip(f, ty, NULL);
	size_t m;

	if (t == NULL || depth > MAXDEPTH)
		return false;
	switch (t->ty_kind) {
	case PB_DW_BASE:
		if (t->ty_size == 0)
			return true;
		if (is_float(t)) {
			s->gs_fp += t->ty_enc == DW_ATE_complex_float ? 2 : 1;
			return s->gs_fp <= GO_NFP;
		}
		if (t->ty_size > 8)
			return false;
		break;
	case PB_DW_STRUCT:
		for (m = 0; m < t->ty_nmembers; m++)
			if (!go_regs(f, t->ty_members[m].mb_type, s,
			    off + t->ty_members[m].mb_off, at, depth + 1))
				return false;
		return true;
	case PB_DW_ARRAY:
		if (t->ty_count == 0)
			return true;
		if (t->ty_count != 1)
			return false;
		return go_regs(f, t->ty_ref, s, off, at, depth + 1);
	case PB_DW_UNION:
	case PB_DW_FUNC:
	case PB_DW_UNKNOWN:
		return false;
	default:
		break;		/* pointers, maps, channels, funcs: a word */
	}
	if (off % 8 == 0 && off / 8 < GO_NAT)
		at[off / 8] = s->gs_int;
	return ++s->gs_int <= PB_ABI_GONREGS;
}

/*
 * Place one Go argument or result: in registers (word base + the
 * register) or on the stack (word sbase + its offset / 8).
 */
static void
go_param(const pb_dwfunc_t *f, int32_t ty, gostate_t *s, bool stackonly,
    int32_t base, int32_t sbase, pb_argloc_t *al)
{
	const pb_dwtype_t *t = strip(f, ty, NULL);
	const pb_dwmember_t *p = NULL, *l = NULL;
	gostate_t try = *s;
	int32_t at[GO_NAT];
	bool cnt;
	uint64_t a;
	size_t i;

	al->al_word = al->al_lenword = -1;
	al->al_type = -1;
	al->al_byref = 0;
	if (t == NULL)
		return;
	cnt = counted(f, t, &p, &l) && p->mb_off % 8 == 0 &&
	    l->mb_off % 8 == 0 && p->mb_off / 8 < GO_NAT &&
	    l->mb_off / 8 < GO_NAT;
	for (i = 0; i < GO_NAT; i++)
		at[i] = -1;
	if (!stackonly && go_regs(f, ty, &try, 0, at, 0)) {
		s->gs_int = try.gs_int;
		s->gs_fp = try.gs_fp;
		if (cnt && at[p->mb_off / 8] >= 0 && at[l->mb_off / 8] >= 0) {
			al->al_word = base + at[p->mb_off / 8];
			al->al_lenword = base + at[l->mb_off / 8];
			al->al_type = p->mb_type;
		} else if (at[0] >= 0) {
			al->al_word = base + at[0];
			al->al_type = is_aggregate(t) ? -1 : ty;
		}
		return;			/* else a float, or nothing */
	}
	a = go_align(f, ty, 0);
	s->gs_stack = (s->gs_stack + a - 1) & ~(a - 1);
	al->al_word = sbase + (int32_t)(s->gs_stack / 8);
	if (cnt) {
		al->al_word = sbase + (int32_t)((s->gs_stack + p->mb_off) / 8);
		al->al_lenword = sbase + (int32_t)((s->gs_stack + l->mb_off) /
		    8);
		al->al_type = p->mb_type;
	} else if (!is_aggregate(t) && !is_float(t)) {
		al->al_type = ty;
	}
	s->gs_stack += t->ty_size;
}

static size_t
go_args(const pb_dwfunc_t *f, bool stackabi, bool ret, pb_argloc_t *out,
    size_t max)
{
	gostate_t s = { 0, 0, 0 };
	size_t i, n = 0;
	int32_t base = ret ? 1 : 0;

	if (ret && max > 0) {
		out[n].al_word = 0;
		out[n].al_lenword = out[n].al_type = -1;
		out[n++].al_byref = 0;
	}
	/* The arguments first: results on the stack follow theirs. */
	for (i = 0; i < f->df_nparams; i++) {
		pb_argloc_t al;

		if (f->df_params[i].pa_out)
			continue;
		go_param(f, f->df_params[i].pa_type, &s, stackabi, 0,
		    stackabi ? 0 : PB_ABI_GONREGS, &al);
		if (!ret && n < max)
			out[n++] = al;
	}
	if (!ret)
		return n;
	s.gs_int = s.gs_fp = 0;
	s.gs_stack = (s.gs_stack + 7) & ~7ULL;
	for (i = 0; i < f->df_nparams && n < max; i++)
		if (f->df_params[i].pa_out)
			go_param(f, f->df_params[i].pa_type, &s, stackabi,
			    base, base + (stackabi ? 0 : PB_ABI_GONREGS),
			    &out[n++]);
	return n;
}

size_t
pb_abi_args(const pb_dwfunc_t *df, pb_abi_t abi, bool ret,
    pb_argloc_t *out, size_t max)
{
	sysv_t s = { 0, 0, 0 };
	size_t i, n = 0;

	if (abi == PB_ABI_GOREG || abi == PB_ABI_GOSTACK)
		return go_args(df, abi == PB_ABI_GOSTACK, ret, out, max);
	if (ret) {
		if (max == 0)
			return 0;
		out[n].al_word = 0;
		out[n].al_lenword = out[n].al_type = -1;
		out[n++].al_byref = 0;
		if (n < max && sysv_ret(df, &out[n]))
			n++;
		return n;
	}
	if (sysv_hidden(df))
		s.sv_gp = 1;
	for (i = 0; i < df->df_nparams && n < max; i++)
		sysv_param(df, df->df_params[i].pa_type, &s, &out[n++]);
	return n;
}
