/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * eval.c: the firing path.  dsl_eval_fire() runs each clause enabled on a
 * probe: predicate, statements, actions.  Nodes are evaluated by a switch
 * over the flat node array; every name was resolved to a slot or id at
 * compile time, so nothing here hashes a compile-time string.  Integers
 * travel as int64_t and are cut back to their D type (int is 32 bits)
 * after each operation; strings travel as pointers into the program's
 * string table, variable storage, or the per-clause scratch area.
 *
 * A runtime error (dtrace's "fault") sets rt_fault; stores and actions
 * check it, the statement loop stops, the clause's output is dropped as
 * dtrace drops a faulting ECB's record, and the error is reported.
 */
#include <config.h>

#include <arpa/inet.h>
#include <endian.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dsl/rt.h"
#include "dsl/printf.h"
#include "dsl/inproc.h"

#define NODE(rt, i)	(&(rt)->rt_pg->pg_nodes[(i)])
#define STR(v)		((const char *)(intptr_t)(v))
#define VAL(s)		((int64_t)(intptr_t)(s))

static const char empty[1] = "";

static inline int64_t eval(dsl_rt_t *, int32_t);

static inline int64_t
normv(int64_t v, int size, bool sign)
{
	switch (size) {
	case 1: return sign ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
	case 2: return sign ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
	case 4: return sign ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
	default: return v;
	}
}

static inline int64_t
norm(int64_t v, const dsl_node_t *nd)
{
	return nd->dn_size >= 8 ? v : normv(v, nd->dn_size, nd->dn_signed);
}

/*
 * An integer of type `from` used where type `to` is wanted.  Values run
 * in 64 bits (see binop) and keep them within a type; where a narrower
 * type meets a wider one (a cast, a store, an operand of wider
 * arithmetic) the value is first made the narrower type's, as dtrace's
 * typecast does: (long long)(i + i) with int i = 1 << 30 is
 * 0xffffffff80000000 (dtrace-utils arithmetic/tst.bug-casting).  A
 * comparison (to is its int result) compares its operands as their
 * types.
 */
static inline int64_t
widen(const dsl_node_t *from, const dsl_node_t *to, int64_t v)
{
	int op = to->dn_aux;
	bool cmp = to->dn_op == N_BINOP && (op == '<' || op == '>' ||
	    op == T_LE || op == T_GE || op == T_EQ || op == T_NE);

	if (from->dn_type != DT_INT || from->dn_size >= 8 ||
	    (!cmp && from->dn_size >= to->dn_size))
		return v;
	return normv(v, from->dn_size, from->dn_signed);
}

static void
fault(dsl_rt_t *rt, int flt, uint64_t val, int32_t node)
{
	if (rt->rt_fault != FLT_NONE)
		return;
	rt->rt_fault = flt;
	rt->rt_faultval = val;
	rt->rt_faultnode = node;
	rt->rt_faultact = rt->rt_act;
}

static char *
scratch(dsl_rt_t *rt, size_t n, int32_t node)
{
	char *p;

	if (rt->rt_scrused + n > rt->rt_scrsize) {
		fault(rt, FLT_NOSCRATCH, 0, node);
		return NULL;
	}
	p = rt->rt_scratch + rt->rt_scrused;
	rt->rt_scrused += n;
	p[0] = '\0';
	return p;
}

static uint64_t
now(dsl_rt_t *rt)
{
	struct timespec ts;

	if (rt->rt_now == 0) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		rt->rt_now = (uint64_t)ts.tv_sec * 1000000000ULL +
		    (uint64_t)ts.tv_nsec;
	}
	return rt->rt_now;
}

static int64_t
arg(dsl_rt_t *rt, int i)
{
	const dsl_ctx_t *cx = rt->rt_ctx;
	uint64_t v = 0;

	if (i < DSL_NARGS && (cx->cx_nargs == 0 ||
	    (uint32_t)i < cx->cx_nargs))
		return (int64_t)cx->cx_args[i];
	if (rt->rt_host.dh_getarg != NULL &&
	    rt->rt_host.dh_getarg(cx->cx_cookie, i, &v) == 0)
		return (int64_t)v;
	return 0;
}

static int64_t
builtin(dsl_rt_t *rt, int b)
{
	const dsl_ctx_t *cx = rt->rt_ctx;
	const rt_probe_t *p = &rt->rt_probes[rt->rt_pid - 1];
	struct timespec ts;

	switch (b) {
	case B_TIMESTAMP:
		return (int64_t)now(rt);
	case B_VTIMESTAMP: {
		uint64_t v = cx->cx_vtimestamp;

		if (v == 0 && rt->rt_host.dh_vtimestamp != NULL)
			v = rt->rt_host.dh_vtimestamp(cx->cx_cookie);
		return (int64_t)(v != 0 ? v : now(rt));
	}
	case B_WALLTIMESTAMP:
		if (cx->cx_walltimestamp != 0)
			return (int64_t)cx->cx_walltimestamp;
		clock_gettime(CLOCK_REALTIME, &ts);
		return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
	case B_PID: return cx->cx_pid;
	case B_PPID: return cx->cx_ppid;
	case B_TID: return cx->cx_tid;
	case B_UID: return cx->cx_uid;
	case B_GID: return cx->cx_gid;
	case B_CPU: return cx->cx_cpu;
	case B_EPID: return rt->rt_epid;
	case B_ID: return rt->rt_pid;
	case B_ERRNO: return cx->cx_errno;
	case B_UCALLER: {
		uint64_t pcs[2];

		if (rt->rt_host.dh_ustack == NULL ||
		    rt->rt_host.dh_ustack(cx->cx_cookie, pcs, 2) < 2)
			return 0;
		return (int64_t)pcs[1];
	}
	case B_USTACKDEPTH: {
		/* the frames of ustack(1024), pc included: deeper counts
		 * as 1024 */
		uint64_t pcs[1024];

		if (rt->rt_host.dh_ustack == NULL)
			return 0;
		return rt->rt_host.dh_ustack(cx->cx_cookie, pcs, 1024);
	}
	case B_EXECNAME:
		return VAL(cx->cx_execname != NULL ? cx->cx_execname : empty);
	case B_PROBEPROV: return VAL(p->pr_prov);
	case B_PROBEMOD: return VAL(p->pr_mod);
	case B_PROBEFUNC: return VAL(p->pr_func);
	case B_PROBENAME: return VAL(p->pr_name);
	}
	return 0;
}

static int memread(dsl_rt_t *, uint64_t, void *, size_t, int32_t);

/* Serialise a key tuple into rt_keybuf: integers as 8 bytes, strings
 * with their NUL, structs as their bytes, after the thread's id for
 * self->x[k] (self).  Returns the length. */
static size_t
mkkey(dsl_rt_t *rt, int32_t k, const uint8_t *ktype, bool self)
{
	char *buf = rt->rt_keybuf;
	size_t len = 0;
	int64_t vals[8];
	int32_t nodes[8];
	int i, n = 0;
	int32_t n0 = k;

	/* every key first: a key may itself look an array up, which uses
	 * rt_keybuf (a[1, a[3, 2, 1], 3], dtrace-utils assocs/tst.nested) */
	for (; k != DSL_NONE && n < 8; k = NODE(rt, k)->dn_next) {
		if (n == 0)
			n0 = k;
		nodes[n] = k;
		vals[n++] = eval(rt, k);
	}
	if (self) {
		int64_t tid = rt->rt_ctx->cx_tid;

		memcpy(buf, &tid, 8);
		len = 8;
	}
	for (i = 0; i < n; i++) {
		int64_t v = vals[i];

		if (ktype[i] == DT_REF) {
			/* a struct's bytes: its members, not its address */
			const dsl_ctype_t *ty = dsl_type_resolve(
			    &rt->rt_pg->pg_tt, NODE(rt, nodes[i])->dn_ctype,
			    NULL);
			size_t sz = ty != NULL ? (size_t)ty->ty_size : 0;

			if (memread(rt, (uint64_t)v, buf + len, sz,
			    nodes[i]) != 0)
				memset(buf + len, 0, sz);
			len += sz;
		} else if (ktype[i] == DT_STR) {
			const char *s = STR(v);
			size_t sl;

			if (s == NULL) {
				/* a NULL string is no key: dtrace reads it */
				fault(rt, FLT_BADADDR, 0, n0);
				s = empty;
			}
			sl = strnlen(s, rt->rt_strsize - 1);

			memcpy(buf + len, s, sl);
			buf[len + sl] = '\0';
			len += sl + 1;
		} else {
			memcpy(buf + len, &v, 8);
			len += 8;
		}
	}
	return len;
}

/* Store string src (NULL too) into a string variable's slot dst. */
static void
copystr(dsl_rt_t *rt, char *dst, const char *src)
{
	size_t n;

	if (src == NULL) {
		dst[0] = '\0';
		dst[1] = DSL_NULLMARK;
		return;
	}
	n = strnlen(src, rt->rt_strsize - 1);
	memmove(dst, src, n);
	dst[n] = '\0';
	if (n == 0)
		dst[1] = '\0';
}

/* A string variable's slot as a value: NULL if it holds NULL. */
static int64_t
slotstr(const char *p)
{
	return p[0] == '\0' && p[1] == DSL_NULLMARK ? 0 : VAL(p);
}

/* Read a variable (lvalue node). */
static int64_t
load(dsl_rt_t *rt, int32_t n)
{
	const dsl_node_t *nd = NODE(rt, n);
	const dsl_var_t *v = &rt->rt_pg->pg_vars[nd->dn_ival];
	bool str = nd->dn_type == DT_STR;

	/* never assigned: no slot of its own (slot 0 is another's) */
	if (v->va_type == DT_VOID && nd->dn_op != N_ARR)
		return 0;
	switch (nd->dn_op) {
	case N_GVAR:
		return str ? slotstr(rt->rt_gstr + (size_t)v->va_slot *
		    rt->rt_strsize) : rt->rt_gint[v->va_slot];
	case N_TVAR:
		return str ? slotstr(rt->rt_tstr + (size_t)v->va_slot *
		    rt->rt_strsize) : rt->rt_tint[v->va_slot];
	case N_SVAR: {
		dsl_thr_t *t = dsl_var_thr_get(rt, rt->rt_ctx->cx_tid, false);

		/* a dynamic variable not there: 0, or a NULL string */
		if (t == NULL)
			return 0;
		return str ? slotstr(t->th_strs + (size_t)v->va_slot *
		    rt->rt_strsize) : t->th_ints[v->va_slot];
	}
	case N_ARR: {
		size_t len = mkkey(rt, nd->dn_a, v->va_ktype, v->va_self);
		dsl_hent_t *he;

		he = dsl_var_ht_find(&rt->rt_arrays, (uint32_t)nd->dn_ival,
		    rt->rt_keybuf, len, dsl_var_hash((uint32_t)nd->dn_ival,
		    rt->rt_keybuf, len));
		if (he == NULL)
			return 0;
		return str ? VAL((char *)he->he_data) : he->he_data[0];
	}
	}
	return 0;
}

