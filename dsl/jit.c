/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jit.c: clause code for the traced process.  Each probe with clauses
 * that run in process, or with clauses run from the record whose reads
 * are captured at the firing ("captures" below), gets one entry point;
 * its clauses follow in program order; a few stubs shared by the probes
 * of one piece of code (table lookups, the memory read, the capture)
 * come last.  inproc.h has the calling contract, ip.h the shared area,
 * doc/INPROC.md why.
 *
 * The code computes exactly what eval.c computes: each expression case
 * below mirrors eval()'s case of the same node, value for value (64-bit
 * values, widened and narrowed where eval() does, the same faults in the
 * same order).  A clause the code cannot compute is refused, with why,
 * before any code is made for it (dsl_jit_fits runs the same generator
 * on nothing), so that "fits" and "compiles" never disagree.
 *
 * Registers, fixed for the whole code:
 *	rdi	the firing's dsl_jctx_t (kept)
 *	rsi	the shared area
 *	r9	the thread's self-> entry, or the all-zero entry
 *	r8	the thread's aggregation buffer, 0 until an update needs it
 *	rax	the value being computed; rcx a second operand
 *	rdx, r10, r11	scratch (r11 a stub's way back)
 * Temporaries live in jc_tmp, never on the stack.
 */
#include <config.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dsl/ip.h"
#include "dsl/x86.h"

#define CTX	X86_RDI
#define BASE	X86_RSI
#define THR	X86_R9
#define BUF	X86_R8
#define ACC	X86_RAX
#define TMP	X86_RCX
#define LINK	X86_R11

#define NODE(g, i)	(&(g)->g_pg->pg_nodes[(i)])
#define CX(f)		M(CTX, (int32_t)offsetof(dsl_jctx_t, f))
#define CXI(f, i)	M(CTX, (int32_t)(offsetof(dsl_jctx_t, f) + \
			    8 * (size_t)(i)))
#define HDR(f)		M(BASE, (int32_t)offsetof(dsl_ip_hdr_t, f))

/* Stubs: shared code entered by jmp with the way back in r11. */
enum { ST_THRFIND, ST_THRCLAIM, ST_BUFGET, ST_MEMREAD, ST_CAPBUF,
    ST_CAPREAD, ST_CAPSTR, ST_N };

typedef struct gen {
	dsl_ip_t	*g_ip;
	const dsl_prog_t *g_pg;
	dsl_x86_buf_t	g_b;
	bool		g_dry;		/* only checking that clauses fit */
	bool		g_fail;
	char		g_why[160];	/* why not, when g_fail */
	bool		g_canfault;	/* the clause may report a fault */

	uint32_t	g_probe;	/* its id; 0 when dry */
	const rt_probe_t *g_p;
	uint32_t	g_stub[ST_N];
	bool		g_used[ST_N];
	uint32_t	g_fault;	/* the probe's fault tail */

	uint32_t	g_idx;		/* the enabling being made */
	uint32_t	g_next;		/* the label after its clause */
	uint16_t	g_act;		/* the statement being made */
	bool		g_dynact;	/* the statement is kept in jc_act */
	int		g_ntmp;		/* jc_tmp slots in use */

	/* captures: a clause run in pidtrace whose reads are made here */
	bool		g_cap;		/* making captures */
	int		g_uncond;	/* under a condition unknown */
	uint32_t	g_unknown;	/* this-> slots not known here */
	uint32_t	g_taint;	/* set under g_uncond */
	uint64_t	g_capmax;	/* the most a firing captures */
	bool		g_reads;	/* the clause reads memory */
	bool		g_storing;	/* var_opnd for a store */

	/* loads that may fault: code offset, landing label */
	uint32_t	*g_fixv;
	size_t		g_nfix, g_fixcap;
} gen_t;

static void	expr(gen_t *, int32_t);
static void	capcopyin(gen_t *, const dsl_node_t *);
static void	capblocks(gen_t *, uint32_t, uint32_t, uint32_t);
static void	add_imm(gen_t *, int, int64_t);
static void	loadable(gen_t *, uint32_t);
static void	nope(gen_t *, const char *, ...)
		    __attribute__((format(printf, 2, 3)));

static void
nope(gen_t *g, const char *fmt, ...)
{
	va_list ap;

	if (g->g_fail)
		return;
	g->g_fail = true;
	va_start(ap, fmt);
	vsnprintf(g->g_why, sizeof(g->g_why), fmt, ap);
	va_end(ap);
}

static uint32_t
label(gen_t *g)
{
	return dsl_x86_label(&g->g_b);
}

static void
bind(gen_t *g, uint32_t l)
{
	dsl_x86_bind(&g->g_b, l);
}

/*
 * The encoder (x86.h) on the code being made, so that a call reads as
 * the instruction it lays out: op2(g, X86_ADD, 8, R(ACC), R(TMP)) is
 * add %rcx, %rax.
 */
#define R(r)		dsl_x86_r(r)
#define M(base, d)	dsl_x86_m((base), (d))
#define MX(base, i, s, d) dsl_x86_mx((base), (i), (s), (d))

static void
op2(gen_t *g, int op, int size, dsl_x86_opnd_t dst, dsl_x86_opnd_t src)
{
	dsl_x86_op2(&g->g_b, op, size, dst, src);
}

static void
op2i(gen_t *g, int op, int size, dsl_x86_opnd_t dst, int64_t imm)
{
	dsl_x86_op2i(&g->g_b, op, size, dst, imm);
}

static void
op1(gen_t *g, int op, int size, dsl_x86_opnd_t o)
{
	dsl_x86_op1(&g->g_b, op, size, o);
}

static void
shift(gen_t *g, int op, int size, dsl_x86_opnd_t o, int imm)
{
	dsl_x86_shift(&g->g_b, op, size, o, imm);
}

static void
movx(gen_t *g, int dst, dsl_x86_opnd_t src, int from, bool sign)
{
	dsl_x86_movx(&g->g_b, dst, src, from, sign);
}

static void
lea(gen_t *g, int dst, dsl_x86_opnd_t mem)
{
	dsl_x86_lea(&g->g_b, dst, mem);
}

static void
jcc(gen_t *g, int cc, uint32_t l)
{
	dsl_x86_jcc(&g->g_b, cc, l);
}

static void
jmp(gen_t *g, uint32_t l)
{
	dsl_x86_jmp(&g->g_b, l);
}

static void
setcc(gen_t *g, int cc, int r)
{
	dsl_x86_setcc(&g->g_b, cc, r);
}

/* Enter stub s: its way back is the next instruction. */
static void
stub(gen_t *g, int s)
{
	uint32_t back = label(g);

	g->g_used[s] = true;
	dsl_x86_lea_label(&g->g_b, LINK, back);
	jmp(g, g->g_stub[s]);
	bind(g, back);
}

/*
 * The next instruction is a load of the process's memory that may
 * fault: the tracer sends the thread to landing instead of delivering
 * the signal (inproc.h, dsl_ip_loads_off).
 */
static void
fixload(gen_t *g, uint32_t landing)
{
	uint32_t *v;

	if (g->g_nfix == g->g_fixcap) {
		g->g_fixcap = g->g_fixcap != 0 ? 2 * g->g_fixcap : 8;
		v = realloc(g->g_fixv, 2 * g->g_fixcap * sizeof(*v));
		if (v == NULL) {
			g->g_b.xb_err = true;
			g->g_fixcap = g->g_nfix;
			return;
		}
		g->g_fixv = v;
	}
	g->g_fixv[2 * g->g_nfix] = (uint32_t)g->g_b.xb_len;
	g->g_fixv[2 * g->g_nfix + 1] = landing;
	g->g_nfix++;
}

/* r = v.  Zero is xor, which sets the flags: never between a compare
 * and its jump. */
static void
movi(gen_t *g, int r, int64_t v)
{
	if (v == 0)
		op2(g, X86_XOR, 4, R(r), R(r));
	else if (v > 0 && v <= UINT32_MAX)
		op2i(g, X86_MOV, 4, R(r), v);	/* zero-extends */
	else
		op2i(g, X86_MOV, 8, R(r), v);
}

static void
mov(gen_t *g, dsl_x86_opnd_t dst, dsl_x86_opnd_t src)
{
	op2(g, X86_MOV, 8, dst, src);
}

/* A temporary: rax is kept in jc_tmp[slot]. */
static int
push(gen_t *g)
{
	int t = g->g_ntmp;

	if (t >= DSL_JIT_NTMP) {
		nope(g, "an expression too deep for the in-process code");
		t = 0;
	} else {
		g->g_ntmp++;
	}
	mov(g, CXI(jc_tmp, t), R(ACC));
	return t;
}

static void
pop(gen_t *g, int t, int r)
{
	if (r >= 0)
		mov(g, R(r), CXI(jc_tmp, t));
	g->g_ntmp = t;
}

/* normv(): the low size bytes of r, sign- or zero-extended. */
static void
normv(gen_t *g, int r, int size, bool sign)
{
	if (size == 1 || size == 2 || size == 4)
		movx(g, r, R(r), size, sign);
}

static int64_t
normc(int64_t v, int size, bool sign)
{
	switch (size) {
	case 1: return sign ? (int64_t)(int8_t)v : (int64_t)(uint8_t)v;
	case 2: return sign ? (int64_t)(int16_t)v : (int64_t)(uint16_t)v;
	case 4: return sign ? (int64_t)(int32_t)v : (int64_t)(uint32_t)v;
	default: return v;
	}
}

static bool
is_cmp(int op)
{
	return op == '<' || op == '>' || op == T_LE || op == T_GE ||
	    op == T_EQ || op == T_NE;
}

/* eval.c's widen(): whether from's value is narrowed when used by to. */
static bool
widens(const dsl_node_t *from, const dsl_node_t *to)
{
	bool cmp = to->dn_op == N_BINOP && is_cmp(to->dn_aux);

	return from->dn_type == DT_INT && from->dn_size < 8 &&
	    (cmp || from->dn_size < to->dn_size);
}

/*
 * Fault: record the event (clause, statement, node, fault, value in rcx
 * when val) and go on with the next clause, as eval.c's clause() reports
 * and moves on.  Jumping out at once is exact: after a fault eval()
 * stores nothing, reads nothing and aggregates nothing more.
 */
static void
fault(gen_t *g, int flt, int32_t node, bool val)
{
	uint64_t w = (uint32_t)node | (uint64_t)(g->g_dynact ? 0 : g->g_act)
	    << 32 | (uint64_t)g->g_idx << 48 | (uint64_t)flt << 56;

	if (g->g_cap) {
		/* pidtrace meets the fault itself, from the record: the
		 * captures of this clause end here, as its reads do */
		jmp(g, g->g_next);
		return;
	}
	g->g_canfault = true;
	if (!val)
		movi(g, TMP, 0);
	op2i(g, X86_MOV, 8, R(X86_R10), (int64_t)w);
	if (g->g_dynact) {
		movx(g, ACC, CX(jc_act), 4, false);
		shift(g, X86_SHL, 8, R(ACC), 32);
		op2(g, X86_OR, 8, R(X86_R10), R(ACC));
	}
	dsl_x86_lea_label(&g->g_b, LINK, g->g_next);
	jmp(g, g->g_fault);
}

/* --- operands ----------------------------------------------------- */

/* A value at hand without code: an immediate, or memory of op_size
 * bytes (sign-extended when op_sign) that holds it. */
typedef struct opnd {
	bool		op_imm;
	int64_t		op_v;
	dsl_x86_opnd_t	op_m;
	int		op_size;
	bool		op_sign;
} opnd_t;

static bool
var_opnd(gen_t *g, const dsl_node_t *nd, dsl_x86_opnd_t *m)
{
	const dsl_var_t *v = &g->g_pg->pg_vars[nd->dn_ival];
	const dsl_ip_t *ip = g->g_ip;

	if (nd->dn_aux & AUX_LOCAL) {
		nope(g, "%s holds a struct, union or array",
		    dsl_prog_str(g->g_pg, v->va_name));
		return false;
	}
	if (nd->dn_type != DT_INT) {
		nope(g, "%s%s is a string", nd->dn_op == N_SVAR ? "self->" :
		    nd->dn_op == N_TVAR ? "this->" : "",
		    dsl_prog_str(g->g_pg, v->va_name));
		return false;
	}
	if (g->g_cap && nd->dn_op != N_TVAR) {
		/* the clause runs in pidtrace: the value is pidtrace's,
		 * later, not the thread's now */
		nope(g, "%s%s is not known at the firing",
		    nd->dn_op == N_SVAR ? "self->" : "",
		    dsl_prog_str(g->g_pg, v->va_name));
		return false;
	}
	if (g->g_cap && !g->g_storing && v->va_slot < 32 &&
	    (g->g_unknown >> v->va_slot & 1) != 0) {
		nope(g, "this->%s is not known at the firing",
		    dsl_prog_str(g->g_pg, v->va_name));
		return false;
	}
	switch (nd->dn_op) {
	case N_GVAR:
		*m = M(BASE, (int32_t)(ip->ip_glob + 8 * v->va_slot));
		return true;
	case N_TVAR:
		if (v->va_slot >= DSL_JIT_NTHIS) {
			nope(g, "more than %d this-> variables",
			    DSL_JIT_NTHIS);
			return false;
		}
		*m = CXI(jc_this, v->va_slot);
		return true;
	case N_SVAR:
		*m = M(THR, (int32_t)(8 + 8 * v->va_slot));
		return true;
	}
	nope(g, "associative arrays");
	return false;
}

static bool
simple(gen_t *g, int32_t n, opnd_t *o)
{
	const dsl_node_t *nd = NODE(g, n);

	memset(o, 0, sizeof(*o));
	o->op_size = 8;
	switch (nd->dn_op) {
	case N_INT:
		o->op_imm = true;
		o->op_v = nd->dn_ival;
		return true;
	case N_ARG:
		if (nd->dn_ival < 0 || nd->dn_ival >= 6)
			return false;
		o->op_m = CXI(jc_args, nd->dn_ival);
		return true;
	case N_GVAR:
	case N_TVAR:
	case N_SVAR:
		if (g->g_pg->pg_vars[nd->dn_ival].va_type == DT_VOID) {
			o->op_imm = true;	/* never assigned: 0 */
			return true;
		}
		return nd->dn_type == DT_INT && var_opnd(g, nd, &o->op_m);
	case N_BUILTIN:
		switch (nd->dn_ival) {
		case B_TIMESTAMP:
			o->op_m = CX(jc_ns);
			return true;
		case B_TID:
			o->op_m = CX(jc_key);
			o->op_size = 4;
			o->op_sign = true;
			return true;
		case B_PID:
			o->op_imm = true;
			o->op_v = g->g_ip->ip_o.io_pid;
			return true;
		case B_ID:
			o->op_imm = true;
			o->op_v = g->g_probe;
			return true;
		case B_EPID:
			o->op_imm = true;
			o->op_v = g->g_p != NULL ?
			    g->g_p->pr_epids[g->g_idx] : 0;
			return true;
		}
	}
	return false;
}

/* r = o's value, narrowed to (size, sign) when size < 8. */
static void
load(gen_t *g, int r, const opnd_t *o, int size, bool sign)
{
	if (o->op_imm) {
		movi(g, r, size < 8 ? normc(o->op_v, size, sign) : o->op_v);
		return;
	}
	if (size >= 8) {
		size = o->op_size;
		sign = o->op_sign;
	}
	movx(g, r, o->op_m, size, sign);
}

/* rax = n's value as used by parent (widened as eval() widens). */
static void
expr_for(gen_t *g, int32_t n, const dsl_node_t *parent)
{
	const dsl_node_t *nd = NODE(g, n);

	if (nd->dn_op == N_INT) {	/* a constant widens now */
		movi(g, ACC, widens(nd, parent) ? normc(nd->dn_ival,
		    nd->dn_size, nd->dn_signed) : nd->dn_ival);
		return;
	}
	expr(g, n);
	if (widens(nd, parent))
		normv(g, ACC, nd->dn_size, nd->dn_signed);
}