/* Write a variable; storing 0 (or a NULL string) into self-> or an
 * array element frees it, as in dtrace.  Returns the value stored. */
static int64_t
store(dsl_rt_t *rt, int32_t n, int64_t val)
{
	const dsl_node_t *nd = NODE(rt, n);
	const dsl_var_t *v = &rt->rt_pg->pg_vars[nd->dn_ival];
	bool str = nd->dn_type == DT_STR;
	bool zero;
	char *p;

	if (rt->rt_fault != FLT_NONE)
		return 0;
	/* a variable keeps its type's bits: an int holds 32 (Oracle's
	 * dtrace stores a variable with its type's size; with int i =
	 * 935761216, i * (i - 3) / i * 6 is 1319599982, dtrace-utils
	 * arithmetic/tst.basics) */
	if (!str && v->va_type == DT_INT && v->va_size < 8)
		val = normv(val, v->va_size, v->va_signed);
	zero = val == 0;
	switch (nd->dn_op) {
	case N_GVAR:
	case N_TVAR:
		if (!str) {
			(nd->dn_op == N_GVAR ? rt->rt_gint :
			    rt->rt_tint)[v->va_slot] = val;
			break;
		}
		p = (nd->dn_op == N_GVAR ? rt->rt_gstr : rt->rt_tstr) +
		    (size_t)v->va_slot * rt->rt_strsize;
		copystr(rt, p, STR(val));
		/* the assignment's value is the variable's string, as in
		 * Oracle's dtrace, where (this->s = NULL) != "" is false
		 * (dtrace-utils funcs/strtok/tst.strtok) */
		return VAL(p);
	case N_SVAR: {
		dsl_thr_t *t = dsl_var_thr_get(rt, rt->rt_ctx->cx_tid, !zero);

		if (t == NULL)
			break;
		if (str)
			copystr(rt, t->th_strs + (size_t)v->va_slot *
			    rt->rt_strsize, STR(val));
		else
			t->th_ints[v->va_slot] = val;
		break;
	}
	case N_ARR: {
		size_t len;
		uint64_t h;
		dsl_hent_t *he;
		char tmp[64];
		const char *src = str ? STR(val) : NULL;

		/* the value may live in the key buffer's way: keep it */
		if (str && src != NULL && strlen(src) < sizeof(tmp)) {
			strcpy(tmp, src);
			src = tmp;
		}
		len = mkkey(rt, nd->dn_a, v->va_ktype, v->va_self);
		h = dsl_var_hash((uint32_t)nd->dn_ival, rt->rt_keybuf, len);
		he = dsl_var_ht_find(&rt->rt_arrays, (uint32_t)nd->dn_ival,
		    rt->rt_keybuf, len, h);
		if (zero) {
			if (he != NULL)
				dsl_var_ht_remove(&rt->rt_arrays, he);
			break;
		}
		/* -x dynvarsize: an element that does not fit is a dynamic
		 * variable drop, its store lost */
		if (he == NULL && rt->rt_opts[O_DYNVARSIZE] > 0 &&
		    rt->rt_arrays.ht_n > 0 &&
		    rt->rt_arrays.ht_bytes + HE_BYTES(&rt->rt_arrays, len) >
		    (uint64_t)rt->rt_opts[O_DYNVARSIZE]) {
			rt->rt_drops[DROP_DYNAMIC]++;
			rt->rt_droppending = true;
			break;
		}
		if (he == NULL)
			he = dsl_var_ht_insert(&rt->rt_arrays,
			    (uint32_t)nd->dn_ival, rt->rt_keybuf, len, h);
		if (he == NULL)
			break;
		if (str)
			copystr(rt, (char *)he->he_data, src);
		else
			he->he_data[0] = val;
		break;
	}
	}
	return val;
}

/*
 * A signed remainder as Oracle's Linux DTrace computes it: |a| % |b|,
 * negated when the operands' signs differ (dtrace-utils' signed BPF_MOD;
 * its arithmetic/tst.moddiv: 19 % -5 is -4, -19 % -5 is 4), where C and
 * illumos give the dividend's sign.
 */
static int64_t
smod(int64_t a, int64_t b)
{
	uint64_t m = (a < 0 ? 0 - (uint64_t)a : (uint64_t)a) %
	    (b < 0 ? 0 - (uint64_t)b : (uint64_t)b);

	return (a < 0) != (b < 0) ? (int64_t)(0 - m) : (int64_t)m;
}

static int64_t
binop(dsl_rt_t *rt, int32_t n, int op, int64_t a, int64_t b)
{
	const dsl_node_t *nd = NODE(rt, n);
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	int64_t r;

	switch (op) {
	case '+': case T_ADDEQ: r = (int64_t)(ua + ub); break;
	case '-': case T_SUBEQ: r = (int64_t)(ua - ub); break;
	case '*': case T_MULEQ: r = (int64_t)(ua * ub); break;
	case '/': case T_DIVEQ:
	case '%': case T_MODEQ:
		if (b == 0) {
			fault(rt, FLT_DIVZERO, 0, n);
			return 0;
		}
		if (op == '/' || op == T_DIVEQ) {
			if (nd->dn_signed)
				r = b == -1 ? (int64_t)(0 - ua) : a / b;
			else
				r = (int64_t)(ua / ub);
		} else {
			if (nd->dn_signed)
				r = smod(a, b);
			else
				r = (int64_t)(ua % ub);
		}
		break;
	case '&': case T_ANDEQ: r = a & b; break;
	case '|': case T_OREQ: r = a | b; break;
	case '^': case T_XOREQ: r = a ^ b; break;
	case T_SHL: case T_SHLEQ: r = (int64_t)(ua << (ub & 63)); break;
	case T_SHR: case T_SHREQ:
		r = nd->dn_signed ? a >> (ub & 63) : (int64_t)(ua >> (ub & 63));
		break;
	default:
		/* comparisons: dn_c says whether they are signed */
		if (nd->dn_c) {
			switch (op) {
			case '<': return a < b;
			case '>': return a > b;
			case T_LE: return a <= b;
			case T_GE: return a >= b;
			case T_EQ: return a == b;
			default: return a != b;
			}
		}
		switch (op) {
		case '<': return ua < ub;
		case '>': return ua > ub;
		case T_LE: return ua <= ub;
		case T_GE: return ua >= ub;
		case T_EQ: return ua == ub;
		default: return ua != ub;
		}
	}
	/*
	 * No narrowing here: as in DIF, arithmetic runs in 64-bit registers
	 * and a value is narrowed to its type where it is stored (variable,
	 * key, record) or cast.  dtrace-utils' arithmetic/tst.basics: with
	 * int i = 25920, i - (5 * i) * i / i * i is 935761216.
	 */
	(void)nd;
	return r;
}

/* Read len bytes of the traced process, or fault. */
static int
readmem(dsl_rt_t *rt, uint64_t addr, void *buf, size_t len, int32_t n)
{
	int k;

	/* bytes the thread read at the firing, for a record run later */
	if (rt->rt_capfn != NULL &&
	    (k = rt->rt_capfn(rt->rt_caparg, addr, buf, len)) != 0) {
		if (k > 0)
			return 0;
		/* -2: a copyin() larger than a capture holds, refused as
		 * one larger than the scratch space is */
		fault(rt, k == -2 ? FLT_NOSCRATCH : FLT_BADADDR,
		    k == -2 ? 0 : addr, n);
		return -1;
	}
	if (rt->rt_host.dh_readmem == NULL ||
	    rt->rt_host.dh_readmem(rt->rt_ctx->cx_cookie, addr, buf,
	    len) != 0) {
		fault(rt, FLT_BADADDR, addr, n);
		return -1;
	}
	return 0;
}

/*
 * C data: an address is either in this clause's scratch (copyin(),
 * alloca(): our own memory) or in the traced process (read through the
 * host's hook).  The scratch buffer's range tells them apart.  A
 * variable's own storage (AUX_LOCAL nodes) is known when compiled.
 */
static bool
in_scratch(const dsl_rt_t *rt, uint64_t addr, size_t len)
{
	uint64_t lo = (uint64_t)(uintptr_t)rt->rt_scratch;

	return addr >= lo && addr - lo <= rt->rt_scrsize &&
	    len <= rt->rt_scrsize - (addr - lo);
}

/* Is addr..addr+len in a global's or this-> variable's storage, whose
 * address a pointer may hold (p = &a[1], p = a)? */
static bool
in_dmem(const dsl_rt_t *rt, uint64_t addr, size_t len)
{
	uint64_t g = (uint64_t)(uintptr_t)rt->rt_gmem;
	uint64_t t = (uint64_t)(uintptr_t)rt->rt_tmem;
	uint64_t gn = rt->rt_pg->pg_nglobal_mem, tn = rt->rt_pg->pg_nthis_mem;

	if (gn > 0)
		gn += DSL_GMEMSLACK;

	return (addr >= g && addr - g <= gn && len <= gn - (addr - g)) ||
	    (addr >= t && addr - t <= tn && len <= tn - (addr - t));
}

/* Is node n a variable's storage, or in it (a member, an element)? */
static bool
is_local(const dsl_node_t *nd)
{
	switch (nd->dn_op) {
	case N_GVAR: case N_TVAR: case N_SVAR: case N_ARR:
	case N_MEMBER: case N_INDEX:
		return (nd->dn_aux & AUX_LOCAL) != 0;
	default:
		return false;
	}
}

/*
 * alloca()'s memory at offset off, len bytes of it: its address, or NULL
 * after a fault, as Oracle's access check of an alloca pointer words it:
 * an offset before the first allocation or past the last is an "invalid
 * address", a size past the last an "invalid size" (dtrace-utils'
 * dt_cg_alloca_access_check).
 */
static char *
abytes(dsl_rt_t *rt, uint64_t off, uint64_t len, int32_t n)
{
	if (off < 8 || off >= rt->rt_atop) {
		fault(rt, FLT_BADADDR, off, n);
		return NULL;
	}
	if (len > rt->rt_atop - off) {
		fault(rt, FLT_BADSIZE, len, n);
		return NULL;
	}
	return rt->rt_abase + off;
}

/*
 * An address in alloca()'s memory (a struct there, kept by address)?
 * 0: no; 1: len bytes there that this clause allocated; -1: a fault.
 */
static int
in_alloca(dsl_rt_t *rt, uint64_t addr, uint64_t len, int32_t n)
{
	uint64_t base = (uint64_t)(uintptr_t)rt->rt_abase;

	if (addr < base || addr - base >= rt->rt_asize)
		return 0;
	return abytes(rt, addr - base, len, n) != NULL ? 1 : -1;
}

static int
memread(dsl_rt_t *rt, uint64_t addr, void *buf, size_t len, int32_t n)
{
	int k;

	if ((n >= 0 && is_local(NODE(rt, n))) || in_scratch(rt, addr, len)) {
		memmove(buf, (const void *)(uintptr_t)addr, len);
		return 0;
	}
	if (in_dmem(rt, addr, len)) {
		/* an integer in D's memory is aligned, as a BPF map's
		 * (dtrace-utils pointers/err.InvalidAddress5) */
		if ((len == 2 || len == 4 || len == 8) && addr % len != 0) {
			fault(rt, FLT_BADALIGN, addr, n);
			return -1;
		}
		memmove(buf, (const void *)(uintptr_t)addr, len);
		return 0;
	}
	if ((k = in_alloca(rt, addr, len, n)) != 0) {
		if (k < 0)
			return -1;
		memmove(buf, (const void *)(uintptr_t)addr, len);
		return 0;
	}
	return readmem(rt, addr, buf, len, n);
}

int
dsl_eval_memread(dsl_rt_t *rt, uint64_t addr, void *buf, size_t len,
    int32_t n)
{
	return memread(rt, addr, buf, len, n);
}

/* The memory a pointer value v of node n points at, len bytes of it:
 * an alloca pointer (an offset) is made its address, checked (0 after
 * a fault); any other is its own address. */
static uint64_t
ptrmem(dsl_rt_t *rt, int32_t n, uint64_t v, uint64_t len)
{
	char *p;

	if ((NODE(rt, n)->dn_flags & DN_ALLOCA) == 0)
		return v;
	p = abytes(rt, v, len, n);
	return p != NULL ? (uint64_t)(uintptr_t)p : 0;
}

/* Read len bytes of C data at addr (an alloca offset when ap). */
static int
cread(dsl_rt_t *rt, uint64_t addr, bool ap, void *buf, size_t len,
    int32_t n)
{
	char *p;

	if (!ap)
		return memread(rt, addr, buf, len, n);
	if ((p = abytes(rt, addr, len, n)) == NULL)
		return -1;
	memmove(buf, p, len);
	return 0;
}

/*
 * Write len bytes at addr (an alloca offset when ap) for the C lvalue
 * node n: a variable's own storage, or D's scratch memory.  Anything
 * else is the traced process's, which pidtrace never writes: the store
 * faults there, as a store to memory it may not write does in dtrace.
 */
static int
cwrite(dsl_rt_t *rt, uint64_t addr, bool ap, const void *buf, size_t len,
    int32_t n)
{
	char *p;

	if (ap) {
		if ((p = abytes(rt, addr, len, n)) == NULL)
			return -1;
		memmove(p, buf, len);
		return 0;
	}
	if (is_local(NODE(rt, n))) {
		if (addr != 0)
			memmove((void *)(uintptr_t)addr, buf, len);
		return 0;
	}
	if (in_scratch(rt, addr, len) || in_dmem(rt, addr, len)) {
		memmove((void *)(uintptr_t)addr, buf, len);
		return 0;
	}
	switch (in_alloca(rt, addr, len, n)) {
	case 1:
		memmove((void *)(uintptr_t)addr, buf, len);
		return 0;
	case -1:
		return -1;
	}
	fault(rt, FLT_BADADDR, addr, n);
	return -1;
}

/*
 * The storage of a variable that holds a struct, union or array by
 * value.  A self-> variable or an array element that is not there
 * reads as zeros (rt_zero, never written); create makes it, for a
 * store: NULL if that fails (out of memory, the store is dropped).
 */
static char *
varaddr(dsl_rt_t *rt, int32_t n, bool create)
{
	const dsl_node_t *nd = NODE(rt, n);
	const dsl_var_t *v = &rt->rt_pg->pg_vars[nd->dn_ival];

	switch (nd->dn_op) {
	case N_GVAR:
		return rt->rt_gmem + v->va_slot;
	case N_TVAR:
		return rt->rt_tmem + v->va_slot;
	case N_SVAR: {
		dsl_thr_t *t = dsl_var_thr_get(rt, rt->rt_ctx->cx_tid, create);

		if (t == NULL)
			return create ? NULL : rt->rt_zero;
		return t->th_mem + v->va_slot;
	}
	case N_ARR: {
		size_t len = mkkey(rt, nd->dn_a, v->va_ktype, v->va_self);
		uint64_t h = dsl_var_hash((uint32_t)nd->dn_ival,
		    rt->rt_keybuf, len);
		dsl_hent_t *he = dsl_var_ht_find(&rt->rt_arrays,
		    (uint32_t)nd->dn_ival, rt->rt_keybuf, len, h);

		if (rt->rt_fault != FLT_NONE)
			return create ? NULL : rt->rt_zero;
		if (he == NULL && create)
			he = dsl_var_ht_insert(&rt->rt_arrays,
			    (uint32_t)nd->dn_ival, rt->rt_keybuf, len, h);
		if (he == NULL)
			return create ? NULL : rt->rt_zero;
		return (char *)he->he_data;
	}
	}
	return create ? NULL : rt->rt_zero;
}

static uint64_t address(dsl_rt_t *, int32_t, bool, bool *);

/* The address of a struct, union or array value (node n), for reading
 * it or (w) writing in it; *ap: it is an alloca offset. */
static uint64_t
refaddr(dsl_rt_t *rt, int32_t n, bool w, bool *ap)
{
	const dsl_node_t *nd = NODE(rt, n);

	*ap = false;
	switch (nd->dn_op) {
	case N_GVAR: case N_TVAR: case N_SVAR: case N_ARR:
		if (nd->dn_aux & AUX_LOCAL)
			return (uint64_t)(uintptr_t)varaddr(rt, n, w);
		break;
	case N_MEMBER: case N_DEREF: case N_INDEX:
		return address(rt, n, w, ap);
	}
	return (uint64_t)eval(rt, n);
}

/*
 * The address an lvalue of C data designates: s.m, p->m, *p, p[i];
 * with w, to be written.  Through an alloca pointer it is an offset in
 * alloca()'s memory (*ap), checked where it is used.  An element of a
 * variable's own array is within the array, or a fault (dtrace's
 * "index out of bounds").
 */
static uint64_t
address(dsl_rt_t *rt, int32_t n, bool w, bool *ap)
{
	const dsl_node_t *nd = NODE(rt, n);
	const dsl_ctype_t *ty, *el;

	*ap = false;
	switch (nd->dn_op) {
	case N_MEMBER:
		if ((nd->dn_aux & AUX_OP) == '.')
			return refaddr(rt, nd->dn_a, w, ap) +
			    (uint64_t)nd->dn_ival;
		*ap = (NODE(rt, nd->dn_a)->dn_flags & DN_ALLOCA) != 0;
		return (uint64_t)eval(rt, nd->dn_a) + (uint64_t)nd->dn_ival;
	case N_DEREF:
		*ap = (NODE(rt, nd->dn_a)->dn_flags & DN_ALLOCA) != 0;
		return (uint64_t)eval(rt, nd->dn_a);
	case N_INDEX: {
		uint64_t base;
		int64_t i;

		ty = dsl_type_resolve(&rt->rt_pg->pg_tt,
		    NODE(rt, nd->dn_a)->dn_ctype, NULL);
		el = ty != NULL ? dsl_type_resolve(&rt->rt_pg->pg_tt,
		    ty->ty_ref, NULL) : NULL;
		if (ty != NULL && ty->ty_kind == TY_ARRAY) {
			base = refaddr(rt, nd->dn_a, w, ap);
		} else {
			*ap = (NODE(rt, nd->dn_a)->dn_flags & DN_ALLOCA) != 0;
			base = (uint64_t)eval(rt, nd->dn_a);
		}
		i = eval(rt, nd->dn_b);
		if ((nd->dn_aux & AUX_LOCAL) && (i < 0 ||
		    (uint64_t)i >= ty->ty_nelem)) {
			fault(rt, FLT_BADINDEX, (uint64_t)i, n);
			return 0;
		}
		return base + (uint64_t)i * (el != NULL ? el->ty_size : 1);
	}
	}
	return 0;
}

/* The size of node n's C type. */
static size_t
csize(dsl_rt_t *rt, int32_t n)
{
	const dsl_ctype_t *ty = dsl_type_resolve(&rt->rt_pg->pg_tt,
	    NODE(rt, n)->dn_ctype, NULL);

	return ty != NULL ? (size_t)ty->ty_size : 0;
}

/* The value of C data at its address: an integer or pointer is read;
 * a struct, union or array is its address; a char array is a string. */
static int64_t
cload(dsl_rt_t *rt, int32_t n)
{
	const dsl_node_t *nd = NODE(rt, n);
	bool ap;
	uint64_t addr = address(rt, n, false, &ap);
	unsigned char b[8];
	uint64_t v = 0;
	int i;

	if (rt->rt_fault != FLT_NONE)
		return nd->dn_type == DT_STR ? VAL(empty) : 0;
	if (nd->dn_aux & AUX_CHARS) {
		size_t len = csize(rt, n);
		char *d;

		if (len > rt->rt_strsize - 1)
			len = rt->rt_strsize - 1;
		if ((d = scratch(rt, len + 1, n)) == NULL ||
		    cread(rt, addr, ap, d, len, n) != 0)
			return VAL(empty);
		d[len] = '\0';
		return VAL(d);
	}
	if (nd->dn_aux & AUX_BYADDR) {
		char *p;

		if (!ap)
			return (int64_t)addr;
		/* in alloca()'s memory, all of it allocated */
		p = abytes(rt, addr, csize(rt, n), n);
		return (int64_t)(uintptr_t)p;
	}
	if (nd->dn_size == 0 || nd->dn_size > 8 ||
	    cread(rt, addr, ap, b, nd->dn_size, n) != 0)
		return 0;
	memcpy(&v, b, nd->dn_size);	/* little-endian, as x86-64 */
	if ((i = DN_BITS(nd)) != 0 && i < 64) {
		/* a bit-field: its low bits, sign-extended if signed */
		v &= ((uint64_t)1 << i) - 1;
		if (nd->dn_signed && (v >> (i - 1)) != 0)
			v |= ~(((uint64_t)1 << i) - 1);
		return (int64_t)v;
	}
	return normv((int64_t)v, nd->dn_size, nd->dn_signed);
}

/* Store integer val into C data node n (of dn_size bytes).  Returns the
 * value as stored. */
static int64_t
cstore(dsl_rt_t *rt, int32_t n, int64_t val)
{
	const dsl_node_t *nd = NODE(rt, n);
	bool ap;
	uint64_t addr = address(rt, n, true, &ap);
	unsigned char b[8];
	int i, w;

	if (rt->rt_fault != FLT_NONE || nd->dn_size == 0 || nd->dn_size > 8)
		return 0;
	if ((w = DN_BITS(nd)) != 0 && w < 64) {
		/* a bit-field: its bits change, its neighbours' stay */
		uint64_t mask = ((uint64_t)1 << w) - 1, old = 0;

		if (cread(rt, addr, ap, b, nd->dn_size, n) != 0)
			return 0;
		for (i = nd->dn_size; i-- > 0;)
			old = old << 8 | b[i];
		val = (int64_t)((old & ~mask) | ((uint64_t)val & mask));
	}
	val = normv(val, nd->dn_size, nd->dn_signed);
	for (i = 0; i < nd->dn_size; i++)
		b[i] = (unsigned char)((uint64_t)val >> (8 * i));
	(void)cwrite(rt, addr, ap, b, nd->dn_size, n);
	if ((w = DN_BITS(nd)) != 0 && w < 64) {
		/* the value stored is the field's */
		val &= (int64_t)(((uint64_t)1 << w) - 1);
		if (nd->dn_signed && ((uint64_t)val >> (w - 1)) != 0)
			val |= (int64_t)~(((uint64_t)1 << w) - 1);
	}
	return val;
}