/* rax = a's value, rcx = b's, each widened for parent; a first. */
static void
operands(gen_t *g, const dsl_node_t *parent, int32_t a, int32_t b)
{
	const dsl_node_t *bn = NODE(g, b);
	opnd_t o;
	int t;

	if (simple(g, b, &o)) {
		/* b has no effect and cannot fault: read it after a */
		expr_for(g, a, parent);
		load(g, TMP, &o, widens(bn, parent) ? bn->dn_size : 8,
		    bn->dn_signed);
		return;
	}
	expr_for(g, a, parent);
	t = push(g);
	expr_for(g, b, parent);
	mov(g, R(TMP), R(ACC));
	pop(g, t, ACC);
}

/* --- binop() -------------------------------------------------------- */

static int
base_op(int op)
{
	switch (op) {
	case T_ADDEQ: return '+';
	case T_SUBEQ: return '-';
	case T_MULEQ: return '*';
	case T_DIVEQ: return '/';
	case T_MODEQ: return '%';
	case T_ANDEQ: return '&';
	case T_OREQ: return '|';
	case T_XOREQ: return '^';
	case T_SHLEQ: return T_SHL;
	case T_SHREQ: return T_SHR;
	}
	return op;
}

/* rax = rax op rcx, as binop() with node n (its signedness; faults). */
static void
binop(gen_t *g, int32_t n, int op)
{
	static const struct { int op, x86; } alu[] = {
		{ '+', X86_ADD }, { '-', X86_SUB }, { '&', X86_AND },
		{ '|', X86_OR }, { '^', X86_XOR }, { '*', X86_IMUL },
	};
	const dsl_node_t *nd = NODE(g, n);
	uint32_t ok, div, done;
	size_t i;
	int cc;

	op = base_op(op);
	for (i = 0; i < sizeof(alu) / sizeof(alu[0]); i++) {
		if (alu[i].op == op) {
			op2(g, alu[i].x86, 8, R(ACC), R(TMP));
			return;
		}
	}
	switch (op) {
	case '/':
	case '%':
		ok = label(g);
		op2(g, X86_TEST, 8, R(TMP), R(TMP));
		jcc(g, X86_CC_NE, ok);
		fault(g, FLT_DIVZERO, n, false);
		bind(g, ok);
		if (!nd->dn_signed) {
			movi(g, X86_RDX, 0);
			op1(g, X86_DIV, 8, R(TMP));
		} else {
			/* INT64_MIN / -1 traps in idiv: eval() does 0 - a */
			div = label(g);
			done = label(g);
			op2i(g, X86_CMP, 8, R(TMP), -1);
			jcc(g, X86_CC_NE, div);
			if (op == '/')
				op1(g, X86_NEG, 8, R(ACC));
			else
				movi(g, ACC, 0);
			jmp(g, done);
			bind(g, div);
			dsl_x86_cqo(&g->g_b);
			op1(g, X86_IDIV, 8, R(TMP));
			if (op == '%') {
				/* eval.c's smod: the dividend's sign (idiv's)
				 * turned over by a negative divisor */
				mov(g, R(ACC), R(X86_RDX));
				op2(g, X86_TEST, 8, R(TMP), R(TMP));
				jcc(g, X86_CC_NS, done);
				op1(g, X86_NEG, 8, R(ACC));
			}
			bind(g, done);
			return;
		}
		if (op == '%')
			mov(g, R(ACC), R(X86_RDX));
		return;
	case T_SHL:
		shift(g, X86_SHL, 8, R(ACC), -1);
		return;
	case T_SHR:
		shift(g, nd->dn_signed ? X86_SAR : X86_SHR, 8, R(ACC),
		    -1);
		return;
	}
	/* comparisons: dn_c says whether they are signed */
	switch (op) {
	case '<': cc = nd->dn_c ? X86_CC_L : X86_CC_B; break;
	case '>': cc = nd->dn_c ? X86_CC_G : X86_CC_A; break;
	case T_LE: cc = nd->dn_c ? X86_CC_LE : X86_CC_BE; break;
	case T_GE: cc = nd->dn_c ? X86_CC_GE : X86_CC_AE; break;
	case T_EQ: cc = X86_CC_E; break;
	case T_NE: cc = X86_CC_NE; break;
	default:
		nope(g, "operator %d", op);
		return;
	}
	op2(g, X86_CMP, 8, R(ACC), R(TMP));
	setcc(g, cc, ACC);
}

/* --- variables ---------------------------------------------------- */

static bool
is_var(const dsl_node_t *nd)
{
	return nd->dn_op == N_GVAR || nd->dn_op == N_TVAR ||
	    nd->dn_op == N_SVAR;
}

/* rax = the variable lv (load() of eval.c: all 64 bits; 0 for one
 * never assigned). */
static void
var_load(gen_t *g, int32_t lv)
{
	const dsl_node_t *nd = NODE(g, lv);
	dsl_x86_opnd_t m;

	if (!is_var(nd)) {
		nope(g, "associative arrays");
		return;
	}
	if (g->g_pg->pg_vars[nd->dn_ival].va_type == DT_VOID) {
		movi(g, ACC, 0);
		return;
	}
	if (var_opnd(g, nd, &m))
		mov(g, R(ACC), m);
}

/*
 * The variable lv = rax (store() of eval.c; rax is kept).  A thread's
 * first non-zero self-> store claims its entry in the self-> table; when
 * the table is full the store is lost and counted as a dynamic variable
 * drop, as dtrace's is.  Storing 0 without an entry does nothing.
 */
static void
var_store(gen_t *g, int32_t lv)
{
	const dsl_node_t *nd = NODE(g, lv);
	const dsl_var_t *v;
	uint32_t have, done;
	dsl_x86_opnd_t m;
	int t;

	if (!is_var(nd)) {
		nope(g, "associative arrays");
		return;
	}
	g->g_storing = true;
	if (!var_opnd(g, nd, &m)) {
		g->g_storing = false;
		return;
	}
	g->g_storing = false;
	/* a variable keeps its type's bits (store() of eval.c) */
	v = &g->g_pg->pg_vars[nd->dn_ival];
	if (v->va_type == DT_INT && v->va_size < 8)
		normv(g, ACC, v->va_size, v->va_signed);
	if (nd->dn_op != N_SVAR) {
		mov(g, m, R(ACC));
		return;
	}
	have = label(g);
	done = label(g);
	lea(g, X86_R10, M(BASE, (int32_t)g->g_ip->ip_zero));
	op2(g, X86_CMP, 8, R(THR), R(X86_R10));
	jcc(g, X86_CC_NE, have);
	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, X86_CC_E, done);
	t = push(g);
	stub(g, ST_THRCLAIM);
	pop(g, t, ACC);
	lea(g, X86_R10, M(BASE, (int32_t)g->g_ip->ip_zero));
	op2(g, X86_CMP, 8, R(THR), R(X86_R10));
	jcc(g, X86_CC_E, done);	/* dropped */
	bind(g, have);
	mov(g, m, R(ACC));
	bind(g, done);
}

/* --- C data (cload(), address()) --------------------------------------- */

static void	address(gen_t *, int32_t);

/*
 * Capture mode: rax = the size bytes at address rax, read into the
 * capture buffer (the record takes them to pidtrace), or 0 when the
 * read failed: pidtrace's own read of them meets the fault.  An address
 * inside the thread's capture ring (a copyin()'s copy) is a load there:
 * pidtrace reads its own copy, not the process.
 */
static void
capmemread(gen_t *g, int size, bool sign)
{
	uint32_t slow = label(g), ok = label(g), done = label(g);
	int32_t ring = (int32_t)(g->g_ip->ip_cbufsz - 64);

	g->g_capmax += IP_CAPHDR + 8;
	mov(g, R(X86_RDX), CX(jc_cbuf));
	op2(g, X86_TEST, 8, R(X86_RDX), R(X86_RDX));
	jcc(g, X86_CC_E, slow);
	lea(g, X86_R10, M(X86_RDX, 64));
	op2(g, X86_CMP, 8, R(ACC), R(X86_R10));
	jcc(g, X86_CC_B, slow);
	lea(g, X86_R10, M(X86_RDX, 64 + ring - size));
	op2(g, X86_CMP, 8, R(ACC), R(X86_R10));
	jcc(g, X86_CC_A, slow);
	movx(g, ACC, M(ACC, 0), size, sign);
	jmp(g, done);
	bind(g, slow);
	movi(g, TMP, size);
	stub(g, ST_CAPREAD);
	op2i(g, X86_CMP, 8, R(ACC), size);
	jcc(g, X86_CC_E, ok);
	movi(g, ACC, 0);
	jmp(g, done);
	bind(g, ok);
	movx(g, ACC, M(X86_R10, 0), size, sign);
	bind(g, done);
}

/* rax = the size bytes at address rax of the process, or a fault at n. */
static void
memread(gen_t *g, int32_t n, int size, bool sign)
{
	uint32_t ok = label(g);

	if (g->g_cap) {
		capmemread(g, size, sign);
		return;
	}
	movi(g, TMP, size);
	stub(g, ST_MEMREAD);
	op2i(g, X86_CMP, 8, R(ACC), size);
	jcc(g, X86_CC_E, ok);
	mov(g, R(TMP), CXI(jc_iov, 2));	/* the address */
	fault(g, FLT_BADADDR, n, true);
	bind(g, ok);
	movx(g, ACC, CX(jc_buf), size, sign);
}

static void
cload(gen_t *g, int32_t n)
{
	const dsl_node_t *nd = NODE(g, n);

	if (nd->dn_aux & AUX_CHARS) {
		nope(g, "a char array read as a string");
		return;
	}
	address(g, n);
	if (g->g_cap && !(nd->dn_aux & AUX_BYADDR))
		g->g_reads = true;
	if (nd->dn_aux & AUX_BYADDR)
		return;
	if (nd->dn_size == 0 || nd->dn_size > 8) {
		movi(g, ACC, 0);
		return;
	}
	memread(g, n, nd->dn_size, nd->dn_signed);
}

static void
add_imm(gen_t *g, int r, int64_t v)
{
	if (v == 0)
		return;
	if (v >= INT32_MIN && v <= INT32_MAX) {
		op2i(g, X86_ADD, 8, R(r), v);
		return;
	}
	movi(g, X86_R10, v);
	op2(g, X86_ADD, 8, R(r), R(X86_R10));
}

static void
address(gen_t *g, int32_t n)
{
	const dsl_node_t *nd = NODE(g, n);
	const dsl_typetab_t *tt = &g->g_pg->pg_tt;
	const dsl_ctype_t *ty, *el;
	int t;

	switch (nd->dn_op) {
	case N_MEMBER:
		expr(g, nd->dn_a);
		add_imm(g, ACC, nd->dn_ival);
		return;
	case N_DEREF:
		expr(g, nd->dn_a);
		return;
	case N_INDEX:
		ty = dsl_type_resolve(tt, NODE(g, nd->dn_a)->dn_ctype, NULL);
		el = ty != NULL ? dsl_type_resolve(tt, ty->ty_ref, NULL) : NULL;
		expr(g, nd->dn_a);
		t = push(g);
		expr(g, nd->dn_b);
		if (el != NULL && el->ty_size != 1) {
			if (el->ty_size > INT32_MAX) {
				nope(g, "an element too large");
				return;
			}
			op2i(g, X86_IMUL, 8, R(ACC),
			    (int64_t)el->ty_size);
		}
		op2(g, X86_ADD, 8, R(ACC), CXI(jc_tmp, t));
		pop(g, t, -1);
		return;
	}
	nope(g, "the address of this expression");
}

/* --- strings: constants of the probe, and aggregation keys ------------ */

/* The text of a string known when the code is made: a literal or the
 * probe's name; NULL for any other string. */
static const char *
conststr(gen_t *g, int32_t n)
{
	const dsl_node_t *nd = NODE(g, n);
	const rt_probe_t *p = g->g_p;

	if (nd->dn_op == N_STR)
		return dsl_prog_str(g->g_pg, (uint32_t)nd->dn_ival);
	if (nd->dn_op != N_BUILTIN)
		return NULL;
	switch (nd->dn_ival) {
	case B_PROBEPROV: return p != NULL ? p->pr_prov : "";
	case B_PROBEMOD: return p != NULL ? p->pr_mod : "";
	case B_PROBEFUNC: return p != NULL ? p->pr_func : "";
	case B_PROBENAME: return p != NULL ? p->pr_name : "";
	}
	return NULL;
}

/* rax = a string-valued key element: the word pidtrace keeps its text
 * under (dsl_ip_intern), so that one text is one key whatever probe or
 * literal made it; pidtrace turns it back into the text when it folds. */
static void
strword(gen_t *g, int32_t n)
{
	const dsl_node_t *nd = NODE(g, n);
	const char *s = conststr(g, n);
	uint32_t other, done, w = 0;

	if (s != NULL) {
		if (!g->g_dry && (w = dsl_ip_intern(g->g_ip, s)) ==
		    UINT32_MAX)
			nope(g, "out of memory");
		movi(g, ACC, w);
		return;
	}
	if (nd->dn_op == N_COND) {
		other = label(g);
		done = label(g);
		expr(g, nd->dn_a);
		op2(g, X86_TEST, 8, R(ACC), R(ACC));
		jcc(g, X86_CC_E, other);
		strword(g, nd->dn_b);
		jmp(g, done);
		bind(g, other);
		strword(g, nd->dn_c);
		bind(g, done);
		return;
	}
	nope(g, "a string made at run time (only probe names and literals "
	    "in keys)");
}

/* --- eval() --------------------------------------------------------- */

static void
builtin(gen_t *g, const dsl_node_t *nd)
{
	opnd_t o;

	switch (nd->dn_ival) {
	case B_WALLTIMESTAMP:
		mov(g, R(ACC), CX(jc_ns));
		op2(g, X86_ADD, 8, R(ACC), HDR(ih_walloff));
		return;
	case B_VTIMESTAMP: nope(g, "vtimestamp"); return;
	case B_PPID: nope(g, "ppid"); return;
	case B_UID: nope(g, "uid"); return;
	case B_GID: nope(g, "gid"); return;
	case B_CPU: nope(g, "cpu"); return;
	case B_ERRNO: nope(g, "errno"); return;
	case B_UCALLER: nope(g, "ucaller (a stack walk)"); return;
	case B_EXECNAME: nope(g, "execname"); return;
	}
	if (simple(g, (int32_t)(nd - g->g_pg->pg_nodes), &o))
		load(g, ACC, &o, 8, false);
	else
		nope(g, "a string where an integer is wanted");
}

static void
unop(gen_t *g, const dsl_node_t *nd)
{

	expr(g, nd->dn_a);
	switch (nd->dn_aux) {
	case '-':
		op1(g, X86_NEG, 8, R(ACC));
		break;
	case '~':
		op1(g, X86_NOT, 8, R(ACC));
		break;
	case '!':
		op2(g, X86_TEST, 8, R(ACC), R(ACC));
		setcc(g, X86_CC_E, ACC);
		return;
	}
	if (nd->dn_size < 8)	/* norm() */
		normv(g, ACC, nd->dn_size, nd->dn_signed);
}

/* &&, ||, ^^: 0 or 1, && and || short-circuit. */
static void
logical(gen_t *g, const dsl_node_t *nd)
{
	uint32_t out = label(g), done = label(g);
	int t;

	expr(g, nd->dn_a);
	if (nd->dn_op == N_LXOR) {
		op2(g, X86_TEST, 8, R(ACC), R(ACC));
		setcc(g, X86_CC_NE, ACC);
		t = push(g);
		expr(g, nd->dn_b);
		op2(g, X86_TEST, 8, R(ACC), R(ACC));
		setcc(g, X86_CC_NE, ACC);
		op2(g, X86_XOR, 8, R(ACC), CXI(jc_tmp, t));
		pop(g, t, -1);
		return;
	}
	/* && stops at the first 0 with 0, || at the first non-0 with 1 */
	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, nd->dn_op == N_LAND ? X86_CC_E : X86_CC_NE, out);
	expr(g, nd->dn_b);
	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, nd->dn_op == N_LAND ? X86_CC_E : X86_CC_NE, out);
	movi(g, ACC, nd->dn_op == N_LAND ? 1 : 0);
	jmp(g, done);
	bind(g, out);
	movi(g, ACC, nd->dn_op == N_LAND ? 0 : 1);
	bind(g, done);
}