/* Store string s into the char array or string member node n: its
 * characters and a NUL, within the member.  Returns s. */
static int64_t
cstrstore(dsl_rt_t *rt, int32_t n, int64_t s)
{
	size_t size = csize(rt, n), len;
	bool ap;
	uint64_t addr;
	char *b;

	if (rt->rt_fault != FLT_NONE || size == 0)
		return 0;
	if (s == 0) {
		fault(rt, FLT_BADADDR, 0, n);
		return 0;
	}
	len = strnlen(STR(s), size - 1);
	if ((b = scratch(rt, len + 1, n)) == NULL)
		return 0;
	memcpy(b, STR(s), len);
	b[len] = '\0';
	addr = address(rt, n, true, &ap);
	if (rt->rt_fault == FLT_NONE)
		(void)cwrite(rt, addr, ap, b, len + 1, n);
	return s;
}

/*
 * dst = src for a struct, union or array of size bytes: dst a C lvalue
 * or a variable holding one by value, src any value of its type (a
 * variable's, alloca()'s memory, the traced process's).  A constant 0
 * for src frees an array element, or zeroes a self-> variable.
 */
static int64_t
copyref(dsl_rt_t *rt, int32_t dst, int32_t src)
{
	const dsl_node_t *dn = NODE(rt, dst), *sn = NODE(rt, src);
	size_t len = csize(rt, dst);
	uint64_t from, to;
	bool sap, dap;
	char *p;

	if (sn->dn_op == N_INT) {
		if (dn->dn_op == N_ARR) {
			const dsl_var_t *v = &rt->rt_pg->pg_vars[dn->dn_ival];
			size_t kl = mkkey(rt, dn->dn_a, v->va_ktype, v->va_self);
			dsl_hent_t *he = dsl_var_ht_find(&rt->rt_arrays,
			    (uint32_t)dn->dn_ival, rt->rt_keybuf, kl,
			    dsl_var_hash((uint32_t)dn->dn_ival, rt->rt_keybuf,
			    kl));

			if (he != NULL && rt->rt_fault == FLT_NONE)
				dsl_var_ht_remove(&rt->rt_arrays, he);
			return 0;
		}
		to = refaddr(rt, dst, true, &dap);
		if (rt->rt_fault == FLT_NONE && to != 0 && !dap)
			memset((void *)(uintptr_t)to, 0, len);
		return 0;
	}
	from = refaddr(rt, src, false, &sap);
	if (rt->rt_fault != FLT_NONE || len == 0)
		return 0;
	if (sap) {
		if ((p = abytes(rt, from, len, src)) == NULL)
			return 0;
		from = (uint64_t)(uintptr_t)p;
	}
	to = refaddr(rt, dst, true, &dap);
	if (rt->rt_fault != FLT_NONE || to == 0)
		return 0;
	if (dap) {
		if ((p = abytes(rt, to, len, dst)) == NULL)
			return 0;
		to = (uint64_t)(uintptr_t)p;
	} else if (!is_local(dn) && dn->dn_op != N_GVAR &&
	    dn->dn_op != N_TVAR && dn->dn_op != N_SVAR &&
	    dn->dn_op != N_ARR && !in_scratch(rt, to, len) &&
	    !in_dmem(rt, to, len) && in_alloca(rt, to, len, dst) <= 0) {
		fault(rt, FLT_BADADDR, to, dst);
		return 0;
	}
	(void)memread(rt, from, (void *)(uintptr_t)to, len, src);
	return (int64_t)to;
}

static int64_t
copyinstr(dsl_rt_t *rt, int32_t n, uint64_t addr, int64_t max)
{
	size_t lim = rt->rt_strsize - 1, got = 0;
	char *d;

	if (max >= 0 && (size_t)max < lim)
		lim = (size_t)max;
	if ((d = scratch(rt, rt->rt_strsize, n)) == NULL)
		return VAL(empty);
	/* page by page: a string may end just before an unmapped page */
	while (got < lim) {
		size_t chunk = 4096 - ((addr + got) & 4095);
		char *z;

		if (chunk > lim - got)
			chunk = lim - got;
		if (readmem(rt, addr + got, d + got, chunk, n) != 0)
			return VAL(empty);
		z = memchr(d + got, '\0', chunk);
		if (z != NULL)
			return VAL(d);
		got += chunk;
	}
	d[lim] = '\0';
	return VAL(d);
}

/*
 * ustack(n, strsize), jstack(n, strsize): the host walks the firing
 * thread's stack; the value is a stack string (DSL_STACKMARK, prog.h),
 * named when printed, its JIT frames within strsize bytes (print.c).
 */
static const char *
stack(dsl_rt_t *rt, int32_t n, int64_t max, int64_t strsize)
{
	const dsl_ctx_t *cx = rt->rt_ctx;
	uint64_t pcs[DSL_STACKMAX];
	size_t ss = rt->rt_strsize, len;
	int got = 0, i;
	char *d;

	if (max <= 0 || max > DSL_STACKMAX)
		max = DSL_STACKMAX;
	if ((d = scratch(rt, ss, n)) == NULL)
		return empty;
	if (rt->rt_host.dh_ustack != NULL)
		got = rt->rt_host.dh_ustack(cx->cx_cookie, pcs, (int)max);
	len = (size_t)snprintf(d, ss, "%c%d", DSL_STACKMARK, (int)cx->cx_pid);
	if (strsize > 0)
		len += (size_t)snprintf(d + len, ss - len, "/%lld",
		    (long long)(strsize < INT32_MAX ? strsize : INT32_MAX));
	for (i = 0; i < got && len + 18 < ss; i++)
		len += (size_t)snprintf(d + len, ss - len, " %llx",
		    (unsigned long long)pcs[i]);
	return d;
}

/*
 * ufunc, umod, usym, uaddr: named now, through dh_addr2sym's
 * "module`function+0xoff"; a pc nothing maps prints in hex, as dtrace.
 * ufunc and usym are the function, umod the module, uaddr all of it.
 */
static void
usym(dsl_rt_t *rt, int f, uint64_t pc, char *d, size_t ss)
{
	char *p;

	if (rt->rt_host.dh_addr2sym == NULL ||
	    rt->rt_host.dh_addr2sym(rt->rt_ctx->cx_cookie, pc, d, ss) != 0) {
		snprintf(d, ss, "0x%llx", (unsigned long long)pc);
		return;
	}
	if (f == F_UMOD && (p = strchr(d, '`')) != NULL)
		*p = '\0';
	else if ((f == F_UFUNC || f == F_USYM) &&
	    (p = strstr(d, "+0x")) != NULL)
		*p = '\0';
}

/*
 * cleanpath(): the path without empty and "." components, each ".."
 * taking away the component before it ("/.." is "/"); what is left of a
 * relative path, if nothing, is "." ("" stays "").  The results of
 * dtrace-utils' funcs/tst.cleanpath.
 */
static void
cleanpath(const char *s, char *d, size_t ss)
{
	bool abs = *s == '/', any = *s != '\0';
	size_t base = abs ? 1 : 0, o = base;

	d[0] = '/';
	while (*s != '\0') {
		const char *e = s;
		size_t len, b;

		while (*e != '\0' && *e != '/')
			e++;
		len = (size_t)(e - s);
		s = *e == '/' ? e + 1 : e;
		if (len == 0 || (len == 1 && e[-1] == '.'))
			continue;
		if (len == 2 && e[-1] == '.' && e[-2] == '.') {
			/* the last component kept, unless it is ".." */
			for (b = o; b > base && d[b - 1] != '/'; b--)
				;
			if (o > base && !(o - b == 2 && d[b] == '.' &&
			    d[b + 1] == '.')) {
				o = b > base ? b - 1 : base;
				continue;
			}
			if (abs)
				continue;	/* "/.." is "/" */
		}
		if (o + len + 2 > ss)
			break;
		if (o > base)
			d[o++] = '/';
		memcpy(d + o, e - len, len);
		o += len;
	}
	if (o == 0 && any)
		d[o++] = '.';
	d[o] = '\0';
}

static int64_t
subr(dsl_rt_t *rt, int32_t n)
{
	const dsl_node_t *nd = NODE(rt, n);
	int64_t av[3] = { 0, 0, 0 };
	int nargs = 0, f = (int)nd->dn_ival;
	int32_t a;
	size_t ss = rt->rt_strsize;
	char *d;

	for (a = nd->dn_a; a != DSL_NONE && nargs < 3;
	    a = NODE(rt, a)->dn_next) {
		av[nargs++] = eval(rt, a);
		/* a NULL string is no string: the subroutine would read
		 * it, and faults (dtrace-utils' strlen/tst.null and
		 * strtok/tst.strtok_nullstr); stringof() passes it.
		 * strtok(NULL, ...)'s NULL is the constant, an integer */
		if (NODE(rt, a)->dn_type == DT_STR && av[nargs - 1] == 0 &&
		    f != F_STRINGOF)
			fault(rt, FLT_BADADDR, 0, a);
	}
	if (rt->rt_fault != FLT_NONE)
		return 0;
	switch (f) {
	case F_STRLEN:
		/* a string holds strsize characters at most: a longer
		 * constant counts as cut (dtrace-utils
		 * funcs/strlen/tst.capped-sizw) */
		return (int64_t)strnlen(STR(av[0]), ss - 1);
	case F_STRJOIN: {
		size_t l1 = strnlen(STR(av[0]), ss - 1);
		size_t l2 = strnlen(STR(av[1]), ss - 1);

		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		if (l1 + l2 > ss - 1)
			l2 = ss - 1 > l1 ? ss - 1 - l1 : 0;
		memcpy(d, STR(av[0]), l1);
		memcpy(d + l1, STR(av[1]), l2);
		d[l1 + l2] = '\0';
		return VAL(d);
	}
	case F_SUBSTR: {
		/* dtrace_dif_subr(DIF_SUBR_SUBSTR) */
		const char *s = STR(av[0]);
		int64_t index = av[1], rem = nargs > 2 ? av[2] : (int64_t)ss;
		int64_t len = (int64_t)strnlen(s, ss - 1), i;

		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		if (index < 0) {
			index += len;
			if (index < 0 && index + rem > 0) {
				rem += index;
				index = 0;
			}
		}
		if (index >= len || index < 0)
			rem = 0;
		else if (rem < 0)
			rem += len - index;
		else if (index + rem > (int64_t)ss)
			rem = (int64_t)ss - index;
		if (rem > (int64_t)ss - 1)
			rem = (int64_t)ss - 1;
		for (i = 0; i < rem; i++)
			if ((d[i] = s[index + i]) == '\0')
				break;
		d[i < 0 ? 0 : i] = '\0';
		return VAL(d);
	}
	case F_INDEX:
	case F_RINDEX: {
		const char *s = STR(av[0]), *sub = STR(av[1]);
		int64_t len = (int64_t)strnlen(s, ss - 1);
		int64_t sl = (int64_t)strnlen(sub, ss - 1), i, start;

		if (f == F_INDEX) {
			start = nargs > 2 ? av[2] : 0;
			if (start < 0)
				start = 0;
			for (i = start; i + sl <= len; i++)
				if (strncmp(s + i, sub, (size_t)sl) == 0)
					return i;
			return -1;
		}
		start = nargs > 2 ? av[2] : len - sl;
		if (start > len - sl)
			start = len - sl;
		for (i = start; i >= 0; i--)
			if (strncmp(s + i, sub, (size_t)sl) == 0)
				return i;
		return -1;
	}
	case F_STRSTR: {
		/* NULL when not there, as dtrace's */
		return VAL(strstr(STR(av[0]), STR(av[1])));
	}
	case F_STRCHR:
	case F_STRRCHR: {
		/* NULL when not there, as dtrace's */
		return VAL(f == F_STRCHR ? strchr(STR(av[0]), (int)av[1]) :
		    strrchr(STR(av[0]), (int)av[1]));
	}
	case F_STRTOK: {
		/* strtok(NULL, delim) goes on with the last string */
		char *tok = rt->rt_scratch + rt->rt_scrsize;	/* tok area */
		size_t *pos = (size_t *)(tok + ((ss + 7) & ~(size_t)7));
		const char *delim = STR(av[1]);
		size_t i, start;

		if (NODE(rt, nd->dn_a)->dn_type == DT_STR) {
			copystr(rt, tok, STR(av[0]));
			*pos = 0;
		}
		i = *pos;
		while (tok[i] != '\0' && strchr(delim, tok[i]) != NULL)
			i++;
		if (tok[i] == '\0') {
			/* no token left: NULL, as dtrace's */
			*pos = i;
			return 0;
		}
		start = i;
		while (tok[i] != '\0' && strchr(delim, tok[i]) == NULL)
			i++;
		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		memcpy(d, tok + start, i - start);
		d[i - start] = '\0';
		/* the next call starts at the delimiter that ended this
		 * token, which its own delimiters may not include
		 * (dtrace-utils funcs/strtok/tst.strtok2) */
		*pos = i;
		return VAL(d);
	}
	case F_BASENAME:
	case F_DIRNAME: {
		const char *s = STR(av[0]);
		int64_t len = (int64_t)strnlen(s, ss - 1), end, start;

		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		end = len - 1;
		while (end > 0 && s[end] == '/')
			end--;		/* trailing slashes */
		if (len == 0) {
			strcpy(d, ".");
			return VAL(d);
		}
		if (end == 0 && s[0] == '/') {
			strcpy(d, "/");
			return VAL(d);
		}
		start = end;
		while (start > 0 && s[start - 1] != '/')
			start--;
		if (f == F_BASENAME) {
			memcpy(d, s + start, (size_t)(end - start + 1));
			d[end - start + 1] = '\0';
			return VAL(d);
		}
		if (start == 0) {
			strcpy(d, ".");
			return VAL(d);
		}
		end = start - 1;
		while (end > 0 && s[end] == '/')
			end--;
		memcpy(d, s, (size_t)end + 1);
		d[end + 1] = '\0';
		return VAL(d);
	}
	case F_LLTOSTR: {
		int64_t base = nargs > 1 ? av[1] : 10;
		uint64_t v = (uint64_t)av[0];
		bool neg = false;
		char tmp[72];
		int i = 70;

		if (base < 2 || base > 36) {
			fault(rt, FLT_ILLOP, 0, n);
			return VAL(empty);
		}
		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		if (base == 10 && av[0] < 0) {
			neg = true;
			v = 0 - v;
		}
		tmp[71] = '\0';
		do {
			tmp[i--] = "0123456789abcdefghijklmnopqrstuvwxyz"[v %
			    (uint64_t)base];
			v /= (uint64_t)base;
		} while (v != 0);
		if (neg)
			tmp[i--] = '-';
		copystr(rt, d, tmp + i + 1);
		return VAL(d);
	}
	case F_TOUPPER:
	case F_TOLOWER: {
		const char *s = STR(av[0]);
		size_t i;

		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		for (i = 0; s[i] != '\0' && i < ss - 1; i++) {
			char c = s[i];

			if (f == F_TOUPPER && c >= 'a' && c <= 'z')
				c = (char)(c - 'a' + 'A');
			else if (f == F_TOLOWER && c >= 'A' && c <= 'Z')
				c = (char)(c - 'A' + 'a');
			d[i] = c;
		}
		d[i] = '\0';
		return VAL(d);
	}
	case F_RAND:
		rt->rt_rand ^= rt->rt_rand << 13;
		rt->rt_rand ^= rt->rt_rand >> 7;
		rt->rt_rand ^= rt->rt_rand << 17;
		return (int32_t)(rt->rt_rand >> 16);
	case F_SPECULATION:
		return dsl_rt_spec_new(rt);
	case F_HTONS:
	case F_NTOHS:
		return htons((uint16_t)av[0]);
	case F_HTONL:
	case F_NTOHL:
		return htonl((uint32_t)av[0]);
	case F_HTONLL:
	case F_NTOHLL:
		return (int64_t)htobe64((uint64_t)av[0]);
	case F_INET_NTOA:
	case F_INET_NTOA6:
	case F_INET_NTOP: {
		/* the address is read from the tracee or scratch memory */
		int64_t af = f == F_INET_NTOA ? AF_INET : f == F_INET_NTOA6 ?
		    AF_INET6 : av[0];
		uint64_t addr = (uint64_t)av[f == F_INET_NTOP ? 1 : 0];
		unsigned char ip[16];
		char txt[INET6_ADDRSTRLEN] = "";

		if (af != AF_INET && af != AF_INET6) {
			fault(rt, FLT_ILLOP, 0, n);
			return VAL(empty);
		}
		addr = ptrmem(rt, f == F_INET_NTOP ? NODE(rt, nd->dn_a)->dn_next :
		    nd->dn_a, addr, af == AF_INET ? 4 : 16);
		if (rt->rt_fault != FLT_NONE ||
		    (d = scratch(rt, ss, n)) == NULL ||
		    memread(rt, addr, ip, af == AF_INET ? 4 : 16, n) != 0)
			return VAL(empty);
		(void)inet_ntop((int)af, ip, txt, sizeof(txt));
		/* inet_ntoa6(a) without its strict flag prints an IPv4
		 * address mapped or compatible (::ffff:1.2.3.4, ::1.2.3.4)
		 * as 1.2.3.4, as dtrace-utils' inet_ntoa6 does */
		if (f == F_INET_NTOA6 && (nargs < 2 || av[1] == 0) &&
		    strchr(txt, '.') != NULL)
			snprintf(d, ss, "%s", strrchr(txt, ':') + 1);
		else
			snprintf(d, ss, "%s", txt);
		return VAL(d);
	}
	case F_LINK_NTOP: {
		/* a hardware address: Ethernet's 6 bytes, InfiniBand's 20
		 * (net.d's ARPHRD_ETHER, ARPHRD_INFINIBAND), in hex */
		unsigned char hw[20];
		size_t len = av[0] == 1 ? 6 : av[0] == 32 ? 20 : 0, i, o;
		uint64_t addr;

		if (len == 0) {
			fault(rt, FLT_ILLOP, 0, n);
			return VAL(empty);
		}
		/* the address is read from the tracee or scratch memory */
		addr = ptrmem(rt, NODE(rt, nd->dn_a)->dn_next,
		    (uint64_t)av[1], len);
		if (rt->rt_fault != FLT_NONE ||
		    (d = scratch(rt, ss, n)) == NULL ||
		    memread(rt, addr, hw, len, n) != 0)
			return VAL(empty);
		for (i = 0, o = 0; i < len && o + 3 < ss; i++)
			o += (size_t)snprintf(d + o, ss - o, "%s%02x",
			    i > 0 ? ":" : "", hw[i]);
		return VAL(d);
	}
	case F_CLEANPATH:
		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		cleanpath(STR(av[0]), d, ss);
		return VAL(d);
	case F_COPYINSTR:
		return copyinstr(rt, n, (uint64_t)av[0],
		    nargs > 1 ? av[1] : -1);
	case F_ALLOCA: {
		/* len bytes at the next multiple of 8, until the clause
		 * ends (dtrace-utils' dt_cg_subr_alloca_impl); alloca(0)
		 * is where the next would go */
		uint64_t len = (uint64_t)av[0], top = rt->rt_atop, next;

		if (len > rt->rt_asize || top > rt->rt_asize - 8 ||
		    (next = (top + len + 7) & ~(uint64_t)7) > rt->rt_asize) {
			fault(rt, FLT_NOSCRATCH, 0, n);
			return 0;
		}
		memset(rt->rt_abase + top, 0, (size_t)(next - top));
		rt->rt_atop = next;
		return (int64_t)top;
	}
	case F_BCOPY: {
		/* bcopy(src, dst, size): dst in alloca()'s memory */
		int32_t sa = nd->dn_a, da = NODE(rt, sa)->dn_next;
		uint64_t dst = (uint64_t)av[1], src;
		int64_t len = av[2];

		if (len < 0 || (uint64_t)len > rt->rt_asize - 8) {
			fault(rt, FLT_BADSIZE, (uint64_t)len, n);
			return 0;
		}
		if (NODE(rt, sa)->dn_type == DT_STR && av[0] == 0) {
			fault(rt, FLT_BADADDR, 0, sa);
			return 0;
		}
		if ((d = abytes(rt, dst, (uint64_t)len, da)) == NULL)
			return 0;
		if (NODE(rt, sa)->dn_type == DT_STR) {
			/* a string's bytes, its NUL, and no further */
			size_t sl = strnlen(STR(av[0]), ss - 1) + 1;

			memset(d, 0, (size_t)len);
			memcpy(d, STR(av[0]), sl < (size_t)len ? sl :
			    (size_t)len);
			return 0;
		}
		src = ptrmem(rt, sa, (uint64_t)av[0], (uint64_t)len);
		if (rt->rt_fault == FLT_NONE)
			(void)memread(rt, src, d, (size_t)len, sa);
		return 0;
	}
	case F_COPYIN: {
		/* void *: len bytes of scratch, live until the clause ends */
		size_t len = av[1] < 0 ? 0 : (size_t)av[1];

		if (len > rt->rt_scrsize) {
			fault(rt, FLT_NOSCRATCH, 0, n);
			return 0;
		}
		if ((d = scratch(rt, len + 1, n)) == NULL)
			return 0;
		if (readmem(rt, (uint64_t)av[0], d, len, n) != 0)
			return 0;
		d[len] = '\0';
		return (int64_t)(uintptr_t)d;
	}
	case F_STACK:
		/*
		 * The kernel stack: none in a process traced from user
		 * space.  dtrace's is empty in a pid probe (its test
		 * pid/tst.emptystack.d): a stack of no frames.
		 */
		if ((d = scratch(rt, ss, n)) == NULL)
			return 0;
		snprintf(d, ss, "%c%d", DSL_STACKMARK, (int)rt->rt_ctx->cx_pid);
		return (int64_t)(uintptr_t)d;
	case F_USTACK:
	case F_JSTACK:
		return VAL(stack(rt, n, nargs > 0 ? av[0] : f == F_USTACK ?
		    rt->rt_ustackframes : rt->rt_jstackframes,
		    nargs > 1 ? av[1] : f == F_USTACK ? 0 :
		    rt->rt_jstackstrsize));
	case F_UFUNC:
	case F_UMOD:
	case F_USYM:
	case F_UADDR:
		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		usym(rt, f, (uint64_t)av[0], d, ss);
		return VAL(d);
	case F_STRINGOF:
		if (NODE(rt, nd->dn_a)->dn_type == DT_STR)
			return av[0];
		if (NODE(rt, nd->dn_a)->dn_ctype != 0) {
			/* a pointer: the string it points at */
			uint64_t addr = (uint64_t)av[0];

			const char *src;
			size_t max = 0, len;

			if ((NODE(rt, nd->dn_a)->dn_flags & DN_ALLOCA) != 0) {
				/* up to the last allocation */
				src = abytes(rt, addr, 1, nd->dn_a);
				if (src == NULL)
					return VAL(empty);
				max = (size_t)(rt->rt_abase + rt->rt_atop -
				    src);
			} else if (in_scratch(rt, addr, 1)) {
				src = (const char *)(uintptr_t)addr;
				max = (size_t)(rt->rt_scratch +
				    rt->rt_scrsize - src);
			} else {
				return copyinstr(rt, n, addr, -1);
			}
			len = strnlen(src, max < ss ? max : ss - 1);
			if ((d = scratch(rt, len + 1, n)) == NULL)
				return VAL(empty);
			memmove(d, src, len);
			d[len] = '\0';
			return VAL(d);
		}
		if ((d = scratch(rt, ss, n)) == NULL)
			return VAL(empty);
		snprintf(d, ss, "%lld", (long long)av[0]);
		return VAL(d);
	}
	return 0;
}