static void
assign(gen_t *g, const dsl_node_t *nd)
{
	const dsl_node_t *lv = NODE(g, nd->dn_a);
	int t;

	if (nd->dn_aux == '=') {
		expr_for(g, nd->dn_b, lv);
	} else {
		/* the variable is read before the value is made */
		var_load(g, nd->dn_a);
		t = push(g);
		expr_for(g, nd->dn_b, lv);
		mov(g, R(TMP), R(ACC));
		pop(g, t, ACC);
		binop(g, nd->dn_a, nd->dn_aux);
	}
	var_store(g, nd->dn_a);
}

static void
incdec(gen_t *g, const dsl_node_t *nd)
{
	int t;

	var_load(g, nd->dn_a);
	t = push(g);
	op2i(g, X86_ADD, 8, R(ACC), nd->dn_aux == T_INC ?
	    1 : -1);
	var_store(g, nd->dn_a);
	pop(g, t, nd->dn_ival ? ACC : -1);	/* x++: the old value */
}

static void
strcmp_const(gen_t *g, const dsl_node_t *nd)
{
	const char *a = conststr(g, nd->dn_a), *b = conststr(g, nd->dn_b);
	int c, v;

	if (a == NULL || b == NULL) {
		nope(g, "a comparison of strings made at run time");
		return;
	}
	c = strcmp(a, b);
	switch (nd->dn_aux) {
	case '<': v = c < 0; break;
	case '>': v = c > 0; break;
	case T_LE: v = c <= 0; break;
	case T_GE: v = c >= 0; break;
	case T_EQ: v = c == 0; break;
	default: v = c != 0; break;
	}
	movi(g, ACC, v);
}

static void
expr(gen_t *g, int32_t n)
{
	const dsl_node_t *nd = NODE(g, n);
	uint32_t other, done;
	opnd_t o;

	if (g->g_fail)
		return;
	if (nd->dn_type == DT_STR) {
		nope(g, "a string value");
		return;
	}
	switch (nd->dn_op) {
	case N_INT:
		movi(g, ACC, nd->dn_ival);
		return;
	case N_GVAR:
	case N_TVAR:
	case N_SVAR:
		var_load(g, n);
		return;
	case N_ARR:
		nope(g, "associative arrays");
		return;
	case N_BUILTIN:
		builtin(g, nd);
		return;
	case N_ARG:
		if (simple(g, n, &o))
			load(g, ACC, &o, 8, false);
		else
			nope(g, "an argument past arg5");
		return;
	case N_BINOP:
		operands(g, nd, nd->dn_a, nd->dn_b);
		binop(g, n, nd->dn_aux);
		return;
	case N_STRCMP:
		strcmp_const(g, nd);
		return;
	case N_LAND:
	case N_LOR:
	case N_LXOR:
		logical(g, nd);
		return;
	case N_UNOP:
		unop(g, nd);
		return;
	case N_COND:
		other = label(g);
		done = label(g);
		expr(g, nd->dn_a);
		op2(g, X86_TEST, 8, R(ACC), R(ACC));
		jcc(g, X86_CC_E, other);
		expr(g, nd->dn_b);
		jmp(g, done);
		bind(g, other);
		expr(g, nd->dn_c);
		bind(g, done);
		return;
	case N_CAST:
		expr_for(g, nd->dn_a, nd);
		if (nd->dn_type == DT_INT && nd->dn_size < 8)
			normv(g, ACC, nd->dn_size, nd->dn_signed);
		return;
	case N_ASSIGN:
		assign(g, nd);
		return;
	case N_INCDEC:
		incdec(g, nd);
		return;
	case N_CALL:
		if (g->g_cap && nd->dn_ival == F_COPYIN) {
			capcopyin(g, nd);
			return;
		}
		nope(g, "%s()", dsl_prog_funcname((int)nd->dn_ival));
		return;
	case N_MEMBER:
	case N_DEREF:
	case N_INDEX:
		cload(g, n);
		return;
	case N_ADDROF:
		address(g, nd->dn_a);
		return;
	}
	nope(g, "this expression");
}

/* --- aggregations --------------------------------------------------- */

/* The key of an aggregation when every element is known now: the
 * runtime's key bytes (eval.c's mkkey).  false if one is not. */
static bool
constkey(gen_t *g, int32_t k, const dsl_agg_t *ag, char *key, size_t cap,
    uint32_t *len)
{
	uint32_t strsize = g->g_pg->pg_strsize, n = 0;
	const char *s;
	int64_t v;
	int i;

	for (i = 0; k != DSL_NONE; k = NODE(g, k)->dn_next, i++) {
		const dsl_node_t *kn = NODE(g, k);

		if (ag->ag_ktype[i] == DT_STR) {
			size_t sl;

			if ((s = conststr(g, k)) == NULL)
				return false;
			/* strsize characters, as mkkey() of eval.c */
			sl = strnlen(s, strsize);
			if (n + sl + 1 > cap)
				return false;
			memcpy(key + n, s, sl);
			key[n + sl] = '\0';
			n += (uint32_t)sl + 1;
			continue;
		}
		if (kn->dn_op == N_INT)
			v = kn->dn_ival;
		else if (kn->dn_op == N_BUILTIN && kn->dn_ival == B_PID)
			v = g->g_ip->ip_o.io_pid;
		else
			return false;
		if (n + 8 > cap)
			return false;
		memcpy(key + n, &v, 8);
		n += 8;
	}
	*len = n;
	return true;
}

/*
 * The entry of a dynamic key in the thread's buffer (keys in jc_tmp from
 * slot k0): found by hash, or made (a heap bump with xadd, published by
 * cmpxchg of the index slot, so that a signal handler firing a probe
 * in between is seen and kept).  r10 = its dsl_ip_ent_t, or to drop when
 * the buffer is full (counted in the buffer).
 */
static void
dynentry(gen_t *g, uint32_t aggi, int nk, int k0, uint32_t drop)
{
	const dsl_ip_t *ip = g->g_ip;
	const dsl_agg_t *ag = &g->g_pg->pg_aggs[aggi];
	uint32_t probe = label(g), next = label(g), make = label(g);
	uint32_t found = label(g), full = label(g);
	uint32_t keysz = 8 + 8 * (uint32_t)nk;
	uint32_t size = keysz + (uint32_t)sizeof(dsl_ip_ent_t) +
	    8 * (uint32_t)dsl_agg_words(ag);
	dsl_x86_opnd_t slot = MX(BUF, ACC, 4, (int32_t)ip->ip_idx);
	int j;

	/* the hash: Fibonacci hashing of agg and keys, the top bits */
	movi(g, ACC, aggi);
	op2i(g, X86_MOV, 8, R(LINK), (int64_t)IP_GOLD64);
	for (j = 0; j < nk; j++) {
		op2(g, X86_XOR, 8, R(ACC), CXI(jc_tmp, k0 + j));
		op2(g, X86_IMUL, 8, R(ACC), R(LINK));
	}
	shift(g, X86_SHR, 8, R(ACC), 64 - (int)ip->ip_nidxlog);
	movi(g, LINK, ip->ip_nidx);		/* probes left */

	bind(g, probe);
	movx(g, X86_RDX, slot, 4, false);
	op2(g, X86_TEST, 4, R(X86_RDX), R(X86_RDX));
	jcc(g, X86_CC_E, make);
	lea(g, X86_R10, MX(BUF, X86_RDX, 1, 0));
	op2i(g, X86_CMP, 4, M(X86_R10, 0), aggi);
	jcc(g, X86_CC_NE, next);
	for (j = 0; j < nk; j++) {
		mov(g, R(TMP), CXI(jc_tmp, k0 + j));
		op2(g, X86_CMP, 8, M(X86_R10, 8 + 8 * j), R(TMP));
		jcc(g, X86_CC_NE, next);
	}
	op2i(g, X86_ADD, 8, R(X86_R10), keysz);
	jmp(g, found);
	bind(g, next);
	op2i(g, X86_ADD, 4, R(ACC), 1);
	op2i(g, X86_AND, 4, R(ACC), ip->ip_nidx - 1);
	op1(g, X86_DEC, 4, R(LINK));
	jcc(g, X86_CC_NE, probe);
	jmp(g, full);

	/* a new entry: heap space, its agg and keys, then the index */
	bind(g, make);
	movi(g, X86_R10, size);
	op2(g, X86_XADD, 8, M(BUF, offsetof(dsl_ip_abuf_t, ab_heap)),
	    R(X86_R10));
	lea(g, TMP, M(X86_R10, (int32_t)size));
	op2i(g, X86_CMP, 8, R(TMP), ip->ip_heapsz);
	jcc(g, X86_CC_A, full);
	lea(g, X86_RDX, M(X86_R10, (int32_t)ip->ip_heap));
	lea(g, X86_R10, MX(BUF, X86_RDX, 1, 0));
	op2i(g, X86_MOV, 4, M(X86_R10, 0), aggi);
	for (j = 0; j < nk; j++) {
		mov(g, R(TMP), CXI(jc_tmp, k0 + j));
		mov(g, M(X86_R10, 8 + 8 * j), R(TMP));
	}
	/* publish: the slot must still be empty (cmpxchg wants eax = 0) */
	mov(g, R(TMP), R(ACC));
	movi(g, ACC, 0);
	op2(g, X86_CMPXCHG, 4, MX(BUF, TMP, 4, (int32_t)ip->ip_idx),
	    R(X86_RDX));
	mov(g, R(ACC), R(TMP));
	jcc(g, X86_CC_NE, probe);	/* taken meanwhile: look again */
	op2i(g, X86_ADD, 8, R(X86_R10), keysz);
	jmp(g, found);

	bind(g, full);
	op1(g, X86_INC, 8, M(BUF, offsetof(dsl_ip_abuf_t, ab_drops)));
	jmp(g, drop);
	bind(g, found);
}

/* rcx = quantize's bucket of rax (agg.c's qbucket). */
static void
qbucket(gen_t *g)
{
	uint32_t nz = label(g), neg = label(g), ok = label(g);
	uint32_t done = label(g);

	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, X86_CC_NE, nz);
	movi(g, TMP, 63);			/* QZERO */
	jmp(g, done);
	bind(g, nz);
	jcc(g, X86_CC_S, neg);
	op2(g, X86_BSR, 8, R(TMP), R(ACC));
	op2i(g, X86_ADD, 4, R(TMP), 64);	/* QZERO + 1 + lg */
	jmp(g, done);
	bind(g, neg);
	op1(g, X86_NEG, 8, R(ACC));	/* INT64_MIN stays 1 << 63 */
	op2(g, X86_BSR, 8, R(ACC), R(ACC));
	op2i(g, X86_CMP, 4, R(ACC), 62);
	jcc(g, X86_CC_BE, ok);
	movi(g, ACC, 62);
	bind(g, ok);
	movi(g, TMP, 62);			/* QZERO - 1 - lg */
	op2(g, X86_SUB, 4, R(TMP), R(ACC));
	bind(g, done);
}

/* rcx = lquantize's bucket of rax (agg.c, the value taken as 32 bits). */
static void
lqbucket(gen_t *g, const dsl_agg_t *ag)
{
	int64_t base = ag->ag_p[0], step = ag->ag_p[2];
	int64_t levels = (int64_t)ag->ag_ndata - 2;
	uint32_t low = label(g), in = label(g), done = label(g);

	movx(g, ACC, R(ACC), 4, true);
	op2i(g, X86_CMP, 8, R(ACC), base);
	jcc(g, X86_CC_L, low);
	op2i(g, X86_SUB, 8, R(ACC), base);	/* >= 0, < 2^32 */
	if (step > 1) {
		movi(g, TMP, step);
		movi(g, X86_RDX, 0);
		op1(g, X86_DIV, 8, R(TMP));
	}
	op2i(g, X86_CMP, 8, R(ACC), levels);
	jcc(g, X86_CC_L, in);
	movi(g, ACC, levels);
	bind(g, in);
	lea(g, TMP, M(ACC, 1));
	jmp(g, done);
	bind(g, low);
	movi(g, TMP, 0);
	bind(g, done);
}

/*
 * rcx = llquantize's bucket of the value in jc_tmp[tv]: dsl_llq_bucket
 * (check.c) step by step, the magnitudes walked by multiplying by the
 * factor (the checker saw factor^(high+1) fit in 63 bits).  r11 counts
 * the magnitudes; r10 (a dynamic entry) is left alone.
 */
static void
llqbucket(gen_t *g, const dsl_agg_t *ag, int tv)
{
	int64_t f = ag->ag_p[0], lo = ag->ag_p[1], hi = ag->ag_p[2];
	int64_t st = ag->ag_p[3], per = st - st / f, sf = st / f;
	int64_t bin0 = 1 + (hi - lo + 1) * per, pw = 1, m;
	uint32_t mag = label(g), in = label(g), small = label(g);
	uint32_t idx = label(g), over = label(g), neg = label(g);
	uint32_t zero = label(g), done = label(g);
	int ta;

	for (m = 0; m < lo; m++)
		pw *= f;
	/* rax = |value| as uint64 */
	mov(g, R(ACC), CXI(jc_tmp, tv));
	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, X86_CC_NS, zero);
	op1(g, X86_NEG, 8, R(ACC));
	bind(g, zero);
	ta = push(g);
	movi(g, TMP, pw);
	movi(g, LINK, 0);			/* m - low (xor: flags) */
	op2(g, X86_CMP, 8, R(ACC), R(TMP));
	jcc(g, X86_CC_AE, mag);
	movi(g, TMP, bin0);
	jmp(g, done);

	bind(g, mag);				/* rcx = next = pw * factor */
	op2i(g, X86_IMUL, 8, R(TMP), f);
	op2(g, X86_CMP, 8, R(ACC), R(TMP));
	jcc(g, X86_CC_B, in);
	op2i(g, X86_ADD, 8, R(LINK), 1);
	op2i(g, X86_CMP, 8, R(LINK), hi - lo + 1);
	jcc(g, X86_CC_L, mag);
	jmp(g, over);

	bind(g, in);				/* idx of |v| in [0, next) */
	op2i(g, X86_CMP, 8, R(TMP), st);
	jcc(g, X86_CC_B, small);
	mov(g, R(ACC), R(TMP));		/* v / (next / steps) */
	movi(g, X86_RDX, 0);
	movi(g, TMP, st);
	op1(g, X86_DIV, 8, R(TMP));
	mov(g, R(TMP), R(ACC));
	mov(g, R(ACC), CXI(jc_tmp, ta));
	movi(g, X86_RDX, 0);
	op1(g, X86_DIV, 8, R(TMP));
	jmp(g, idx);
	bind(g, small);				/* v * steps / next */
	op2i(g, X86_IMUL, 8, R(ACC), st);
	movi(g, X86_RDX, 0);
	op1(g, X86_DIV, 8, R(TMP));
	bind(g, idx);			/* i = 1 + (m-low)*per + idx-sf */
	op2i(g, X86_IMUL, 8, R(LINK), per);
	lea(g, LINK, MX(LINK, ACC, 1, (int32_t)(1 - sf)));
	movi(g, TMP, bin0);
	mov(g, R(ACC), CXI(jc_tmp, tv));
	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, X86_CC_S, neg);
	op2(g, X86_ADD, 8, R(TMP), R(LINK));
	jmp(g, done);
	bind(g, neg);
	op2(g, X86_SUB, 8, R(TMP), R(LINK));
	jmp(g, done);

	bind(g, over);				/* beyond factor^(high+1) */
	movi(g, TMP, 0);
	mov(g, R(ACC), CXI(jc_tmp, tv));
	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, X86_CC_S, done);
	movi(g, TMP, 2 * bin0);
	bind(g, done);
	pop(g, ta, -1);
}