static int64_t
eval_node(dsl_rt_t *rt, int32_t n)
{
	const dsl_node_t *nd = NODE(rt, n);
	int64_t a, b;

	switch (nd->dn_op) {
	case N_INT:
		return nd->dn_ival;
	case N_STR:
		return VAL(rt->rt_pg->pg_strtab + nd->dn_ival);
	case N_GVAR:
		if (nd->dn_type != DT_STR && (nd->dn_aux & AUX_LOCAL) == 0 &&
		    rt->rt_pg->pg_vars[nd->dn_ival].va_type != DT_VOID)
			return rt->rt_gint[rt->rt_pg->pg_vars[
			    nd->dn_ival].va_slot];
		/* FALLTHROUGH */
	case N_TVAR:
	case N_SVAR:
	case N_ARR:
		if (nd->dn_aux & AUX_LOCAL)
			return (int64_t)(uintptr_t)varaddr(rt, n, false);
		return load(rt, n);
	case N_BUILTIN:
		return builtin(rt, (int)nd->dn_ival);
	case N_ARG:
		return arg(rt, (int)nd->dn_ival);
	case N_UREG: {
		uint64_t v = 0;

		if (rt->rt_host.dh_ureg == NULL ||
		    rt->rt_host.dh_ureg(rt->rt_ctx->cx_cookie,
		    (int)nd->dn_ival, &v) < 0)
			return 0;
		return (int64_t)v;
	}
	case N_BINOP:
		a = widen(NODE(rt, nd->dn_a), nd, eval(rt, nd->dn_a));
		b = widen(NODE(rt, nd->dn_b), nd, eval(rt, nd->dn_b));
		return binop(rt, n, nd->dn_aux, a, b);
	case N_STRCMP: {
		int c;

		a = eval(rt, nd->dn_a);
		b = eval(rt, nd->dn_b);
		/* NULL is less than any string, "" too, and equal to
		 * itself (dtrace-utils operators/
		 * tst.str_comparison-basic-with-NULL) */
		if (a == 0 || b == 0)
			c = (a != 0) - (b != 0);
		else
			c = strcmp(STR(a), STR(b));
		switch (nd->dn_aux) {
		case '<': return c < 0;
		case '>': return c > 0;
		case T_LE: return c <= 0;
		case T_GE: return c >= 0;
		case T_EQ: return c == 0;
		default: return c != 0;
		}
	}
	case N_LAND:
		return eval(rt, nd->dn_a) != 0 && eval(rt, nd->dn_b) != 0;
	case N_LOR:
		return eval(rt, nd->dn_a) != 0 || eval(rt, nd->dn_b) != 0;
	case N_LXOR:
		a = eval(rt, nd->dn_a) != 0;
		b = eval(rt, nd->dn_b) != 0;
		return a ^ b;
	case N_UNOP:
		a = eval(rt, nd->dn_a);
		switch (nd->dn_aux) {
		case '-': return norm((int64_t)(0 - (uint64_t)a), nd);
		case '~': return norm(~a, nd);
		case '!': return a == 0;
		default: return norm(a, nd);
		}
	case N_COND:
		return eval(rt, nd->dn_a) != 0 ? eval(rt, nd->dn_b) :
		    eval(rt, nd->dn_c);
	case N_CAST:
		a = widen(NODE(rt, nd->dn_a), nd, eval(rt, nd->dn_a));
		return nd->dn_type == DT_INT ? norm(a, nd) : a;
	case N_ASSIGN: {
		const dsl_node_t *ln = NODE(rt, nd->dn_a);
		bool c = ln->dn_op == N_MEMBER || ln->dn_op == N_DEREF ||
		    ln->dn_op == N_INDEX;

		if (c && (ln->dn_aux & AUX_CHARS))
			return cstrstore(rt, nd->dn_a, eval(rt, nd->dn_b));
		if (ln->dn_aux & AUX_BYADDR && (c || (ln->dn_aux & AUX_LOCAL)))
			return copyref(rt, nd->dn_a, nd->dn_b);
		if (nd->dn_aux == '=') {
			b = widen(NODE(rt, nd->dn_b), ln, eval(rt, nd->dn_b));
		} else {
			a = c ? cload(rt, nd->dn_a) : load(rt, nd->dn_a);
			b = widen(NODE(rt, nd->dn_b), ln, eval(rt, nd->dn_b));
			b = binop(rt, nd->dn_a, nd->dn_aux, a, b);
		}
		return c ? cstore(rt, nd->dn_a, b) : store(rt, nd->dn_a, b);
	}
	case N_INCDEC: {
		const dsl_node_t *ln = NODE(rt, nd->dn_a);
		bool c = ln->dn_op == N_MEMBER || ln->dn_op == N_DEREF ||
		    ln->dn_op == N_INDEX;

		a = c ? cload(rt, nd->dn_a) : load(rt, nd->dn_a);
		b = nd->dn_aux == T_INC ? (int64_t)((uint64_t)a + 1) :
		    (int64_t)((uint64_t)a - 1);
		b = c ? cstore(rt, nd->dn_a, b) : store(rt, nd->dn_a, b);
		return nd->dn_ival ? a : b;
	}
	case N_CALL:
		return subr(rt, n);
	case N_MEMBER:
	case N_DEREF:
	case N_INDEX:
		return cload(rt, n);
	case N_ADDROF:
	{
		bool ap;

		return (int64_t)address(rt, nd->dn_a, false, &ap);
	}
	}
	return 0;
}

/*
 * The nodes a clause evaluates most without eval_node()'s frame and
 * its switch's indirect jump: the leaves (a constant, an argument, a
 * this-> integer), and calls and C data, whose functions have their
 * own (put.d's clause in bench/eval: a sixth fewer instructions).
 * The rest, and every case these do not settle, as eval_node().
 */
static inline int64_t
eval(dsl_rt_t *rt, int32_t n)
{
	const dsl_node_t *nd = NODE(rt, n);

	if (nd->dn_op == N_INT)
		return nd->dn_ival;
	if (nd->dn_op == N_CALL)
		return subr(rt, n);
	if (nd->dn_op == N_MEMBER || nd->dn_op == N_DEREF ||
	    nd->dn_op == N_INDEX)
		return cload(rt, n);
	if (nd->dn_op == N_ARG) {
		const dsl_ctx_t *cx = rt->rt_ctx;
		int i = (int)nd->dn_ival;

		if (i >= 0 && i < DSL_NARGS && (cx->cx_nargs == 0 ||
		    (uint32_t)i < cx->cx_nargs))
			return (int64_t)cx->cx_args[i];
	} else if (nd->dn_op == N_TVAR && nd->dn_type != DT_STR &&
	    (nd->dn_aux & AUX_LOCAL) == 0) {
		const dsl_var_t *v = &rt->rt_pg->pg_vars[nd->dn_ival];

		if (v->va_type != DT_VOID)
			return rt->rt_tint[v->va_slot];
	}
	return eval_node(rt, n);
}

/* -x aggsize: would a new entry (a key of klen bytes) of ra take the
 * aggregations past it?  Then it is an aggregation drop. */
static bool
aggfull(dsl_rt_t *rt, const rt_agg_t *ra, size_t klen)
{
	uint64_t used = HE_BYTES(&ra->ag_ht, klen);
	uint32_t a;
	size_t n = 0;

	if (rt->rt_opts[O_AGGSIZE] <= 0)
		return false;
	for (a = 0; a < rt->rt_pg->pg_naggs; a++) {
		used += rt->rt_aggs[a].ag_ht.ht_bytes;
		n += rt->rt_aggs[a].ag_ht.ht_n;
	}
	/* the first entry always fits: the program was checked for it */
	if (n == 0 || used <= (uint64_t)rt->rt_opts[O_AGGSIZE])
		return false;
	rt->rt_drops[DROP_AGGREGATION]++;
	rt->rt_droppending = true;
	return true;
}

static void
aggregate(dsl_rt_t *rt, int32_t n)
{
	const dsl_node_t *nd = NODE(rt, n);
	const dsl_agg_t *ag = &rt->rt_pg->pg_aggs[nd->dn_ival];
	rt_agg_t *ra = &rt->rt_aggs[nd->dn_ival];
	dsl_hent_t *he;
	int64_t v = 0, incr = 1;

	if (nd->dn_b != DSL_NONE) {
		int32_t a = nd->dn_b;

		v = eval(rt, a);
		/* the optional last argument is the increment */
		if (ag->ag_func == F_QUANTIZE && NODE(rt, a)->dn_next !=
		    DSL_NONE)
			incr = eval(rt, NODE(rt, a)->dn_next);
		else if (ag->ag_func == F_LQUANTIZE ||
		    ag->ag_func == F_LLQUANTIZE) {
			int32_t k = a;
			int i, want = ag->ag_func == F_LQUANTIZE ? 4 : 5;

			for (i = 0; i < want && k != DSL_NONE; i++)
				k = NODE(rt, k)->dn_next;
			if (k != DSL_NONE)
				incr = eval(rt, k);
		}
	}
	if (nd->dn_a == DSL_NONE) {
		he = ra->ag_nokey;
		if (he == NULL) {
			if (rt->rt_fault != FLT_NONE || aggfull(rt, ra, 0))
				return;
			he = dsl_var_ht_insert(&ra->ag_ht, 0, "", 0, 0);
			if (he == NULL)
				return;
			dsl_agg_init(ag, he->he_data);
			ra->ag_nokey = he;
		}
	} else {
		size_t len = mkkey(rt, nd->dn_a, ag->ag_ktype, false);
		uint64_t h = dsl_var_hash(0, rt->rt_keybuf, len);

		if (rt->rt_fault != FLT_NONE)
			return;
		he = dsl_var_ht_find(&ra->ag_ht, 0, rt->rt_keybuf, len, h);
		if (he == NULL) {
			if (aggfull(rt, ra, len))
				return;
			he = dsl_var_ht_insert(&ra->ag_ht, 0, rt->rt_keybuf,
			    len, h);
			if (he == NULL)
				return;
			dsl_agg_init(ag, he->he_data);
		}
	}
	if (rt->rt_fault == FLT_NONE)
		dsl_agg_update(rt, ag, he->he_data, v, incr);
}

/*
 * setopt(name[, value]): the options dtrace lets a running program
 * change (quiet, the aggregation sorts, rawbytes, stackindent, aggzoom;
 * the rates, whose effect pidtrace always has) take effect at once.  A
 * failure prints dtrace-utils' line (its actions/setopt/tst.badopt) and
 * the clause goes on: an unknown name, a bad value, or an option fixed
 * once tracing runs ("Operation illegal when tracing is active").
 */
static void
setopt(dsl_rt_t *rt, const char *name, const char *val)
{
	const rt_probe_t *p = &rt->rt_probes[rt->rt_pid - 1];
	const char *why, *msg = NULL;
	int64_t v;
	bool dyn;
	int o = dsl_prog_optparse(name, val, &v, &why, &dyn);

	if (o == DSL_OPT_BADNAME)
		msg = "Invalid option name";
	else if (o == DSL_OPT_BADVAL)
		msg = "Invalid value for specified option";
	else if (o == DSL_OPT_REFUSED || !dyn)
		msg = "Operation illegal when tracing is active";
	if (msg != NULL) {
		fflush(rt->rt_host.dh_out);
		fprintf(rt->rt_err, "pidtrace: error in dt_clause_%u for probe "
		    "ID %u (%s:%s:%s:%s): couldn't set option \"%s\" to "
		    "\"%s\": %s\n\n", rt->rt_clause, rt->rt_pid, p->pr_prov,
		    p->pr_mod, p->pr_func, p->pr_name, name,
		    *val != '\0' ? val : "1", msg);
		fflush(rt->rt_err);
		return;
	}
	if (o < 0)
		return;		/* no effect to have (switchrate...) */
	rt->rt_opts[o] = v;
	if (o == O_QUIET)
		rt->rt_quiet = v > 0;
}

/* printf()'s arguments after the format node fn, evaluated. */
static size_t
pfargs(dsl_rt_t *rt, const dsl_node_t *fn, dsl_parg_t *args)
{
	size_t k = 0;
	int32_t x;

	for (x = fn->dn_next; x != DSL_NONE && k < 64;
	    x = NODE(rt, x)->dn_next, k++) {
		const dsl_node_t *xn = NODE(rt, x);
		int64_t v = eval(rt, x);

		const dsl_ctype_t *ty = xn->dn_ctype == 0 ? NULL :
		    dsl_type_resolve(&rt->rt_pg->pg_tt, xn->dn_ctype, NULL);

		args[k].pa_type = xn->dn_type;
		args[k].pa_size = xn->dn_size;
		args[k].pa_signed = xn->dn_signed;
		args[k].pa_int = v;
		args[k].pa_fsize = ty != NULL && ty->ty_kind == TY_FLOAT ?
		    (int)ty->ty_size : 0;
		args[k].pa_str = xn->dn_type == DT_STR ? STR(v) : NULL;
		/* a NULL string is read when recorded: it faults */
		if (xn->dn_type == DT_STR && v == 0)
			fault(rt, FLT_BADADDR, 0, x);
	}
	return k;
}

/*
 * system() and freopen(): the text their printf-like arguments make.
 * As dtrace's consumer does, the output so far is written out first;
 * system() runs the text with /bin/sh, its output in the trace output's
 * place; freopen() sends the trace output to the file it names
 * (appending), and freopen("") back to where it first went.
 */
static void
formatted(dsl_rt_t *rt, int32_t n, int32_t a, bool sys)
{
	dsl_parg_t args[64];
	const dsl_node_t *an = NODE(rt, a);
	size_t k = pfargs(rt, an, args), len = 0;
	char *text = NULL;
	FILE *mem, *out = rt->rt_out;
	dsl_emit_t *em = rt->rt_emit;

	if (rt->rt_fault != FLT_NONE)
		return;
	if ((mem = open_memstream(&text, &len)) == NULL) {
		fault(rt, FLT_NOSCRATCH, 0, n);
		return;
	}
	rt->rt_out = mem;
	rt->rt_emit = NULL;	/* the text, never a JSON record */
	dsl_printf_out(rt, rt->rt_pg->pg_strtab + an->dn_ival, args, k);
	rt->rt_emit = em;
	rt->rt_out = out;
	fclose(mem);
	dsl_rt_clause_flush(rt);
	if (sys)
		dsl_rt_system(rt, text);
	else
		dsl_rt_freopen(rt, text);
	free(text);
}

/*
 * print(p): what p points at, read once (the whole object, up to 64 KiB,
 * as Oracle's dtrace records it) and shown up to printsize bytes: its
 * default 8192, a value past 64 KiB or not positive taken for it, and
 * rounded up to a multiple of 8 (Oracle's dt_opt_printsize).
 */
static void
print_pointee(dsl_rt_t *rt, int32_t n, int32_t a, uint64_t v)
{
	const dsl_typetab_t *tt = &rt->rt_pg->pg_tt;
	const dsl_ctype_t *pt = dsl_type_resolve(tt, NODE(rt, a)->dn_ctype,
	    NULL);
	const dsl_ctype_t *ty;
	int64_t limit = rt->rt_opts[O_PRINTSIZE];
	unsigned char *buf;
	uint64_t addr;
	size_t len;

	if (pt == NULL || pt->ty_kind != TY_PTR ||
	    (ty = dsl_type_resolve(tt, pt->ty_ref, NULL)) == NULL)
		return;		/* the compiler refused it */
	if (limit <= 0 || limit > DSL_PRINTMAX)
		limit = 8192;
	limit = (limit + 7) & ~(int64_t)7;
	len = ty->ty_size < DSL_PRINTMAX ? (size_t)ty->ty_size : DSL_PRINTMAX;
	if (len == 0 || (buf = malloc(len)) == NULL)
		return;
	if (v == 0)
		fault(rt, FLT_BADADDR, 0, a);
	else if ((addr = ptrmem(rt, a, v, len)) != 0 &&
	    rt->rt_fault == FLT_NONE)
		(void)memread(rt, addr, buf, len, n);
	if (rt->rt_fault == FLT_NONE)
		dsl_typeprint(rt, pt->ty_ref, v, buf, len, (size_t)limit);
	free(buf);
}

static void
action(dsl_rt_t *rt, int32_t n)
{
	const dsl_node_t *nd = NODE(rt, n);
	int32_t a = nd->dn_a;
	const dsl_node_t *an = a != DSL_NONE ? NODE(rt, a) : NULL;

	switch (nd->dn_ival) {
	case F_PRINT: {
		int64_t v = eval(rt, a);

		if (an->dn_type == DT_STR && v == 0)
			fault(rt, FLT_BADADDR, 0, a);
		if (rt->rt_fault == FLT_NONE && rt->rt_emit != NULL)
			dsl_print_trace(rt, an, v);	/* JSON: the value */
		else if (rt->rt_fault == FLT_NONE)
			print_pointee(rt, n, a, (uint64_t)v);
		return;
	}
	case F_TRACE: {
		int64_t v = eval(rt, a);

		/* a NULL string is read when recorded: it faults
		 * (dtrace-utils funcs/strtok/tst.strtok_nullstr2) */
		if (an->dn_type == DT_STR && v == 0)
			fault(rt, FLT_BADADDR, 0, a);
		if (rt->rt_fault == FLT_NONE)
			dsl_print_trace(rt, an, v);
		return;
	}
	case F_PRINTF: {
		dsl_parg_t args[64];
		size_t k = pfargs(rt, an, args);

		if (rt->rt_fault == FLT_NONE)
			dsl_printf_out(rt, rt->rt_pg->pg_strtab + an->dn_ival,
			    args, k);
		return;
	}
	case F_PRINTA: {
		uint32_t aggs[DSL_PRINTA_MAX];
		int na = 0;
		const char *fmt = NULL;
		int32_t x = a;

		if (an->dn_op == N_STR) {
			fmt = rt->rt_pg->pg_strtab + an->dn_ival;
			x = an->dn_next;
		}
		for (; x != DSL_NONE && na < DSL_PRINTA_MAX;
		    x = NODE(rt, x)->dn_next)
			aggs[na++] = (uint32_t)NODE(rt, x)->dn_ival;
		dsl_ip_fold(rt->rt_ip);
		dsl_print_printa(rt, aggs, na, fmt);
		return;
	}
	case F_EXIT: {
		int64_t v = eval(rt, a);

		if (rt->rt_fault != FLT_NONE)
			return;
		rt->rt_exited = true;
		rt->rt_exitcode = (int)v;
		dsl_ip_exited(rt->rt_ip);	/* the tracee's clauses stop */
		return;
	}
	case F_CLEAR:
		dsl_ip_fold(rt->rt_ip);
		dsl_agg_clear(rt, (uint32_t)an->dn_ival);
		dsl_ip_cleared(rt->rt_ip, (uint32_t)an->dn_ival);
		return;
	case F_TRUNC: {
		int64_t k = 0;

		if (an->dn_next != DSL_NONE)
			k = eval(rt, an->dn_next);
		if (rt->rt_fault != FLT_NONE)
			return;
		dsl_ip_fold(rt->rt_ip);
		dsl_agg_trunc(rt, (uint32_t)an->dn_ival, k,
		    an->dn_next == DSL_NONE);
		dsl_ip_cleared(rt->rt_ip, (uint32_t)an->dn_ival);
		return;
	}
	case F_NORMALIZE: {
		int64_t k = eval(rt, an->dn_next);

		if (rt->rt_fault != FLT_NONE)
			return;
		if (k <= 0) {
			fault(rt, FLT_ILLOP, 0, n);
			return;
		}
		rt->rt_aggs[an->dn_ival].ag_normal = k;
		return;
	}
	case F_DENORMALIZE:
		rt->rt_aggs[an->dn_ival].ag_normal = 1;
		return;
	case F_SPECULATE:
	case F_COMMIT:
	case F_DISCARD: {
		int64_t id = eval(rt, a);
		bool ok;

		if (rt->rt_fault != FLT_NONE)
			return;
		if (nd->dn_ival == F_SPECULATE) {
			if (!dsl_rt_spec_use(rt, id))
				fault(rt, FLT_DROP, 0, n);
			return;
		}
		ok = dsl_rt_spec_end(rt, id, nd->dn_ival == F_COMMIT);
		if (!ok)
			fault(rt, FLT_ILLOP, 0, n);
		return;
	}
	case F_RAISE: {
		int64_t sig = eval(rt, a);

		if (rt->rt_fault != FLT_NONE)
			return;
		if (sig <= 0 || sig >= NSIG) {
			fault(rt, FLT_ILLOP, 0, n);
			return;
		}
		/* the output so far goes first, as dtrace's records do */
		dsl_rt_clause_flush(rt);
		fflush(rt->rt_host.dh_out);
		if (rt->rt_ctx->cx_cookie != NULL &&
		    rt->rt_host.dh_raise != NULL)
			(void)rt->rt_host.dh_raise(rt->rt_ctx->cx_cookie,
			    rt->rt_ctx->cx_tid, (int)sig);
		else
			(void)raise((int)sig);
		return;
	}
	case F_SYSTEM:
	case F_FREOPEN:
		formatted(rt, n, a, nd->dn_ival == F_SYSTEM);
		return;
	case F_SETOPT: {
		const char *name = rt->rt_pg->pg_strtab + an->dn_ival;
		const char *val = "";

		if (an->dn_next != DSL_NONE)
			val = STR(eval(rt, an->dn_next));
		if (val == NULL)
			fault(rt, FLT_BADADDR, 0, an->dn_next);
		if (rt->rt_fault == FLT_NONE)
			setopt(rt, name, val);
		return;
	}
	}
}