/*
 * The update of one entry (its dsl_ip_ent_t at e), as agg.c's
 * dsl_agg_update: v in jc_tmp[tv], the increment in jc_tmp[ti] (or 1).
 * Each store is one read-modify-write instruction; min and max compare
 * and swap, and restart their value when the aggregation's generation
 * moved on (clear(), trunc()).  The count last: pidtrace folds an entry
 * whose count changed.
 */
static void
update(gen_t *g, uint32_t aggi, dsl_x86_opnd_t e, int tv, int ti)
{
	const dsl_agg_t *ag = &g->g_pg->pg_aggs[aggi];
	int32_t d = e.xo_disp + (int32_t)sizeof(dsl_ip_ent_t);
	int base = e.xo_base;
	dsl_x86_opnd_t d0 = M(base, d), d1 = M(base, d + 8);
	dsl_x86_opnd_t v = tv >= 0 ? CXI(jc_tmp, tv) : R(ACC);
	uint32_t reset, cas, done;

	switch (ag->ag_func) {
	case F_COUNT:
		op1(g, X86_INC, 8, d0);
		break;
	case F_SUM:
		mov(g, R(ACC), v);
		op2(g, X86_ADD, 8, d0, R(ACC));
		break;
	case F_AVG:
		op1(g, X86_INC, 8, d0);
		mov(g, R(ACC), v);
		op2(g, X86_ADD, 8, d1, R(ACC));
		break;
	case F_STDDEV:
		/* count, sum, and the sum of squares in 128 bits */
		op1(g, X86_INC, 8, d0);
		mov(g, R(ACC), v);
		op2(g, X86_ADD, 8, d1, R(ACC));
		op1(g, X86_IMUL1, 8, R(ACC));
		op2(g, X86_ADD, 8, M(base, d + 16), R(ACC));
		op2(g, X86_ADC, 8, M(base, d + 24), R(X86_RDX));
		break;
	case F_MIN:
	case F_MAX:
		reset = label(g);
		cas = label(g);
		done = label(g);
		mov(g, R(X86_RDX), v);
		mov(g, R(TMP), M(BASE, (int32_t)(g->g_ip->ip_gen +
		    8 * aggi)));
		op2(g, X86_CMP, 8, M(base, e.xo_disp + 8),
		    R(TMP));
		jcc(g, X86_CC_NE, reset);
		mov(g, R(ACC), d0);
		bind(g, cas);
		op2(g, X86_CMP, 8, R(X86_RDX), R(ACC));
		jcc(g, ag->ag_func == F_MIN ? X86_CC_GE : X86_CC_LE,
		    done);
		op2(g, X86_CMPXCHG, 8, d0, R(X86_RDX));
		jcc(g, X86_CC_NE, cas);
		jmp(g, done);
		bind(g, reset);			/* value first, then its gen */
		mov(g, d0, R(X86_RDX));
		mov(g, M(base, e.xo_disp + 8), R(TMP));
		bind(g, done);
		break;
	case F_QUANTIZE:
	case F_LQUANTIZE:
	case F_LLQUANTIZE:
		if (ag->ag_func == F_LLQUANTIZE) {
			llqbucket(g, ag, tv);
		} else {
			mov(g, R(ACC), v);
			if (ag->ag_func == F_QUANTIZE)
				qbucket(g);
			else
				lqbucket(g, ag);
		}
		if (ti >= 0) {
			mov(g, R(ACC), CXI(jc_tmp, ti));
			op2(g, X86_ADD, 8, MX(base, TMP, 8, d),
			    R(ACC));
		} else {
			op1(g, X86_INC, 8, MX(base, TMP, 8, d));
		}
		/* and the sum of value * increment after the buckets;
		 * lquantize sums the value as 32 bits */
		mov(g, R(ACC), v);
		if (ag->ag_func == F_LQUANTIZE)
			movx(g, ACC, R(ACC), 4, true);
		if (ti >= 0)
			op2(g, X86_IMUL, 8, R(ACC), CXI(jc_tmp, ti));
		op2(g, X86_ADD, 8, M(base, d + 8 *
		    (int32_t)ag->ag_ndata), R(ACC));
		break;
	default:
		nope(g, "%s()", dsl_prog_funcname(ag->ag_func));
		return;
	}
	op1(g, X86_INC, 8, M(base, e.xo_disp));
}

/* The argument after the first `skip` arguments of a call, or NONE. */
static int32_t
nth(gen_t *g, int32_t a, int skip)
{
	while (a != DSL_NONE && skip-- > 0)
		a = NODE(g, a)->dn_next;
	return a;
}

/*
 * @a[keys] = f(args): as eval.c's aggregate(), the value and increment
 * first, then the keys; the thread's buffer (claimed at its first
 * update); the entry, static when pidtrace placed its key, else by hash.
 */
static void
aggregate(gen_t *g, int32_t n)
{
	const dsl_node_t *nd = NODE(g, n);
	uint32_t aggi = (uint32_t)nd->dn_ival;
	const dsl_agg_t *ag = &g->g_pg->pg_aggs[aggi];
	uint32_t have = label(g), skip = label(g), st = 0, klen = 0;
	int tv = -1, ti = -1, k0 = g->g_ntmp, nk = 0, t0 = g->g_ntmp;
	int32_t a = nd->dn_b, inc = DSL_NONE, k;
	bool dyn;
	char key[512];

	/* -x aggsize counts the entries pidtrace makes (eval.c) */
	if (g->g_pg->pg_opts[O_AGGSIZE] > 0) {
		nope(g, "aggregations bounded by -x aggsize");
		return;
	}
	if (a != DSL_NONE) {
		expr(g, a);
		tv = push(g);
		if (ag->ag_func == F_QUANTIZE)
			inc = nth(g, a, 1);
		else if (ag->ag_func == F_LQUANTIZE)
			inc = nth(g, a, 4);
		else if (ag->ag_func == F_LLQUANTIZE)
			inc = nth(g, a, 5);
		if (inc != DSL_NONE) {
			expr(g, inc);
			ti = push(g);
		}
	}
	/* static when every key is known now and there is room left
	 * (dry: as if there were); else by hash, keys in temporaries (no
	 * key at all hashes the aggregation alone) */
	dyn = !constkey(g, nd->dn_a, ag, key, sizeof(key), &klen) ||
	    (!g->g_dry && (st = dsl_ip_static(g->g_ip, aggi, key, klen)) ==
	    0);
	if (dyn) {
		k0 = g->g_ntmp;
		for (k = nd->dn_a; k != DSL_NONE; k = NODE(g, k)->dn_next) {
			if (NODE(g, k)->dn_type == DT_STR)
				strword(g, k);
			else
				expr(g, k);
			push(g);
			nk++;
		}
	}

	op2(g, X86_TEST, 8, R(BUF), R(BUF));
	jcc(g, X86_CC_NE, have);
	stub(g, ST_BUFGET);
	op2(g, X86_TEST, 8, R(BUF), R(BUF));
	jcc(g, X86_CC_E, skip);		/* no buffer: a drop */
	bind(g, have);
	if (dyn) {
		dynentry(g, aggi, nk, k0, skip);
		update(g, aggi, M(X86_R10, 0), tv, ti);
	} else {
		update(g, aggi, M(BUF, (int32_t)st), tv, ti);
	}
	bind(g, skip);
	g->g_ntmp = t0;
}


/* --- captures ------------------------------------------------------- */

/*
 * A clause that runs in pidtrace from the record, but reads the
 * process's memory, has its reads made here, at the firing: the same
 * tree walked for what it reads (every copyin, copyinstr, stringof and
 * member read, with the addresses computed as eval() computes them),
 * the bytes written to the thread's capture buffer; pidtrace then serves
 * its reads of those addresses from them (ip.c).  The walk keeps the
 * clause's predicate and ifs when it can compute them, and reads both
 * ways when it cannot (a read too many costs time, never a wrong
 * answer: pidtrace looks bytes up by address).  this-> integers are set
 * as the clause sets them; anything else the clause keeps (self->,
 * globals, strings) is pidtrace's and unknown here: an address made
 * from it cannot be captured, and the clause keeps its stop.
 */

/* A try: code made after mark is dropped again if it could not be. */
typedef struct mark {
	size_t		m_len;
	uint32_t	m_nfix;
	int		m_ntmp;
	uint64_t	m_capmax;
} mark_t;

static void
mark(gen_t *g, mark_t *m)
{
	m->m_len = g->g_b.xb_len;
	m->m_nfix = g->g_b.xb_nfix;
	m->m_ntmp = g->g_ntmp;
	m->m_capmax = g->g_capmax;
}

/* Whether what was made since m stands; if not, it is undone. */
static bool
undo(gen_t *g, const mark_t *m)
{
	if (!g->g_fail || g->g_b.xb_err)
		return !g->g_fail;
	g->g_fail = false;
	g->g_b.xb_len = m->m_len;
	g->g_b.xb_nfix = m->m_nfix;
	g->g_ntmp = m->m_ntmp;
	g->g_capmax = m->m_capmax;
	return false;
}

/* Capture rcx bytes (at most the scratch size, else refused there) at
 * address rax: r10 = the bytes, rax = how many were read (-1 none). */
static void
capread(gen_t *g, uint64_t most, bool str)
{
	g->g_reads = true;
	g->g_capmax += IP_CAPHDR + ((most + 7) & ~(uint64_t)7);
	stub(g, str ? ST_CAPSTR : ST_CAPREAD);
}

/* copyin(addr, len): rax = where its copy is (pidtrace's read of the
 * address is served from it), 0 when none. */
static void
capcopyin(gen_t *g, const dsl_node_t *nd)
{
	int32_t a = nd->dn_a, l = a != DSL_NONE ? NODE(g, a)->dn_next :
	    DSL_NONE;
	uint32_t pos = label(g);
	uint64_t most;
	int t;

	if (l == DSL_NONE) {
		nope(g, "copyin()");
		return;
	}
	/* the most it holds: its size when known now */
	most = g->g_ip->ip_rt->rt_scrsize;
	if (NODE(g, l)->dn_op == N_INT && (uint64_t)NODE(g, l)->dn_ival <
	    most)
		most = (uint64_t)NODE(g, l)->dn_ival;
	expr(g, a);
	t = push(g);
	expr(g, l);
	mov(g, R(TMP), R(ACC));
	pop(g, t, ACC);
	/* eval.c: a negative length reads nothing */
	op2(g, X86_TEST, 8, R(TMP), R(TMP));
	jcc(g, X86_CC_NS, pos);
	movi(g, TMP, 0);
	bind(g, pos);
	capread(g, most, false);
	mov(g, R(ACC), R(X86_R10));
}

/* A string at address rax, as copyinstr() reads it: strsize - 1 bytes,
 * or max (in rcx, when has) if less; the NUL is pidtrace's to find. */
static void
capstr(gen_t *g, bool has)
{
	uint64_t lim = g->g_ip->ip_rt->rt_strsize - 1;
	uint32_t ok = label(g);

	if (has) {
		/* eval.c: 0 <= max < lim limits it; unsigned, a
		 * negative one is above */
		op2i(g, X86_CMP, 8, R(TMP), (int64_t)lim);
		jcc(g, X86_CC_BE, ok);
	}
	movi(g, TMP, (int64_t)lim);
	bind(g, ok);
	capread(g, lim, true);
}

static void	capwalk(gen_t *, int32_t);
static void	capstmts(gen_t *, int32_t);

/* The reads of call nd (a string function, printf...). */
static void
capcall(gen_t *g, const dsl_node_t *nd)
{
	const dsl_node_t *an = nd->dn_a != DSL_NONE ? NODE(g, nd->dn_a) :
	    NULL;
	int t;

	switch (nd->dn_ival) {
	case F_COPYINSTR:
		if (an == NULL)
			break;
		expr(g, nd->dn_a);
		if (an->dn_next != DSL_NONE) {
			t = push(g);
			expr(g, an->dn_next);
			mov(g, R(TMP), R(ACC));
			pop(g, t, ACC);
		}
		capstr(g, an->dn_next != DSL_NONE);
		return;
	case F_STRINGOF:
		if (an == NULL || an->dn_type == DT_STR ||
		    an->dn_ctype == 0)
			break;	/* a string, or an integer printed */
		if (an->dn_flags & DN_ALLOCA) {
			nope(g, "alloca()");
			return;
		}
		expr(g, nd->dn_a);
		capstr(g, false);
		return;
	case F_COPYIN:
		capcopyin(g, nd);
		return;
	case F_PRINT: {
		/* print(p): all of the object p points at, as eval.c's
		 * print_pointee reads it */
		const dsl_ctype_t *pt = an == NULL ? NULL : dsl_type_resolve(
		    &g->g_pg->pg_tt, an->dn_ctype, NULL);
		const dsl_ctype_t *ty = pt == NULL || pt->ty_kind != TY_PTR ?
		    NULL : dsl_type_resolve(&g->g_pg->pg_tt, pt->ty_ref, NULL);
		uint64_t len = ty != NULL ? ty->ty_size : 0;

		if (len > DSL_PRINTMAX)
			len = DSL_PRINTMAX;
		if (an == NULL || len == 0 || (an->dn_flags & DN_ALLOCA))
			break;
		if (len > g->g_ip->ip_rt->rt_scrsize) {
			nope(g, "print() of more than %zu bytes",
			    g->g_ip->ip_rt->rt_scrsize);
			return;
		}
		expr(g, nd->dn_a);
		movi(g, TMP, (int64_t)len);
		capread(g, len, false);
		return;
	}
	case F_INET_NTOA:
	case F_INET_NTOA6:
	case F_INET_NTOP:
	case F_LINK_NTOP: {
		/* the address's bytes, as many as the longest form the
		 * function reads (an IPv6 address, InfiniBand's 20); a read
		 * cut short by the mapping's end still serves a shorter
		 * one */
		int32_t pa = nd->dn_a;
		uint64_t len = nd->dn_ival == F_INET_NTOA ? 4 :
		    nd->dn_ival == F_LINK_NTOP ? 20 : 16;

		if (pa != DSL_NONE && (nd->dn_ival == F_INET_NTOP ||
		    nd->dn_ival == F_LINK_NTOP))
			pa = NODE(g, pa)->dn_next;
		if (pa == DSL_NONE || (NODE(g, pa)->dn_flags & DN_ALLOCA))
			break;
		capwalk(g, nd->dn_a);
		expr(g, pa);
		movi(g, TMP, (int64_t)len);
		capread(g, len, false);
		return;
	}
	case F_ALLOCA:
	case F_BCOPY:
	case F_RAISE:
	case F_STOP:
	case F_CHILL:
	case F_COPYOUT:
	case F_COPYOUTSTR:
		nope(g, "%s()", dsl_prog_funcname((int)nd->dn_ival));
		return;
	}
	capwalk(g, nd->dn_a);
}

/* An assignment or ++/-- of a this-> integer: made, or its variable
 * unknown from here on (and what its value reads captured). */
static void
capset(gen_t *g, int32_t n)
{
	const dsl_node_t *nd = NODE(g, n);
	const dsl_node_t *lv = NODE(g, nd->dn_a);
	uint32_t slot = g->g_pg->pg_vars[lv->dn_ival].va_slot;
	mark_t m;

	mark(g, &m);
	if (lv->dn_type == DT_INT && !(lv->dn_aux & AUX_LOCAL))
		expr(g, n);
	else
		nope(g, "a this-> string");
	if (!undo(g, &m)) {
		if (nd->dn_op == N_ASSIGN)
			capwalk(g, nd->dn_b);
		if (slot < 32)
			g->g_unknown |= 1u << slot;
		return;
	}
	if (slot < 32)
		g->g_unknown &= ~(1u << slot);
	if (g->g_uncond > 0 && slot < 32)
		g->g_taint |= 1u << slot;
}

/*
 * The captures of a choice (`?:`, `if`): its condition computed when it
 * can be, the chosen side walked; else both sides, each marked as read
 * whichever way the condition goes.  walk is capwalk for the sides of
 * `?:` and capstmts for those of `if`.
 */
static void
capchoice(gen_t *g, const dsl_node_t *nd, void (*walk)(gen_t *, int32_t))
{
	uint32_t other, done;
	mark_t m;

	mark(g, &m);
	other = label(g);
	done = label(g);
	expr(g, nd->dn_a);
	if (undo(g, &m)) {
		op2(g, X86_TEST, 8, R(ACC), R(ACC));
		jcc(g, X86_CC_E, other);
		walk(g, nd->dn_b);
		jmp(g, done);
		bind(g, other);
		walk(g, nd->dn_c);
		bind(g, done);
		return;
	}
	capwalk(g, nd->dn_a);
	g->g_uncond++;
	walk(g, nd->dn_b);
	walk(g, nd->dn_c);
	if (--g->g_uncond == 0)
		g->g_unknown |= g->g_taint;
}

/* What the tree under n (a list) reads, captured, in eval()'s order. */
static void
capwalk(gen_t *g, int32_t n)
{
	for (; n != DSL_NONE && !g->g_fail; n = NODE(g, n)->dn_next) {
		const dsl_node_t *nd = NODE(g, n);

		switch (nd->dn_op) {
		case N_INT:
		case N_STR:
		case N_GVAR:
		case N_SVAR:
		case N_TVAR:
		case N_BUILTIN:
			continue;
		case N_ARG:
			if (nd->dn_ival >= 6)
				nope(g, "an argument past arg5");
			continue;
		case N_UREG:
			nope(g, "uregs[]");
			continue;
		case N_MEMBER:
		case N_DEREF:
		case N_INDEX:
			if (nd->dn_aux & AUX_LOCAL) {
				/* D's own storage (a struct variable's
				 * member): what indexes it may read */
				capwalk(g, nd->dn_a);
				capwalk(g, nd->dn_b);
				continue;
			}
			if (nd->dn_aux & AUX_BYADDR) {
				/* a struct, union or array as a whole
				 * (copied, printed): all of its bytes */
				const dsl_ctype_t *ty = dsl_type_resolve(
				    &g->g_pg->pg_tt, nd->dn_ctype, NULL);
				uint64_t len = ty != NULL ? ty->ty_size : 0;

				if (len > g->g_ip->ip_rt->rt_scrsize) {
					nope(g, "a struct of more than %zu "
					    "bytes", g->g_ip->ip_rt->rt_scrsize);
					continue;
				}
				address(g, n);
				movi(g, TMP, (int64_t)len);
				capread(g, len, false);
				continue;
			}
			if (nd->dn_aux & AUX_CHARS) {
				/* a char array read as a string */
				const dsl_ctype_t *ty = dsl_type_resolve(
				    &g->g_pg->pg_tt, nd->dn_ctype, NULL);
				uint64_t len = ty != NULL ? ty->ty_size : 0;
				uint64_t lim = g->g_ip->ip_rt->rt_strsize - 1;

				if (len > lim)
					len = lim;
				address(g, n);
				movi(g, TMP, (int64_t)len);
				capread(g, len, true);
				continue;
			}
			if (nd->dn_type == DT_STR) {
				nope(g, "a string member");
				continue;
			}
			expr(g, n);
			continue;
		case N_CALL:
			capcall(g, nd);
			continue;
		case N_ASSIGN:
			if (NODE(g, nd->dn_a)->dn_op == N_TVAR) {
				capset(g, n);
				continue;
			}
			if (NODE(g, nd->dn_a)->dn_op == N_ARR)
				capwalk(g, NODE(g, nd->dn_a)->dn_a);
			else if (NODE(g, nd->dn_a)->dn_op != N_GVAR &&
			    NODE(g, nd->dn_a)->dn_op != N_SVAR)
				capwalk(g, nd->dn_a);	/* C data stored */
			capwalk(g, nd->dn_b);
			continue;
		case N_INCDEC:
			if (NODE(g, nd->dn_a)->dn_op == N_TVAR)
				capset(g, n);
			else if (NODE(g, nd->dn_a)->dn_op == N_ARR)
				capwalk(g, NODE(g, nd->dn_a)->dn_a);
			continue;
		case N_COND:
			capchoice(g, nd, capwalk);
			continue;
		}
		capwalk(g, nd->dn_a);
		capwalk(g, nd->dn_b);
	}
}

static void
capstmts(gen_t *g, int32_t s)
{
	for (; s != DSL_NONE && !g->g_fail; s = NODE(g, s)->dn_next) {
		const dsl_node_t *nd = NODE(g, s);

		switch (nd->dn_op) {
		case S_EXPR:
			capwalk(g, nd->dn_a);
			break;
		case S_IF:
			capchoice(g, nd, capstmts);
			break;
		case S_BLOCK:
			capstmts(g, nd->dn_a);
			break;
		default:
			nope(g, "this statement");
		}
	}
}

/* The captures of enabling i (clause c), run in pidtrace. */
static void
capclause(gen_t *g, uint32_t i, uint32_t c)
{
	const dsl_clause_t *cl = &g->g_pg->pg_clauses[c];
	mark_t m;

	if (cl->cl_stack) {
		nope(g, "ustack(), ucaller or ustackdepth");
		return;
	}
	g->g_cap = true;
	g->g_idx = i;
	g->g_act = 0;
	g->g_ntmp = 0;
	g->g_dynact = false;
	g->g_uncond = 0;
	g->g_taint = 0;
	/* a this-> value another clause made is not the capture's to
	 * know (it may come from what that clause could not compute) */
	g->g_unknown = ~0u;
	g->g_next = label(g);
	if (cl->cl_pred != DSL_NONE) {
		mark(g, &m);
		expr(g, cl->cl_pred);
		if (undo(g, &m)) {
			op2(g, X86_TEST, 8, R(ACC), R(ACC));
			jcc(g, X86_CC_E, g->g_next);
		} else {
			capwalk(g, cl->cl_pred);
			g->g_uncond++;
		}
	}
	capstmts(g, cl->cl_body);
	if (g->g_uncond > 0)
		g->g_unknown |= g->g_taint;
	g->g_uncond = 0;
	bind(g, g->g_next);
	g->g_cap = false;
}

/* --- clauses and probes ------------------------------------------- */

static void
stmts(gen_t *g, int32_t s)
{
	uint32_t other, done;

	for (; s != DSL_NONE && !g->g_fail; s = NODE(g, s)->dn_next) {
		const dsl_node_t *nd = NODE(g, s);
		const dsl_node_t *e;

		switch (nd->dn_op) {
		case S_EXPR:
			g->g_act = nd->dn_act;
			if (g->g_dynact)
				op2i(g, X86_MOV, 4, CX(jc_act), nd->dn_act);
			e = NODE(g, nd->dn_a);
			if (e->dn_op == N_AGG)
				aggregate(g, nd->dn_a);
			else if (e->dn_op == N_CALL)
				nope(g, "%s()",
				    dsl_prog_funcname((int)e->dn_ival));
			else
				expr(g, nd->dn_a);
			break;
		case S_IF:
			other = label(g);
			done = label(g);
			expr(g, nd->dn_a);
			op2(g, X86_TEST, 8, R(ACC), R(ACC));
			jcc(g, X86_CC_E, other);
			stmts(g, nd->dn_b);
			jmp(g, done);
			bind(g, other);
			stmts(g, nd->dn_c);
			bind(g, done);
			break;
		case S_BLOCK:
			stmts(g, nd->dn_a);
			break;
		default:
			nope(g, "this statement");
		}
	}
}

/* dn_c is a child of ?: and if only: a comparison keeps a flag there. */
static int32_t
third(const dsl_node_t *nd)
{
	return nd->dn_op == N_COND || nd->dn_op == S_IF ? nd->dn_c : DSL_NONE;
}

/* Whether the tree under n (a list) may fault: a division or a read. */
static bool
may_fault(const dsl_prog_t *pg, int32_t n)
{
	for (; n != DSL_NONE; n = pg->pg_nodes[n].dn_next) {
		const dsl_node_t *nd = &pg->pg_nodes[n];

		if (nd->dn_op == N_INT || nd->dn_op == N_STR)
			continue;
		if ((nd->dn_op == N_BINOP || nd->dn_op == N_ASSIGN) &&
		    (base_op(nd->dn_aux) == '/' || base_op(nd->dn_aux) == '%'))
			return true;
		if ((nd->dn_op == N_MEMBER || nd->dn_op == N_DEREF ||
		    nd->dn_op == N_INDEX) && !(nd->dn_aux & AUX_BYADDR))
			return true;
		if (may_fault(pg, nd->dn_a) || may_fault(pg, nd->dn_b) ||
		    may_fault(pg, third(nd)))
			return true;
	}
	return false;
}

/*
 * eval.c keeps the statement number of the last expression statement
 * run, and an if's condition faults with it: after an if whose branches
 * end differently that number is known only at run time.  Such a
 * clause keeps it in jc_act (one store per statement).
 */
static bool
needs_dynact(const dsl_prog_t *pg, int32_t s)
{
	for (; s != DSL_NONE; s = pg->pg_nodes[s].dn_next) {
		const dsl_node_t *nd = &pg->pg_nodes[s];

		if (nd->dn_op == S_IF && (may_fault(pg, nd->dn_a) ||
		    needs_dynact(pg, nd->dn_b) || needs_dynact(pg, third(nd))))
			return true;
		if (nd->dn_op == S_BLOCK && needs_dynact(pg, nd->dn_a))
			return true;
	}
	return false;
}

/* Why a clause cannot run in process before looking at its code. */
static const char *
clause_flags(const dsl_clause_t *cl)
{
	if (cl->cl_stack)
		return "it walks the stack";
	if (cl->cl_destruct)
		return "it has a destructive action";
	if (cl->cl_traces)
		return "it records data (printf, trace...)";
	return NULL;
}

static void
clause(gen_t *g, uint32_t i, uint32_t c)
{
	const dsl_clause_t *cl = &g->g_pg->pg_clauses[c];
	const char *why = clause_flags(cl);

	if (why != NULL) {
		nope(g, "%s", why);
		return;
	}
	g->g_idx = i;
	g->g_act = 0;
	g->g_ntmp = 0;
	g->g_next = label(g);
	g->g_dynact = needs_dynact(g->g_pg, cl->cl_body);
	if (g->g_dynact)
		op2i(g, X86_MOV, 4, CX(jc_act), 0);
	if (cl->cl_pred != DSL_NONE) {
		expr(g, cl->cl_pred);
		op2(g, X86_TEST, 8, R(ACC), R(ACC));
		jcc(g, X86_CC_E, g->g_next);
	}
	stmts(g, cl->cl_body);
	bind(g, g->g_next);
}

/* What a probe's in-process clauses use, for its prologue. */
typedef struct uses {
	bool		u_ns;		/* timestamp, walltimestamp */
	bool		u_self;
	uint32_t	u_this;		/* this-> slots, a bit each */
} uses_t;

static void
scan(const dsl_prog_t *pg, int32_t n, uses_t *u)
{
	for (; n != DSL_NONE; n = pg->pg_nodes[n].dn_next) {
		const dsl_node_t *nd = &pg->pg_nodes[n];

		if (nd->dn_op == N_INT || nd->dn_op == N_STR)
			continue;
		if (nd->dn_op == N_BUILTIN && (nd->dn_ival == B_TIMESTAMP ||
		    nd->dn_ival == B_WALLTIMESTAMP))
			u->u_ns = true;
		if (nd->dn_op == N_SVAR)
			u->u_self = true;
		if (nd->dn_op == N_TVAR &&
		    pg->pg_vars[nd->dn_ival].va_slot < DSL_JIT_NTHIS)
			u->u_this |= 1u << pg->pg_vars[nd->dn_ival].va_slot;
		scan(pg, nd->dn_a, u);
		scan(pg, nd->dn_b, u);
		scan(pg, third(nd), u);
	}
}

/*
 * timestamp: ns = ns0 + (tsc - tsc0) * mult >> 32 (signed: a firing
 * may come before the anchor), read under the clock's seqlock: a torn
 * read (pidtrace refitting) is retried, four times at most, so that the
 * thread never waits on pidtrace.
 */
static void
clock(gen_t *g)
{
	uint32_t again = label(g), retry = label(g), ok = label(g);

	movi(g, TMP, 4);
	bind(g, again);
	mov(g, R(X86_R10), HDR(ih_clkseq));
	mov(g, R(ACC), CX(jc_tsc));
	op2(g, X86_SUB, 8, R(ACC), HDR(ih_tsc0));
	op1(g, X86_IMUL1, 8, HDR(ih_mult));
	dsl_x86_shrd(&g->g_b, ACC, X86_RDX, 32);
	op2(g, X86_ADD, 8, R(ACC), HDR(ih_ns0));
	op2(g, X86_CMP, 8, R(X86_R10), HDR(ih_clkseq));
	jcc(g, X86_CC_NE, retry);
	op2i(g, X86_TEST, 8, R(X86_R10), 1);
	jcc(g, X86_CC_E, ok);
	bind(g, retry);
	op1(g, X86_DEC, 4, R(TMP));
	jcc(g, X86_CC_NE, again);
	bind(g, ok);
	mov(g, CX(jc_ns), R(ACC));
}

/*
 * The fault tail of a probe whose clauses may fault: r10 = the event's
 * first word, rcx its value, r11 where to go on.  The plan keeps the
 * faulting clauses of a probe within DSL_JIT_NEV; past it the event is
 * lost, never written out of bounds.
 */
static void
fault_tail(gen_t *g)
{
	uint32_t full = label(g);

	bind(g, g->g_fault);
	movx(g, ACC, CX(jc_nev), 4, false);
	op2i(g, X86_CMP, 4, R(ACC), DSL_JIT_NEV);
	jcc(g, X86_CC_AE, full);
	shift(g, X86_SHL, 4, R(ACC), 4);
	mov(g, MX(CTX, ACC, 1, offsetof(dsl_jctx_t, jc_ev)), R(X86_R10));
	mov(g, MX(CTX, ACC, 1, offsetof(dsl_jctx_t, jc_ev) + 8), R(TMP));
	op1(g, X86_INC, 4, CX(jc_nev));
	bind(g, full);
	op2i(g, X86_OR, 4, CX(jc_status), DSL_JIT_RECORD);
	op1(g, X86_JMPI, 8, R(LINK));
}


/*
 * A firing's captures (jit.c's capture mode) go to the thread's capture
 * buffer (ip.h), contiguous: capinit finds or claims the buffer, skips to
 * the ring's start when the most this probe captures (g_capmax) does not
 * fit before its end, reserves that much (head moves on before anything
 * is written: a signal handler firing a probe of this thread meanwhile
 * writes past it) and makes the record's capture event (jc_ev[0]: its
 * start; the plan leaves the probe's faults one event fewer).  capfini
 * gives back what was not used, unless a handler moved head meanwhile,
 * and puts the bytes used in the event.  No buffer: an event that
 * pidtrace counts as a drop, never reads served from the process later.
 */