static void
exec(dsl_rt_t *rt, int32_t s)
{
	for (; s != DSL_NONE && rt->rt_fault == FLT_NONE;
	    s = NODE(rt, s)->dn_next) {
		const dsl_node_t *nd = NODE(rt, s);
		const dsl_node_t *e;

		switch (nd->dn_op) {
		case S_EXPR:
			rt->rt_act = nd->dn_act;
			e = NODE(rt, nd->dn_a);
			if (e->dn_op == N_AGG)
				aggregate(rt, nd->dn_a);
			else if (e->dn_op == N_CALL && F_ISACTION(e->dn_ival))
				action(rt, nd->dn_a);
			else if (e->dn_op == N_CALL && F_ISSTACK(e->dn_ival)) {
				int64_t v = eval(rt, nd->dn_a);

				if (rt->rt_fault == FLT_NONE)
					dsl_print_trace(rt, e, v);
			} else
				(void)eval(rt, nd->dn_a);
			break;
		case S_IF:
			if (eval(rt, nd->dn_a) != 0)
				exec(rt, nd->dn_b);
			else if (rt->rt_fault == FLT_NONE)
				exec(rt, nd->dn_c);
			break;
		case S_BLOCK:
			exec(rt, nd->dn_a);
			break;
		}
	}
}

static const char *
faultstr(int flt)
{
	switch (flt) {
	case FLT_BADADDR: return "invalid address";
	case FLT_DIVZERO: return "divide-by-zero";
	case FLT_NOSCRATCH: return "out of scratch space";
	case FLT_BADALIGN: return "invalid alignment";
	case FLT_BADSIZE: return "invalid size";
	case FLT_BADINDEX: return "index out of bounds";
	default: return "illegal operation";
	}
}

/* dtrace's fault numbers (DTRACEFLT_*), for ERROR's arg4. */
static int
faultnum(int flt)
{
	switch (flt) {
	case FLT_BADADDR: return 1;
	case FLT_BADALIGN: return 2;
	case FLT_DIVZERO: return 4;
	case FLT_NOSCRATCH: return 5;
	case FLT_BADSIZE: return 10;
	case FLT_BADINDEX: return 11;
	default: return 3;
	}
}

/*
 * Report a fault as dt_handle_err() words it, and fire ERROR.  dtrace
 * says "at DIF offset N", the offset of the faulting DIF instruction; we
 * have no DIF, so N is the source column of the expression that faulted,
 * which points at it just as well.
 */
static void
report(dsl_rt_t *rt)
{
	const rt_probe_t *p = &rt->rt_probes[rt->rt_pid - 1];
	const dsl_node_t *fn = NODE(rt, rt->rt_faultnode);
	char where[32], details[48] = "";
	int off = fn->dn_col;

	if (rt->rt_faultact == 0)
		snprintf(where, sizeof(where), "predicate");
	else
		snprintf(where, sizeof(where), "action #%u", rt->rt_faultact);
	if (rt->rt_fault == FLT_BADADDR || rt->rt_fault == FLT_BADALIGN ||
	    rt->rt_fault == FLT_BADSIZE)
		snprintf(details, sizeof(details), " (0x%llx)",
		    (unsigned long long)rt->rt_faultval);
	else if (rt->rt_fault == FLT_BADINDEX)
		snprintf(details, sizeof(details), " (%lld)",
		    (long long)rt->rt_faultval);
	fflush(rt->rt_host.dh_out);
	fprintf(rt->rt_err, "pidtrace: error on enabled probe ID %u (ID %u: "
	    "%s:%s:%s:%s): %s%s in %s at DIF offset %d\n", rt->rt_epid,
	    rt->rt_pid, p->pr_prov, p->pr_mod, p->pr_func, p->pr_name,
	    faultstr(rt->rt_fault), details, where, off);
	fflush(rt->rt_err);
	rt->rt_nerrors++;
	if (rt->rt_error != 0 && !rt->rt_inerror) {
		dsl_ctx_t ecx = *rt->rt_ctx;
		uint32_t pid = rt->rt_pid;
		int flt = rt->rt_fault;

		/* Oracle's ERROR arguments: arg1 the probe's id, arg2 the
		 * clause's index in the program (dtrace-utils' dt_clause_N;
		 * illumos gives the EPID and the action), arg4 the fault,
		 * arg5 the address */
		memset(ecx.cx_args, 0, sizeof(ecx.cx_args));
		ecx.cx_args[1] = pid;
		ecx.cx_args[2] = rt->rt_clause;
		ecx.cx_args[3] = (uint64_t)off;
		ecx.cx_args[4] = (uint64_t)faultnum(flt);
		ecx.cx_args[5] = rt->rt_faultval;
		ecx.cx_nargs = 6;
		rt->rt_inerror = true;
		(void)dsl_eval_fire(rt, rt->rt_error, &ecx);
		rt->rt_inerror = false;
		rt->rt_pid = pid;
	}
}

static void
clause(dsl_rt_t *rt, uint32_t c, uint32_t epid, const dsl_ctx_t *ctx)
{
	const dsl_clause_t *cl = &rt->rt_pg->pg_clauses[c];
	FILE *out = rt->rt_out, *dh = rt->rt_host.dh_out;

	rt->rt_fault = FLT_NONE;
	rt->rt_scrused = 0;
	rt->rt_atop = 8;
	rt->rt_epid = epid;
	rt->rt_clause = c;
	rt->rt_act = 0;
	rt->rt_ctx = ctx;
	if (cl->cl_pred != DSL_NONE && eval(rt, cl->cl_pred) == 0 &&
	    rt->rt_fault == FLT_NONE)
		return;
	if (rt->rt_fault != FLT_NONE) {
		report(rt);
		return;
	}
	if (!cl->cl_traces) {
		exec(rt, cl->cl_body);
	} else {
		/* a traced clause's output goes out whole, or not at all */
		rt->rt_out = dsl_rt_clause_begin(rt);
		dsl_print_probe(rt);
		exec(rt, cl->cl_body);
		/* freopen() may have moved the trace output */
		rt->rt_out = out == dh ? rt->rt_host.dh_out : out;
		dsl_rt_clause_end(rt, rt->rt_fault != FLT_NONE);
	}
	if (rt->rt_fault != FLT_NONE && rt->rt_fault != FLT_DROP)
		report(rt);
}

/* An enabling that ran in the traced process met a fault: report it
 * as its clause() would have. */
static void
report_ran(dsl_rt_t *rt, uint32_t c, uint32_t epid, const dsl_ctx_t *ctx,
    const dsl_jev_t *ev)
{
	if (ev->je_node < 0 || (uint32_t)ev->je_node >= rt->rt_pg->pg_nnodes)
		return;
	rt->rt_epid = epid;
	rt->rt_clause = c;
	rt->rt_ctx = ctx;
	rt->rt_fault = ev->je_flt;
	rt->rt_faultval = ev->je_val;
	rt->rt_faultnode = ev->je_node;
	rt->rt_faultact = ev->je_act;
	report(rt);
	rt->rt_fault = FLT_NONE;
}

int
dsl_eval_fire(dsl_rt_t *rt, uint32_t id, const dsl_ctx_t *ctx)
{
	return dsl_eval_fire_part(rt, id, ctx, 0, NULL, 0);
}

int
dsl_eval_fire_part(dsl_rt_t *rt, uint32_t id, const dsl_ctx_t *ctx,
    uint64_t ran, const dsl_jev_t *ev, size_t nev)
{
	const rt_probe_t *p;
	uint32_t i;
	size_t k;

	if (id == 0 || id > rt->rt_nprobes)
		return rt->rt_exited ? DSL_FIRE_EXIT : DSL_FIRE_OK;
	if (rt->rt_exited && id != rt->rt_end && !rt->rt_inerror)
		return DSL_FIRE_EXIT;
	p = &rt->rt_probes[id - 1];
	if (p->pr_nclauses == 0)
		return rt->rt_exited ? DSL_FIRE_EXIT : DSL_FIRE_OK;
	if (!rt->rt_inerror && rt->rt_pg->pg_nthis_int > 0)
		memset(rt->rt_tint, 0, rt->rt_pg->pg_nthis_int *
		    sizeof(int64_t));
	if (!rt->rt_inerror && rt->rt_pg->pg_nthis_str > 0)
		memset(rt->rt_tstr, 0, rt->rt_pg->pg_nthis_str *
		    (size_t)rt->rt_strsize);
	if (!rt->rt_inerror && rt->rt_pg->pg_nthis_mem > 0)
		memset(rt->rt_tmem, 0, rt->rt_pg->pg_nthis_mem);
	rt->rt_now = ctx->cx_timestamp;	/* one timestamp per firing */
	for (i = 0; i < p->pr_nclauses; i++) {
		/* after exit(), as in dtrace-utils, no clause but END's and
		 * ERROR's runs: not even the rest of this firing's */
		if (rt->rt_exited && id != rt->rt_end && !rt->rt_inerror)
			break;
		rt->rt_pid = id;
		if (i < 64 && (ran >> i & 1) != 0) {
			for (k = 0; k < nev; k++)
				if (ev[k].je_idx == i)
					report_ran(rt, p->pr_clauses[i],
					    p->pr_epids[i], ctx, &ev[k]);
			continue;
		}
		clause(rt, p->pr_clauses[i], p->pr_epids[i], ctx);
	}
	if (rt->rt_droppending)
		dsl_rt_drops(rt, false);
	return rt->rt_exited ? DSL_FIRE_EXIT : DSL_FIRE_OK;
}