static void
capblocks(gen_t *g, uint32_t capinit, uint32_t capback, uint32_t capfini)
{
	const dsl_ip_t *ip = g->g_ip;
	uint64_t ring = ip->ip_cbufsz - 64, max = g->g_capmax;
	uint64_t w = (uint64_t)0xff << 48 | (uint64_t)DSL_JIT_CAPEV << 56;
	uint32_t fits = label(g), none = label(g), gone = label(g);

	if (max > ring / 4) {
		nope(g, "its clauses capture more than %llu bytes a firing",
		    (unsigned long long)(ring / 4));
		return;
	}
	bind(g, capinit);
	stub(g, ST_CAPBUF);
	mov(g, R(X86_RDX), CX(jc_cbuf));
	op2(g, X86_TEST, 8, R(X86_RDX), R(X86_RDX));
	jcc(g, X86_CC_E, none);
	mov(g, R(TMP), M(X86_RDX, 8));
	mov(g, R(ACC), R(TMP));
	op2i(g, X86_AND, 8, R(ACC), (int64_t)(ring - 1));
	op2i(g, X86_ADD, 8, R(ACC), (int64_t)max);
	op2i(g, X86_CMP, 8, R(ACC), (int64_t)ring);
	jcc(g, X86_CC_BE, fits);
	op2i(g, X86_ADD, 8, R(TMP), (int64_t)ring);
	op2i(g, X86_AND, 8, R(TMP), -(int64_t)ring);
	bind(g, fits);
	mov(g, CX(jc_cpos), R(TMP));
	mov(g, CXI(jc_ev, 1), R(TMP));
	add_imm(g, TMP, (int64_t)max);
	mov(g, M(X86_RDX, 8), R(TMP));
	op2i(g, X86_MOV, 8, R(X86_R10), (int64_t)w);
	mov(g, CXI(jc_ev, 0), R(X86_R10));
	op2i(g, X86_MOV, 4, CX(jc_nev), 1);
	jmp(g, capback);
	bind(g, none);
	op2i(g, X86_MOV, 8, R(X86_R10), (int64_t)(w | 0xffffffffu));
	mov(g, CXI(jc_ev, 0), R(X86_R10));
	op2i(g, X86_MOV, 8, CXI(jc_ev, 1), 0);
	op2i(g, X86_MOV, 4, CX(jc_nev), 1);
	jmp(g, capback);

	bind(g, capfini);
	mov(g, R(X86_RDX), CX(jc_cbuf));
	op2(g, X86_TEST, 8, R(X86_RDX), R(X86_RDX));
	jcc(g, X86_CC_E, gone);
	mov(g, R(ACC), CXI(jc_ev, 1));
	add_imm(g, ACC, (int64_t)max);
	mov(g, R(TMP), CX(jc_cpos));
	/* the owner's own word: no lock, as the buffers' updates */
	op2(g, X86_CMPXCHG, 8, M(X86_RDX, 8), R(TMP));
	op2(g, X86_SUB, 8, R(TMP), CXI(jc_ev, 1));
	op2(g, X86_MOV, 4, CXI(jc_ev, 0), R(TMP));	/* je_node: used */
	bind(g, gone);
	op2i(g, X86_OR, 4, CX(jc_status), DSL_JIT_RECORD);
	op2i(g, X86_MOV, 8, CX(jc_cbuf), 0);
	op1(g, X86_JMPI, 8, CX(jc_link));
}

static void
probe(gen_t *g, uint32_t id, uint32_t *entry)
{
	const dsl_ip_pplan_t *pp = &g->g_ip->ip_plan[id - 1];
	const rt_probe_t *p = &g->g_ip->ip_rt->rt_probes[id - 1];
	uint32_t quiet = label(g), nokey = label(g), go = label(g);
	uint32_t mute = label(g), mnext = label(g), i, s;
	uint32_t capinit = label(g), capback = label(g), capfini = label(g);
	uses_t u = { false, false, 0 };
	bool records = false, caps = false;

	g->g_probe = id;
	g->g_p = p;
	g->g_fault = label(g);
	g->g_canfault = false;
	g->g_capmax = 0;
	g->g_unknown = 0;
	for (i = 0; i < pp->pp_n; i++) {
		const dsl_clause_t *cl = &g->g_pg->pg_clauses[
		    p->pr_clauses[i]];

		if (pp->pp_path[i] != DSL_PATH_INPROC) {
			records = true;
			if (pp->pp_path[i] != DSL_PATH_PIDTRACE ||
			    pp->pp_cap == NULL || !pp->pp_cap[i])
				continue;
			caps = true;
		}
		scan(g->g_pg, cl->cl_pred, &u);
		scan(g->g_pg, cl->cl_body, &u);
	}

	*entry = (uint32_t)g->g_b.xb_len;
	movi(g, BASE, (int64_t)g->g_ip->ip_remote);
	op2i(g, X86_CMP, 8, HDR(ih_ended), 0);
	jcc(g, X86_CC_NE, quiet);
	op2i(g, X86_CMP, 4, CX(jc_key), 0);
	jcc(g, X86_CC_E, nokey);
	op2i(g, X86_CMP, 8, HDR(ih_nmute), 0);
	jcc(g, X86_CC_NE, mute);
	bind(g, go);
	op2i(g, X86_MOV, 4, CX(jc_status), records ? DSL_JIT_RECORD : 0);
	op2i(g, X86_MOV, 4, CX(jc_nev), 0);
	movi(g, BUF, 0);
	if (caps) {
		jmp(g, capinit);
		bind(g, capback);
	}
	if (u.u_ns)
		clock(g);
	if (u.u_self)
		stub(g, ST_THRFIND);
	for (s = 0; s < DSL_JIT_NTHIS; s++)
		if (u.u_this & 1u << s)
			op2i(g, X86_MOV, 8, CXI(jc_this, s), 0);

	for (i = 0; i < pp->pp_n && !g->g_fail; i++)
		if (pp->pp_path[i] == DSL_PATH_INPROC)
			clause(g, i, p->pr_clauses[i]);
		else if (caps && pp->pp_path[i] == DSL_PATH_PIDTRACE &&
		    pp->pp_cap[i])
			capclause(g, i, p->pr_clauses[i]);
	if (caps)
		jmp(g, capfini);
	op1(g, X86_JMPI, 8, CX(jc_link));
	if (caps)
		capblocks(g, capinit, capback, capfini);

	/* no key (no TCB): pidtrace runs it all from the record */
	bind(g, nokey);
	op2i(g, X86_MOV, 4, CX(jc_status), DSL_JIT_RECORD | DSL_JIT_ALL);
	op2i(g, X86_MOV, 4, CX(jc_nev), 0);
	op1(g, X86_JMPI, 8, CX(jc_link));

	/* a muted key (a vfork child) or the end: nothing at all */
	bind(g, mute);
	movi(g, TMP, 0);
	movx(g, ACC, CX(jc_key), 4, false);
	bind(g, mnext);
	op2(g, X86_CMP, 4, MX(BASE, TMP, 4,
	    (int32_t)offsetof(dsl_ip_hdr_t, ih_mute)), R(ACC));
	jcc(g, X86_CC_E, quiet);
	op2i(g, X86_ADD, 4, R(TMP), 1);
	op2i(g, X86_CMP, 4, R(TMP), IP_NMUTE);
	jcc(g, X86_CC_B, mnext);
	jmp(g, go);
	bind(g, quiet);
	op2i(g, X86_MOV, 4, CX(jc_status), 0);
	op2i(g, X86_MOV, 4, CX(jc_nev), 0);
	op1(g, X86_JMPI, 8, CX(jc_link));

	if (g->g_canfault)
		fault_tail(g);
}

/* --- stubs ---------------------------------------------------------- */

/*
 * The probe loop over a table keyed by thread key (ip.h): r = the
 * entry at index rdx (rdx = the key's hash, ecx = the key, r10 = probes
 * left), entering at top.  Each pass jumps to found when the entry is
 * the key's, to empty at a key of 0; claim passes lock cmpxchg the key
 * into a free or freed entry.  Falls through when every entry was seen.
 */
static void
table_loop(gen_t *g, int r, size_t off, uint32_t n, uint32_t log,
    size_t stride, bool claim, uint32_t found, uint32_t empty)
{
	uint32_t top = label(g), next = label(g), take = label(g);

	movx(g, TMP, CX(jc_key), 4, false);
	mov(g, R(X86_RDX), R(TMP));
	op2i(g, X86_IMUL, 4, R(X86_RDX), (int32_t)IP_GOLD32);
	shift(g, X86_SHR, 4, R(X86_RDX), 32 - (int)log);
	movi(g, X86_R10, n);
	bind(g, top);
	mov(g, R(r), R(X86_RDX));
	op2i(g, X86_IMUL, 8, R(r), (int64_t)stride);
	lea(g, r, MX(BASE, r, 1, (int32_t)off));
	if (!claim) {
		op2(g, X86_CMP, 4, M(r, 0), R(TMP));
		jcc(g, X86_CC_E, found);
		op2i(g, X86_CMP, 4, M(r, 0), 0);
		jcc(g, X86_CC_E, empty);
	} else {
		movx(g, ACC, M(r, 0), 4, false);
		op2(g, X86_CMP, 4, R(ACC), R(TMP));
		jcc(g, X86_CC_E, found);	/* a handler claimed it */
		op2(g, X86_TEST, 4, R(ACC), R(ACC));
		jcc(g, X86_CC_E, take);
		op2i(g, X86_CMP, 4, R(ACC), (int32_t)IP_TOMB);
		jcc(g, X86_CC_NE, next);
		bind(g, take);
		op2(g, X86_CMPXCHG, X86_LOCK | 4, M(r, 0),
		    R(TMP));
		jcc(g, X86_CC_E, found);
	}
	bind(g, next);
	op2i(g, X86_ADD, 4, R(X86_RDX), 1);
	op2i(g, X86_AND, 4, R(X86_RDX), n - 1);
	op1(g, X86_DEC, 4, R(X86_R10));
	jcc(g, X86_CC_NE, top);
}

/* r9 = the thread's self-> entry, or the zero entry.  Clobbers rcx,
 * rdx, r10 (and rax when claiming). */
static void
stub_thr(gen_t *g, bool claim)
{
	const dsl_ip_t *ip = g->g_ip;
	uint32_t found = label(g), none = label(g);

	table_loop(g, THR, ip->ip_thr, ip->ip_nthr, ip->ip_thrlog,
	    ip->ip_thrsz, claim, found, none);
	if (claim)
		op1(g, X86_INC, X86_LOCK | 8, HDR(ih_dyndrops));
	bind(g, none);
	lea(g, THR, M(BASE, (int32_t)ip->ip_zero));
	bind(g, found);
	op1(g, X86_JMPI, 8, R(LINK));
}

/*
 * r8 = the thread's buffer in the table at off (n entries of stride
 * bytes, n = 1 << log): the thread's own, else one claimed for it.
 * Jumps to found with it; falls through when every entry is taken.
 * Clobbers rax, rcx, rdx, r10.
 */
static void
claim_buf(gen_t *g, size_t off, uint32_t n, uint32_t log, size_t stride,
    uint32_t found)
{
	uint32_t none = label(g);

	table_loop(g, BUF, off, n, log, stride, false, found, none);
	bind(g, none);
	table_loop(g, BUF, off, n, log, stride, true, found, found);
}

/*
 * r8 = the thread's aggregation buffer, claimed if it has none, or 0
 * (counted as an aggregation drop).  Clobbers rax, rcx, rdx, r10.
 */
static void
stub_buf(gen_t *g)
{
	const dsl_ip_t *ip = g->g_ip;
	uint32_t found = label(g);

	claim_buf(g, ip->ip_abuf, ip->ip_nabuf, ip->ip_abuflog,
	    ip->ip_abufsz, found);
	op1(g, X86_INC, X86_LOCK | 8, HDR(ih_aggdrops));
	movi(g, BUF, 0);
	bind(g, found);
	op1(g, X86_JMPI, 8, R(LINK));
}

/*
 * Jump to sys unless the read at rax starts at or above the first page
 * of the firing's own frame (inproc.h).  Spoils rdx.
 */
static void
frame_low(gen_t *g, uint32_t sys)
{
	mov(g, R(X86_RDX), R(CTX));
	op2i(g, X86_AND, 8, R(X86_RDX), -4096);
	op2(g, X86_CMP, 8, R(ACC), R(X86_RDX));
	jcc(g, X86_CC_B, sys);
}

/*
 * Jump to sys unless end (the read's end) is at or below the end of the
 * last page of the firing's own frame.  Spoils rdx.
 */
static void
frame_high(gen_t *g, int end, uint32_t sys)
{
	lea(g, X86_RDX, M(CTX, DSL_JIT_FRAME - 1 + 4096));
	op2i(g, X86_AND, 8, R(X86_RDX), -4096);
	op2(g, X86_CMP, 8, R(end), R(X86_RDX));
	jcc(g, X86_CC_A, sys);
}

/*
 * The system call whose registers are set, rsi pointing at jc_iov: a
 * `syscall` here, or through the host's gate (dsl_ip_gate), entered with
 * a jump and the way back in jc_buf.  Syscall user dispatch lets calls
 * through from the gate's range only, and this code may lie elsewhere:
 * a call made here would be two stops of the thread.  rcx and r11 are
 * the call's to spoil either way; no register of the program changes,
 * and nothing is pushed.
 */
static void
syscall_made(gen_t *g)
{
	uint64_t gate = g->g_ip->ip_o.io_gate;
	uint32_t back;

	_Static_assert(offsetof(dsl_jctx_t, jc_buf) -
	    offsetof(dsl_jctx_t, jc_iov) == DSL_JIT_GATE_BACK, "gate");
	if (gate == 0) {
		dsl_x86_syscall(&g->g_b);
		return;
	}
	back = label(g);
	dsl_x86_lea_label(&g->g_b, X86_R11, back);
	mov(g, M(X86_RSI, DSL_JIT_GATE_BACK), R(X86_R11));
	movi(g, X86_R11, (int64_t)gate);
	op1(g, X86_JMPI, 8, R(X86_R11));
	bind(g, back);
}

/*
 * Jump to no unless the kernel can read the page of the address in
 * register a, asked with no side effect: rt_sigprocmask(3, a & ~7,
 * NULL, 8) copies the 8 bytes at its set (copy_from_user, with the
 * kernel's fault handling: EFAULT for an unmapped, PROT_NONE or guard
 * page, a file page past its end, a non-canonical or kernel address)
 * before it looks at how, then refuses how 3 with EINVAL and changes
 * nothing (kernel/signal.c).  EINVAL: readable, on.  EFAULT: to no,
 * where the caller gives up as a failed process_vm_readv does.  Any
 * other answer (a kernel or sandbox that refuses the call): counted in
 * ih_nocheck, to other, where the caller reads by process_vm_readv.  No
 * page is pinned, no signal raised, the mask is not touched.  Every register is kept:
 * rax rcx rdx r8 r9 r10 r11 go to jc_iov[0..5] and jc_buf (so those
 * hold nothing live across it), rdi rides in r8 across the call (the
 * kernel keeps r8 and r9; this call takes neither), rsi is the area's
 * address again after.  Through the check's gate (DSL_JIT_GATE_R9:
 * syscall; jmp *%r9) when there is one.
 */
static void
page_check(gen_t *g, int a, uint32_t no, uint32_t other)
{
	static const int kept[7] = { ACC, TMP, X86_RDX, BUF, THR, X86_R10,
	    LINK };
	uint64_t gate = g->g_ip->ip_o.io_gate;
	uint32_t ok = label(g), back;
	int i;

	for (i = 0; i < 6; i++)
		mov(g, CXI(jc_iov, i), R(kept[i]));
	mov(g, CX(jc_buf), R(kept[6]));
	mov(g, R(X86_RSI), R(a));
	op2i(g, X86_AND, 8, R(X86_RSI), -8);
	mov(g, R(X86_R8), R(CTX));
	movi(g, X86_RDI, 3);			/* not SIG_BLOCK..SETMASK */
	movi(g, X86_RDX, 0);
	movi(g, X86_R10, 8);			/* sizeof (sigset_t) */
	movi(g, ACC, 14);			/* rt_sigprocmask */
	if (gate == 0) {
		dsl_x86_syscall(&g->g_b);
	} else {
		back = label(g);
		dsl_x86_lea_label(&g->g_b, X86_R9, back);
		movi(g, X86_R11, (int64_t)(gate + DSL_JIT_GATE_R9));
		op1(g, X86_JMPI, 8, R(X86_R11));
		bind(g, back);
	}
	mov(g, R(CTX), R(X86_R8));
	movi(g, BASE, (int64_t)g->g_ip->ip_remote);
	mov(g, R(X86_R10), R(ACC));
	for (i = 0; i < 6; i++)
		if (kept[i] != X86_R10)
			mov(g, R(kept[i]), CXI(jc_iov, i));
	mov(g, R(kept[6]), CX(jc_buf));
	/* the way back points into our code: not left on the stack */
	op2i(g, X86_MOV, 8, CX(jc_buf), 0);
	/* r10 back last: a mov keeps the flags of the compares */
	op2i(g, X86_CMP, 8, R(X86_R10), -22);	/* -EINVAL: readable */
	jcc(g, X86_CC_E, ok);
	op2i(g, X86_CMP, 8, R(X86_R10), -14);	/* -EFAULT */
	mov(g, R(X86_R10), CXI(jc_iov, 5));
	jcc(g, X86_CC_E, no);
	/* no answer: the slower path is counted (dsl_ip_drops says it) */
	op1(g, X86_INC, X86_LOCK | 8, HDR(ih_nocheck));
	jmp(g, other);
	bind(g, ok);
	mov(g, R(X86_R10), CXI(jc_iov, 5));
}

/*
 * rax = process_vm_readv(own pid, {jc_iov[4], rcx}, 1, {rax, rcx}, 1, 0)
 * then jc_buf = jc_iov[4] (jc_buf holds the way back from the gate
 * meanwhile): rcx bytes at address rax into jc_buf; the count read, or
 * -errno.  A bad address gives EFAULT, never a signal.  A word inside the pages of
 * the firing's frame is loaded instead (rcx is at most 8).  The syscall takes rdi,
 * rsi, rdx, r10, r8, r9 and spoils rcx, r11: the context comes back
 * from rsi (the local iovec is in it), the rest from jc_save, whose
 * copy of the way back is then zeroed.
 */
static void
stub_memread(gen_t *g)
{
	static const int saved[4] = { BASE, BUF, THR, LINK };
	uint32_t sys = label(g), out = label(g);
	int i;

	/*
	 * A word wholly inside the pages of the firing's own frame
	 * (inproc.h): loaded, no system call.  rdx = the first page, then
	 * the frame's pages' end; r10 = the word's end.
	 */
	frame_low(g, out);
	lea(g, X86_R10, M(ACC, 8));
	op2(g, X86_CMP, 8, R(X86_R10), R(ACC));
	jcc(g, X86_CC_B, out);
	frame_high(g, X86_R10, out);
	mov(g, CXI(jc_iov, 2), R(ACC));
	mov(g, R(X86_R10), M(ACC, 0));
	mov(g, CX(jc_buf), R(X86_R10));
	mov(g, R(ACC), R(TMP));
	op1(g, X86_JMPI, 8, R(LINK));
	bind(g, out);
	if (g->g_ip->ip_o.io_memread != DSL_MR_SYSCALL) {
		uint32_t bytes = label(g), loop = label(g), bad = label(g);
		uint32_t one = label(g), refused = label(g);

		/*
		 * Loads while the area says the tracer fixes up their
		 * faults (dsl_ip_loads_off): a bad address lands at bad,
		 * 0 bytes read.  Under DSL_MR_CHECK the kernel is asked
		 * first about the page of the first byte and of the last:
		 * one it refuses is 0 bytes read, no load made.  A word
		 * within one page is one load (its page is readable or not
		 * as a whole); else byte by byte, the last first, into r10.
		 */
		loadable(g, sys);
		if (g->g_ip->ip_o.io_memread == DSL_MR_CHECK) {
			page_check(g, ACC, refused, sys);
			lea(g, X86_R10, MX(ACC, TMP, 1, -1));
			mov(g, R(X86_RDX), R(X86_R10));
			op2(g, X86_XOR, 8, R(X86_RDX), R(ACC));
			op2i(g, X86_CMP, 8, R(X86_RDX), 4095);
			jcc(g, X86_CC_BE, one);
			page_check(g, X86_R10, refused, sys);
			jmp(g, one);
			bind(g, refused);
			mov(g, CXI(jc_iov, 2), R(ACC));
			movi(g, ACC, 0);
			op1(g, X86_JMPI, 8, R(LINK));
			bind(g, one);
		}
		mov(g, CXI(jc_iov, 2), R(ACC));
		mov(g, R(X86_RDX), R(ACC));
		op2i(g, X86_AND, 4, R(X86_RDX), 4095);
		op2i(g, X86_CMP, 4, R(X86_RDX), 4096 - 8);
		jcc(g, X86_CC_A, bytes);
		fixload(g, bad);
		mov(g, R(X86_R10), M(ACC, 0));
		mov(g, CX(jc_buf), R(X86_R10));
		mov(g, R(ACC), R(TMP));
		op1(g, X86_JMPI, 8, R(LINK));
		bind(g, bytes);
		mov(g, CXI(jc_iov, 3), R(TMP));
		movi(g, X86_R10, 0);
		bind(g, loop);
		shift(g, X86_SHL, 8, R(X86_R10), 8);
		fixload(g, bad);
		movx(g, X86_RDX, MX(ACC, TMP, 1, -1), 1, false);
		op2(g, X86_OR, 8, R(X86_R10), R(X86_RDX));
		op1(g, X86_DEC, 8, R(TMP));
		jcc(g, X86_CC_NE, loop);
		mov(g, CX(jc_buf), R(X86_R10));
		mov(g, R(ACC), CXI(jc_iov, 3));
		op1(g, X86_JMPI, 8, R(LINK));
		bind(g, bad);
		op1(g, X86_INC, X86_LOCK | 8, HDR(ih_faults));
		movi(g, ACC, 0);
		op1(g, X86_JMPI, 8, R(LINK));
	}
	bind(g, sys);
	mov(g, CXI(jc_iov, 2), R(ACC));
	mov(g, CXI(jc_iov, 3), R(TMP));
	mov(g, CXI(jc_iov, 1), R(TMP));
	lea(g, ACC, CXI(jc_iov, 4));
	mov(g, CXI(jc_iov, 0), R(ACC));
	for (i = 0; i < 4; i++)
		mov(g, CXI(jc_save, i), R(saved[i]));
	lea(g, X86_RSI, CXI(jc_iov, 0));
	lea(g, X86_R10, CXI(jc_iov, 2));
	movi(g, X86_RDX, 1);
	movi(g, X86_R8, 1);
	movi(g, X86_R9, 0);
	movi(g, X86_RDI, g->g_ip->ip_o.io_nspid);
	movi(g, ACC, 310);			/* process_vm_readv */
	syscall_made(g);
	lea(g, CTX, M(X86_RSI,
	    -(int32_t)offsetof(dsl_jctx_t, jc_iov)));
	mov(g, R(X86_R10), CXI(jc_iov, 4));
	mov(g, CX(jc_buf), R(X86_R10));
	for (i = 0; i < 4; i++)
		mov(g, R(saved[i]), CXI(jc_save, i));
	/*
	 * The way back points into our code: left on the stack, it would
	 * look like a live reference to the chunks at the end.
	 */
	op2i(g, X86_MOV, 8, CXI(jc_save, 3), 0);
	op1(g, X86_JMPI, 8, R(LINK));
}

/*
 * jc_cbuf = the thread's capture buffer, claimed if it has none, or 0.
 * Clobbers rax, rcx, rdx, r10; r8 stays 0 (no aggregation buffer yet:
 * capinit runs before every clause).
 */
static void
stub_cbuf(gen_t *g)
{
	const dsl_ip_t *ip = g->g_ip;
	uint32_t found = label(g);

	claim_buf(g, ip->ip_cbuf, ip->ip_ncbuf, ip->ip_cbuflog,
	    ip->ip_cbufsz, found);
	movi(g, BUF, 0);
	bind(g, found);
	mov(g, CX(jc_cbuf), R(BUF));
	movi(g, BUF, 0);
	op1(g, X86_JMPI, 8, R(LINK));
}

/*
 * Jump to sys unless the read at rax may be loads: the area says so
 * (dsl_ip_loads_off), fewer than IP_MAXFAULTS were fixed up, the
 * address is not below IP_LOWLOAD, nor where the main stack grows
 * (io_growlo..io_growhi: a load or the check there would grow it).
 * Spoils rdx.
 */
static void
loadable(gen_t *g, uint32_t sys)
{
	const dsl_ip_opts_t *o = &g->g_ip->ip_o;
	uint32_t out = label(g);

	op2i(g, X86_CMP, 8, HDR(ih_loads), 0);
	jcc(g, X86_CC_E, sys);
	op2i(g, X86_CMP, 8, HDR(ih_faults), IP_MAXFAULTS);
	jcc(g, X86_CC_AE, sys);
	op2i(g, X86_CMP, 8, R(ACC), IP_LOWLOAD);
	jcc(g, X86_CC_B, sys);
	if (o->io_growhi > o->io_growlo) {
		movi(g, X86_RDX, (int64_t)o->io_growlo);
		op2(g, X86_CMP, 8, R(ACC), R(X86_RDX));
		jcc(g, X86_CC_B, out);
		movi(g, X86_RDX, (int64_t)o->io_growhi);
		op2(g, X86_CMP, 8, R(ACC), R(X86_RDX));
		jcc(g, X86_CC_B, sys);
	}
	bind(g, out);
}

/*
 * caploads under DSL_MR_CHECK, before the load at rax + rdx: unless
 * that byte lies below r10 (the end of the pages asked about already),
 * the kernel is asked about its page (page_check), and r10 moves to
 * that page's end.  A page refused: to no, rdx the bytes before it,
 * which is what process_vm_readv reads of such a range.  Spoils r9.
 */
static void
capcheck(gen_t *g, uint32_t no, uint32_t other)
{
	uint32_t have = label(g);

	lea(g, X86_R9, MX(ACC, X86_RDX, 1, 0));
	op2(g, X86_CMP, 8, R(X86_R9), R(X86_R10));
	jcc(g, X86_CC_B, have);
	page_check(g, X86_R9, no, other);
	mov(g, R(X86_R10), R(X86_R9));
	op2i(g, X86_OR, 8, R(X86_R10), 4095);
	op2i(g, X86_ADD, 8, R(X86_R10), 1);
	bind(g, have);
}

/*
 * stub_capread's loads, while the area allows them (dsl_ip_loads_off;
 * else to vm, the system call): rcx bytes at rax to r8 = r10 + the
 * head, rdx the bytes copied, on to got with rax = the bytes read.  A
 * fault lands with rdx the bytes before it: what process_vm_readv
 * would have read (a page is readable or not as a whole).  Bytes: a
 * word where 8 are left within one page, else a byte.  A string
 * (jc_save[5]): byte by byte up to its NUL; read as the page of its NUL
 * to the end (or rcx), which is what process_vm_readv gets and what
 * pidtrace's copyinstr() reads, page by page, of it.  Spoils r8 r9.
 */
static void
caploads(gen_t *g, bool str, uint32_t got, uint32_t vm)
{
	uint32_t wl = label(g), byte = label(g), sl = label(g);
	uint32_t done = label(g), flt = label(g), other = label(g);
	bool check = g->g_ip->ip_o.io_memread == DSL_MR_CHECK;
	/* mov %r9b, (%r8,%rdx,1): the encoder stores words only */
	static const uint8_t st8[] = { 0x45, 0x88, 0x0c, 0x10 };

	loadable(g, vm);
	mov(g, CXI(jc_save, 4), R(X86_R10));
	lea(g, X86_R8, M(X86_R10, IP_CAPHDR));
	movi(g, X86_RDX, 0);
	/* r10: the end of the pages the kernel said it reads */
	if (check)
		mov(g, R(X86_R10), R(ACC));
	if (str) {
		op2i(g, X86_CMP, 8, CXI(jc_save, 5), 0);
		jcc(g, X86_CC_NE, sl);
	}
	bind(g, wl);
	op2(g, X86_CMP, 8, R(X86_RDX), R(TMP));
	jcc(g, X86_CC_AE, done);
	if (check)
		capcheck(g, done, other);
	mov(g, R(X86_R9), R(TMP));
	op2(g, X86_SUB, 8, R(X86_R9), R(X86_RDX));
	op2i(g, X86_CMP, 8, R(X86_R9), 8);
	jcc(g, X86_CC_B, byte);
	lea(g, X86_R9, MX(ACC, X86_RDX, 1, 0));
	op2i(g, X86_AND, 4, R(X86_R9), 4095);
	op2i(g, X86_CMP, 4, R(X86_R9), 4096 - 8);
	jcc(g, X86_CC_A, byte);
	fixload(g, flt);
	mov(g, R(X86_R9), MX(ACC, X86_RDX, 1, 0));
	mov(g, MX(X86_R8, X86_RDX, 1, 0), R(X86_R9));
	op2i(g, X86_ADD, 8, R(X86_RDX), 8);
	jmp(g, wl);
	bind(g, byte);
	fixload(g, flt);
	movx(g, X86_R9, MX(ACC, X86_RDX, 1, 0), 1, false);
	dsl_x86_bytes(&g->g_b, st8, sizeof(st8));
	op2i(g, X86_ADD, 8, R(X86_RDX), 1);
	jmp(g, wl);
	if (str) {
		bind(g, sl);
		op2(g, X86_CMP, 8, R(X86_RDX), R(TMP));
		jcc(g, X86_CC_AE, done);
		if (check)
			capcheck(g, done, other);
		fixload(g, flt);
		movx(g, X86_R9, MX(ACC, X86_RDX, 1, 0), 1, false);
		dsl_x86_bytes(&g->g_b, st8, sizeof(st8));
		op2i(g, X86_ADD, 8, R(X86_RDX), 1);
		op2(g, X86_TEST, 4, R(X86_R9), R(X86_R9));
		jcc(g, X86_CC_NE, sl);
		/* r9 = the end of the NUL's page, less the address */
		lea(g, X86_R9, MX(ACC, X86_RDX, 1, -1));
		op2i(g, X86_OR, 8, R(X86_R9), 4095);
		op2i(g, X86_ADD, 8, R(X86_R9), 1);
		op2(g, X86_SUB, 8, R(X86_R9), R(ACC));
		mov(g, R(X86_RDX), R(TMP));
		op2(g, X86_CMP, 8, R(X86_R9), R(TMP));
		jcc(g, X86_CC_AE, done);
		mov(g, R(X86_RDX), R(X86_R9));
	}
	jmp(g, done);
	if (check) {
		/* the kernel gave no answer: the system call reads */
		bind(g, other);
		mov(g, R(X86_R10), CXI(jc_save, 4));
		jmp(g, vm);
	}
	bind(g, flt);
	op1(g, X86_INC, X86_LOCK | 8, HDR(ih_faults));
	bind(g, done);
	mov(g, R(ACC), R(X86_RDX));
	jmp(g, got);
}

/*
 * Capture rcx bytes at address rax into the thread's buffer at jc_cpos:
 * a head (address, bytes asked, bytes got, bytes kept), then the bytes,
 * read by process_vm_readv as the member read's stub reads them, with
 * the remote range cut at its first page's end (a string that ends
 * before an unreadable page is read whole).  ST_CAPSTR, for a string:
 * the head says so (IP_CAPSTR) and the bytes kept end at the first NUL
 * (pidtrace reads a string no further: the rest of what was read is
 * zeros to it).  A read this firing made already (the same string, or
 * bytes inside what an earlier read got) makes no system call: its
 * bytes are there, and pidtrace finds them by address as well.  Bytes
 * inside the pages of the firing's frame (a reference to a caller's
 * local) are loaded, with no system call (inproc.h says why that is
 * safe); the words loaded may run past the bytes asked, never past the
 * room capread reserved for them.  Out:
 * rax the bytes read (0 when the process refused) or -1 when nothing
 * was captured, r10 the bytes.  More than the scratch size: a head
 * saying so (pidtrace refuses that read as the interpreter refuses one
 * past its scratch space).  Keeps rdi rsi r8 r9 r11.
 */
static void
stub_capread(gen_t *g, bool str)
{
	static const int saved[4] = { BASE, BUF, THR, LINK };
	uint32_t none = label(g), big = label(g), one = label(g);
	uint32_t pos = label(g), scan = label(g), adv = label(g);
	uint32_t look = label(g), next = label(g), fresh = label(g);
	uint32_t out = label(g), sstr = label(g), nul = label(g);
	uint32_t sys = label(g), cp = label(g), copied = label(g);
	uint32_t got = label(g), vm = label(g);
	int32_t ring = (int32_t)(g->g_ip->ip_cbufsz - 64);
	int i;

	if (str) {
		bind(g, g->g_stub[ST_CAPSTR]);
		op2i(g, X86_MOV, 8, CXI(jc_save, 5), 1);
		jmp(g, one);
		bind(g, g->g_stub[ST_CAPREAD]);
		op2i(g, X86_MOV, 8, CXI(jc_save, 5), 0);
		bind(g, one);
	} else {
		bind(g, g->g_stub[ST_CAPREAD]);
		op2i(g, X86_MOV, 8, CXI(jc_save, 5), 0);
	}
	mov(g, R(X86_RDX), CX(jc_cbuf));
	op2(g, X86_TEST, 8, R(X86_RDX), R(X86_RDX));
	jcc(g, X86_CC_E, none);
	for (i = 0; i < 4; i++)
		mov(g, CXI(jc_save, i), R(saved[i]));
	op2i(g, X86_CMP, 8, R(TMP), (int64_t)g->g_ip->ip_rt->rt_scrsize);
	jcc(g, X86_CC_A, big);

	/* this firing's reads so far: r8 its position, r9 its head */
	mov(g, R(BUF), CXI(jc_ev, 1));
	bind(g, look);
	op2(g, X86_CMP, 8, R(BUF), CX(jc_cpos));
	jcc(g, X86_CC_AE, fresh);
	mov(g, R(THR), R(BUF));
	op2i(g, X86_AND, 8, R(THR), ring - 1);
	lea(g, THR, MX(X86_RDX, THR, 1, 64));
	movx(g, X86_R10, M(THR, 8), 4, false);
	op2i(g, X86_CMP, 8, CXI(jc_save, 5), 0);
	jcc(g, X86_CC_NE, sstr);
	/* bytes: inside a read that got them all */
	op2i(g, X86_TEST, 4, R(X86_R10), (int32_t)IP_CAPSTR);
	jcc(g, X86_CC_NE, next);
	mov(g, R(X86_R10), R(ACC));
	op2(g, X86_SUB, 8, R(X86_R10), M(THR, 0));
	jcc(g, X86_CC_B, next);
	op2(g, X86_ADD, 8, R(X86_R10), R(TMP));
	jcc(g, X86_CC_B, next);
	movx(g, LINK, M(THR, 12), 4, false);
	op2(g, X86_CMP, 8, R(X86_R10), R(LINK));
	jcc(g, X86_CC_A, next);
	op2(g, X86_SUB, 8, R(X86_R10), R(TMP));
	lea(g, X86_R10, MX(THR, X86_R10, 1, IP_CAPHDR));
	mov(g, R(ACC), R(TMP));
	jmp(g, out);
	/* a string: the same string */
	bind(g, sstr);
	mov(g, R(LINK), R(TMP));
	op2i(g, X86_OR, 4, R(LINK), (int32_t)IP_CAPSTR);
	op2(g, X86_CMP, 8, R(X86_R10), R(LINK));
	jcc(g, X86_CC_NE, next);
	op2(g, X86_CMP, 8, R(ACC), M(THR, 0));
	jcc(g, X86_CC_NE, next);
	lea(g, X86_R10, M(THR, IP_CAPHDR));
	movx(g, ACC, M(THR, 12), 4, false);
	jmp(g, out);
	bind(g, next);
	movx(g, LINK, M(THR, 16), 4, false);
	op2i(g, X86_ADD, 8, R(LINK), IP_CAPHDR + 7);
	op2i(g, X86_AND, 8, R(LINK), -8);
	op2(g, X86_ADD, 8, R(BUF), R(LINK));
	jmp(g, look);

	/* a new read: its head at jc_cpos */
	bind(g, fresh);
	mov(g, R(X86_R10), CX(jc_cpos));
	op2i(g, X86_AND, 8, R(X86_R10), ring - 1);
	lea(g, X86_R10, MX(X86_RDX, X86_R10, 1, 64));
	mov(g, M(X86_R10, 0), R(ACC));
	op2(g, X86_MOV, 4, M(X86_R10, 8), R(TMP));
	op2i(g, X86_MOV, 8, M(X86_R10, 12), 0);	/* got, kept */
	/*
	 * Inside the pages of the firing's own frame (inproc.h), rounded
	 * up to words: loads, no system call.  rdx = the first page, r8 =
	 * the words' bytes, r9 = their end, then the frame's pages' end.
	 */
	frame_low(g, sys);
	lea(g, X86_R8, M(TMP, 7));
	op2i(g, X86_AND, 8, R(X86_R8), -8);
	mov(g, R(X86_R9), R(ACC));
	op2(g, X86_ADD, 8, R(X86_R9), R(X86_R8));
	jcc(g, X86_CC_B, sys);
	frame_high(g, X86_R9, sys);
	mov(g, CXI(jc_save, 4), R(X86_R10));
	movi(g, X86_RDX, 0);
	bind(g, cp);
	op2(g, X86_CMP, 8, R(X86_RDX), R(X86_R8));
	jcc(g, X86_CC_AE, copied);
	mov(g, R(X86_R9), MX(ACC, X86_RDX, 1, 0));
	mov(g, MX(X86_R10, X86_RDX, 1, IP_CAPHDR), R(X86_R9));
	op2i(g, X86_ADD, 8, R(X86_RDX), 8);
	jmp(g, cp);
	bind(g, copied);
	mov(g, R(ACC), R(TMP));
	jmp(g, got);
	bind(g, sys);
	if (g->g_ip->ip_o.io_memread != DSL_MR_SYSCALL)
		caploads(g, str, got, vm);
	bind(g, vm);
	/* the iovecs: local {r10 + head, rcx}, remote {rax, n}, {rax + n,
	 * rcx - n}, n = min(rcx, 4096 - rax % 4096) */
	lea(g, X86_RDX, M(X86_R10, IP_CAPHDR));
	mov(g, CXI(jc_iov, 0), R(X86_RDX));
	mov(g, CXI(jc_iov, 1), R(TMP));
	mov(g, CXI(jc_iov, 2), R(ACC));
	mov(g, R(X86_RDX), R(ACC));
	op2i(g, X86_AND, 8, R(X86_RDX), 4095);
	op1(g, X86_NEG, 8, R(X86_RDX));
	op2i(g, X86_ADD, 8, R(X86_RDX), 4096);
	op2(g, X86_CMP, 8, R(X86_RDX), R(TMP));
	jcc(g, X86_CC_BE, pos);
	mov(g, R(X86_RDX), R(TMP));
	bind(g, pos);
	mov(g, CXI(jc_iov, 3), R(X86_RDX));
	op2(g, X86_SUB, 8, R(TMP), R(X86_RDX));
	mov(g, CXI(jc_iov, 5), R(TMP));
	op2(g, X86_ADD, 8, R(X86_RDX), R(ACC));
	mov(g, CXI(jc_iov, 4), R(X86_RDX));
	mov(g, CXI(jc_save, 4), R(X86_R10));
	lea(g, X86_RSI, CXI(jc_iov, 0));
	lea(g, X86_R10, CXI(jc_iov, 2));
	movi(g, X86_RDX, 1);
	movi(g, X86_R8, 2);
	movi(g, X86_R9, 0);
	movi(g, X86_RDI, g->g_ip->ip_o.io_nspid);
	movi(g, ACC, 310);			/* process_vm_readv */
	syscall_made(g);
	lea(g, CTX, M(X86_RSI,
	    -(int32_t)offsetof(dsl_jctx_t, jc_iov)));
	/* the way back points into our code: not left on the stack */
	op2i(g, X86_MOV, 8, CX(jc_buf), 0);
	bind(g, got);
	mov(g, R(BASE), CXI(jc_save, 0));
	mov(g, R(X86_R10), CXI(jc_save, 4));
	op2i(g, X86_MOV, 8, CXI(jc_save, 4), 0);
	op2(g, X86_TEST, 8, R(ACC), R(ACC));
	jcc(g, X86_CC_NS, nul);
	movi(g, ACC, 0);
	bind(g, nul);
	op2(g, X86_MOV, 4, M(X86_R10, 12), R(ACC));
	/* rdx = the bytes kept: all asked, or a string's up to its NUL */
	movx(g, X86_RDX, M(X86_R10, 8), 4, false);
	if (str) {
		op2i(g, X86_CMP, 8, CXI(jc_save, 5), 0);
		jcc(g, X86_CC_E, adv);
		op2i(g, X86_OR, 4, M(X86_R10, 8), (int32_t)IP_CAPSTR);
		movi(g, X86_RDX, 0);
		bind(g, scan);
		op2(g, X86_CMP, 8, R(X86_RDX), R(ACC));
		jcc(g, X86_CC_AE, adv);
		movx(g, TMP, MX(X86_R10, X86_RDX, 1, IP_CAPHDR), 1, false);
		op2i(g, X86_ADD, 8, R(X86_RDX), 1);
		op2(g, X86_TEST, 4, R(TMP), R(TMP));
		jcc(g, X86_CC_NE, scan);
	}
	bind(g, adv);
	op2(g, X86_MOV, 4, M(X86_R10, 16), R(X86_RDX));
	/* the position moves past the head and the bytes kept */
	op2i(g, X86_ADD, 8, R(X86_RDX), IP_CAPHDR + 7);
	op2i(g, X86_AND, 8, R(X86_RDX), -8);
	op2(g, X86_ADD, 8, CX(jc_cpos), R(X86_RDX));
	op2i(g, X86_ADD, 8, R(X86_R10), IP_CAPHDR);
	bind(g, out);
	for (i = 1; i < 4; i++)
		mov(g, R(saved[i]), CXI(jc_save, i));
	/* the way back points into our code: not left on the stack */
	op2i(g, X86_MOV, 8, CXI(jc_save, 3), 0);
	op1(g, X86_JMPI, 8, R(LINK));

	bind(g, big);
	mov(g, R(X86_R10), CX(jc_cpos));
	op2i(g, X86_AND, 8, R(X86_R10), ring - 1);
	lea(g, X86_R10, MX(X86_RDX, X86_R10, 1, 64));
	mov(g, M(X86_R10, 0), R(ACC));
	op2i(g, X86_MOV, 4, M(X86_R10, 8), 0);
	op2i(g, X86_MOV, 4, M(X86_R10, 12), -1);
	op2i(g, X86_MOV, 4, M(X86_R10, 16), 0);
	op2i(g, X86_ADD, 8, CX(jc_cpos), IP_CAPHDR);
	movi(g, ACC, -1);
	movi(g, X86_R10, 0);
	jmp(g, out);
	bind(g, none);
	movi(g, ACC, -1);
	movi(g, X86_R10, 0);
	op1(g, X86_JMPI, 8, R(LINK));
}

static void
gen_init(gen_t *g, dsl_ip_t *ip, bool dry)
{
	int s;

	memset(g, 0, sizeof(*g));
	g->g_ip = ip;
	g->g_pg = ip->ip_pg;
	g->g_dry = dry;
	dsl_x86_init(&g->g_b);
	for (s = 0; s < ST_N; s++)
		g->g_stub[s] = label(g);
}

bool
dsl_jit_fits(dsl_ip_t *ip, uint32_t c, bool *canfault, char *why,
    size_t len)
{
	gen_t g;

	gen_init(&g, ip, true);
	g.g_fault = label(&g);
	clause(&g, 0, c);
	if (g.g_b.xb_err && !g.g_fail)
		nope(&g, "out of memory");
	if (canfault != NULL)
		*canfault = g.g_canfault;
	if (g.g_fail && why != NULL)
		snprintf(why, len, "%s", g.g_why);
	dsl_x86_fini(&g.g_b);
	return !g.g_fail;
}

bool
dsl_jit_capfits(dsl_ip_t *ip, uint32_t c, bool *reads, char *why,
    size_t len)
{
	gen_t g;

	gen_init(&g, ip, true);
	g.g_fault = label(&g);
	if (ip->ip_ncbuf == 0)
		nope(&g, "no capture buffers");
	else
		capclause(&g, 0, c);
	if (g.g_b.xb_err && !g.g_fail)
		nope(&g, "out of memory");
	if (!g.g_fail && g.g_capmax > (ip->ip_cbufsz - 64) / 4)
		nope(&g, "it captures more than %zu bytes a firing",
		    (ip->ip_cbufsz - 64) / 4);
	if (reads != NULL)
		*reads = g.g_reads;
	if (g.g_fail && why != NULL)
		snprintf(why, len, "%s", g.g_why);
	dsl_x86_fini(&g.g_b);
	return !g.g_fail;
}

int
dsl_jit_gen(dsl_ip_t *ip, const uint32_t *probes, size_t n,
    dsl_jit_code_t *out, char *err, size_t errlen)
{
	gen_t g;
	size_t i;

	memset(out, 0, sizeof(*out));
	if (ip->ip_area == NULL || !ip->ip_planned) {
		snprintf(err, errlen, "in-process code before the plan and "
		    "the area");
		return -1;
	}
	if ((out->ic_entry = calloc(n + 1, sizeof(uint32_t))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	gen_init(&g, ip, false);
	for (i = 0; i < n && !g.g_fail; i++) {
		if (probes[i] == 0 || probes[i] > ip->ip_nplan ||
		    !dsl_plan_code(ip, probes[i]))
			nope(&g, "probe %u has no in-process clause",
			    probes[i]);
		else
			probe(&g, probes[i], &out->ic_entry[i]);
	}
	if (g.g_used[ST_THRFIND]) {
		bind(&g, g.g_stub[ST_THRFIND]);
		stub_thr(&g, false);
	}
	if (g.g_used[ST_THRCLAIM]) {
		bind(&g, g.g_stub[ST_THRCLAIM]);
		stub_thr(&g, true);
	}
	if (g.g_used[ST_BUFGET]) {
		bind(&g, g.g_stub[ST_BUFGET]);
		stub_buf(&g);
	}
	if (g.g_used[ST_MEMREAD]) {
		bind(&g, g.g_stub[ST_MEMREAD]);
		stub_memread(&g);
	}
	if (g.g_used[ST_CAPBUF]) {
		bind(&g, g.g_stub[ST_CAPBUF]);
		stub_cbuf(&g);
	}
	if (g.g_used[ST_CAPREAD] || g.g_used[ST_CAPSTR])
		stub_capread(&g, g.g_used[ST_CAPSTR]);
	if (!g.g_fail && dsl_x86_finish(&g.g_b) != 0)
		nope(&g, "out of memory");
	if (g.g_fail) {
		snprintf(err, errlen, "%s", g.g_why);
		dsl_x86_fini(&g.g_b);
		free(g.g_fixv);
		dsl_jit_code_free(out);
		return -1;
	}
	if (g.g_nfix != 0) {
		out->ic_fix = g.g_fixv;
		out->ic_nfix = g.g_nfix;
		for (i = 0; i < g.g_nfix; i++)
			out->ic_fix[2 * i + 1] = (uint32_t)
			    g.g_b.xb_labels[out->ic_fix[2 * i + 1]];
		g.g_fixv = NULL;
	}
	out->ic_bytes = g.g_b.xb_code;
	out->ic_len = g.g_b.xb_len;
	g.g_b.xb_code = NULL;
	dsl_x86_fini(&g.g_b);
	return 0;
}

void
dsl_jit_code_free(dsl_jit_code_t *c)
{
	free(c->ic_bytes);
	free(c->ic_entry);
	free(c->ic_fix);
	memset(c, 0, sizeof(*c));
}
