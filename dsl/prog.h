/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * prog.h: the compiled form of a D program, shared by the compiler
 * (lex.c, parse.c, check.c, compile.c) and the runtime (prog.c, eval.c,
 * var.c, agg.c, ...).
 *
 * Everything is in flat arrays addressed by index: nodes refer to their
 * children by number, names are offsets into one string table.  The
 * checker resolves every name to a slot or an id, so the firing path never
 * looks a name up.
 */
#ifndef DSL_PROG_H
#define DSL_PROG_H

#include "dsl/dsl.h"

#define DSL_STRSIZE	256	/* default strsize: bytes of a string value */
#define DSL_NONE	(-1)

/* Tokens (lex.c); operator nodes keep theirs in dn_aux, so the runtime
 * knows them too.  Single characters stand for themselves. */
enum {
	T_EOF = 0,
	T_INT = 256, T_STRING, T_IDENT, T_AGGNAME, T_KEYWORD,
	T_EQ, T_NE, T_LE, T_GE, T_SHL, T_SHR, T_LAND, T_LOR, T_LXOR,
	T_INC, T_DEC, T_ARROW,
	T_ADDEQ, T_SUBEQ, T_MULEQ, T_DIVEQ, T_MODEQ, T_ANDEQ, T_OREQ,
	T_XOREQ, T_SHLEQ, T_SHREQ,
};

/* Value types: integers (with size and sign) and strings.  DT_REF is
 * only a key's type: a struct or union, its bytes the key. */
enum { DT_VOID, DT_INT, DT_STR, DT_REF };

/* Node operators. */
enum {
	N_INT = 1,	/* dn_ival */
	N_STR,		/* dn_ival: string table offset */
	N_IDENT,	/* parse only: dn_ival name; resolved by check.c */
	N_GVAR,		/* global scalar: dn_ival slot */
	N_TVAR,		/* this->: slot */
	N_SVAR,		/* self->: slot */
	N_ARR,		/* associative array: dn_ival array id, dn_a keys */
	N_BUILTIN,	/* dn_ival: B_* */
	N_ARG,		/* argN: dn_ival N; dn_aux, if not 0, is 1 + the
			 * word holding the length of the counted string
			 * it points to (dsl_argtype_t's at_lenword) */
	N_BINOP,	/* dn_aux: the operator token; dn_a, dn_b */
	N_LAND, N_LOR, N_LXOR,
	N_UNOP,		/* dn_aux: '-', '!', '~', '+' */
	N_COND,		/* dn_a ? dn_b : dn_c */
	N_ASSIGN,	/* dn_a lvalue, dn_b value, dn_aux '=' or T_ADDEQ... */
	N_INCDEC,	/* dn_a lvalue, dn_aux T_INC/T_DEC, dn_ival 1: x++ */
	N_CAST,		/* dn_a */
	N_CALL,		/* dn_ival: F_* subroutine/action, dn_a args */
	N_AGG,		/* dn_ival agg id, dn_a keys, dn_b function args */
	N_AGGREF,	/* @name used as an argument (printa, clear...) */
	N_SIZEOF,	/* folded by check.c */
	N_THISREF, N_SELFREF,	/* parse only: this->name / self->name */
	N_STRCMP,	/* string comparison: dn_aux op */
	N_MEMBER,	/* dn_a: a struct's address (s.m, p->m); dn_ival
			 * the member's offset; dn_aux '.' or T_ARROW */
	N_DEREF,	/* *dn_a */
	N_INDEX,	/* dn_a[dn_b]: pointer or array */
	N_ADDROF,	/* &dn_a (a member, deref or index) */
	N_UREG,		/* uregs[dn_ival]: a register, DTrace's R_* */
	N_XLATE,	/* xlate<type>(dn_a), type in dn_ival: check.c makes
			 * xlate<type>(x).m the translator's m for x */
	/* statements */
	S_EXPR,		/* dn_a */
	S_IF,		/* dn_a cond, dn_b then, dn_c else */
	S_BLOCK,	/* dn_a first statement */
};

/* Flags in dn_aux of N_MEMBER, N_DEREF, N_INDEX: the value is kept by
 * address (a struct, union or array), or is a char array read as a
 * string. */
#define AUX_BYADDR	0x4000
#define AUX_CHARS	0x2000
#define AUX_DONE	0x1000	/* N_MEMBER: dn_ival is the offset now */
/* A variable's own storage (a struct, union or array it holds by
 * value), or a member or element of one: its address is in the
 * runtime's memory, read and written directly (dtrace-utils' DPTR) */
#define AUX_LOCAL	0x0800
#define AUX_OP		0x07ff

/* Built-in variables. */
enum {
	B_TIMESTAMP, B_VTIMESTAMP, B_WALLTIMESTAMP, B_PID, B_PPID, B_TID,
	B_UID, B_GID, B_EXECNAME, B_PROBEPROV, B_PROBEMOD, B_PROBEFUNC,
	B_PROBENAME, B_CPU, B_EPID, B_ID, B_ERRNO, B_UCALLER, B_USTACKDEPTH,
	B_NBUILTIN
};

/* uregs[] indexes run from 0 to DSL_NUREGS - 1 (R_TRAPNO, regs.d). */
#define DSL_NUREGS	26

/* Functions: subroutines, actions, aggregating functions. */
enum {
	F_STRLEN, F_STRJOIN, F_SUBSTR, F_INDEX, F_RINDEX, F_STRSTR,
	F_STRCHR, F_STRRCHR, F_STRTOK, F_BASENAME, F_DIRNAME, F_LLTOSTR,
	F_TOUPPER, F_TOLOWER, F_RAND, F_COPYINSTR, F_COPYIN, F_STRINGOF,
	F_PROGENYOF, F_ALLOCA, F_BCOPY, F_SPECULATION,
	F_HTONS, F_HTONL, F_HTONLL, F_NTOHS, F_NTOHL, F_NTOHLL,
	F_INET_NTOA, F_INET_NTOA6, F_INET_NTOP, F_LINK_NTOP, F_CLEANPATH,
	F_USTACK, F_JSTACK, F_STACK, F_UFUNC, F_UMOD, F_USYM, F_UADDR,
	/* actions: record data (a clause with one prints its probe line) */
	F_PRINT,	/* print(): what a pointer points at, typed (typeprint.c) */
	F_PRINTF, F_PRINTA, F_TRACE, F_EXIT, F_CLEAR, F_TRUNC, F_NORMALIZE,
	F_DENORMALIZE,
	F_SPECULATE, F_COMMIT, F_DISCARD,
	/* destructive: refused without -w (DTRACEACT_ISDESTRUCTIVE) */
	F_STOP, F_RAISE, F_SYSTEM, F_FREOPEN, F_PANIC, F_CHILL,
	F_BREAKPOINT, F_COPYOUT, F_COPYOUTSTR,
	F_SETOPT,
	/* aggregating functions */
	F_COUNT, F_SUM, F_AVG, F_MIN, F_MAX, F_STDDEV, F_QUANTIZE,
	F_LQUANTIZE, F_LLQUANTIZE,
	F_NFUNCS
};
#define F_ISACTION(f)	((f) >= F_PRINT && (f) <= F_SETOPT)
#define F_ISAGG(f)	((f) >= F_COUNT)
#define F_ISDESTRUCT(f)	((f) >= F_STOP && (f) <= F_COPYOUTSTR)
/* ustack(); jstack(); and stack(); as statements record the stack (print
 * it) */
#define F_ISSTACK(f)	((f) == F_USTACK || (f) == F_JSTACK || (f) == F_STACK)

/*
 * C types: one flat table per program (dsl_typetab_t, dsl.h), entries
 * 1-based so that 0 means "no C type" in nodes and variables.  Names are
 * offsets into the table's own string table.  A struct's members are
 * tt_mems[ty_mem0 .. ty_mem0 + ty_nmem - 1]; an enum's enumerators too
 * (me_off is the value).  Typedefs are entries of their own that name
 * another (dsl_type_resolve() looks through them).
 */
enum { TY_VOID = 1, TY_INT, TY_PTR, TY_ARRAY, TY_STRUCT, TY_UNION,
	TY_ENUM, TY_TYPEDEF, TY_FLOAT, TY_STRING };

typedef struct dsl_ctype {
	uint8_t		ty_kind;	/* TY_* */
	uint8_t		ty_signed;	/* TY_INT */
	uint8_t		ty_complete;	/* struct/union: members known */
	uint32_t	ty_name;	/* tt_str: "int", struct tag... */
	uint64_t	ty_size;	/* bytes */
	uint32_t	ty_align;
	int32_t		ty_ref;		/* PTR, ARRAY: element; TYPEDEF */
	uint32_t	ty_nelem;	/* ARRAY */
	uint32_t	ty_mem0, ty_nmem;	/* STRUCT, UNION, ENUM */
} dsl_ctype_t;

typedef struct dsl_cmember {
	uint32_t	me_name;	/* tt_str */
	int32_t		me_type;	/* enum: 0 */
	uint32_t	me_bits;	/* a bit-field's width, its low bits
					 * at me_off; 0: not one */
	int64_t		me_off;		/* byte offset; enum: the value */
} dsl_cmember_t;

struct dsl_typetab {
	dsl_ctype_t	*tt_types;	/* [0] unused */
	uint32_t	tt_ntypes, tt_tcap;
	dsl_cmember_t	*tt_mems;
	uint32_t	tt_nmems, tt_mcap;
	char		*tt_str;
	uint32_t	tt_strlen, tt_strcap;
};

typedef struct dsl_node {
	uint8_t		dn_op;		/* N_* or S_* */
	uint8_t		dn_type;	/* DT_* */
	uint8_t		dn_size;	/* integer bytes: 1 2 4 8 */
	uint8_t		dn_signed;
	uint16_t	dn_aux;
	uint16_t	dn_act;		/* statement: action number (1-based) */
	int32_t		dn_a, dn_b, dn_c;
	int32_t		dn_next;	/* next in a list (args, statements) */
	int32_t		dn_line, dn_col;
	int32_t		dn_src;		/* source text index */
	int32_t		dn_file;	/* the file a line marker named in
					 * it (the compiler's table), 0 the
					 * source itself */
	int32_t		dn_ctype;	/* C type (pg_tt), 0 = none */
	int32_t		dn_ctdecl;	/* C type as declared, typedefs
					 * and integers too (print()) */
	uint32_t	dn_flags;	/* DN_* */
	int64_t		dn_ival;
} dsl_node_t;

/*
 * dn_flags.  DN_ALLOCA: the value is a pointer into alloca()'s memory,
 * kept as Oracle's dtrace keeps one, an offset into that memory (8 for
 * the first allocation, 0 NULL), which each access checks against what
 * the clause allocated; the checker follows it through casts, pointer
 * arithmetic, ?: and variables (dtrace-utils' DT_NF_ALLOCA).
 * DN_NONASSIGN: a ?: of an alloca pointer and another, which no
 * variable may take.
 */
#define DN_ALLOCA	0x1
#define DN_NONASSIGN	0x2
/* A bit-field member (N_MEMBER): its width, in bits 8-15 of dn_flags;
 * its value is the low bits of the dn_size bytes at its offset. */
#define DN_BITS(nd)	(((nd)->dn_flags >> 8) & 0xff)
#define DN_SETBITS(nd, w)	((nd)->dn_flags = ((nd)->dn_flags & \
	    ~(uint32_t)0xff00) | ((uint32_t)(w) & 0xff) << 8)

enum { V_GLOBAL, V_THIS, V_SELF, V_ARRAY };
#define VA_ALLOCA	0x1
#define VA_NONALLOCA	0x2

typedef struct dsl_var {
	uint32_t	va_name;	/* strtab */
	uint8_t		va_scope;	/* V_* */
	uint8_t		va_type;	/* DT_VOID until assigned */
	uint8_t		va_size;
	uint8_t		va_signed;
	uint32_t	va_slot;	/* int slot or string buffer index */
	int		va_nkeys;	/* arrays: -1 until first use */
	uint8_t		va_ktype[8];	/* arrays: key types */
	uint8_t		va_ksize[8];
	int32_t		va_kctype[8];	/* a DT_REF key's C type */
	int32_t		va_ctype;	/* C type (pg_tt), 0 = none */
	uint8_t		va_alloca;	/* VA_ALLOCA, VA_NONALLOCA: what
					 * pointers it was given */
	uint32_t	va_bytes;	/* a struct, union or array held by
					 * value: its size, and va_slot is
					 * its offset in the scope's memory
					 * (an array's: each element's) */
	uint8_t		va_self;	/* V_ARRAY: self->x[k], keyed
					 * by the thread's id first */
} dsl_var_t;

typedef struct dsl_agg {
	uint32_t	ag_name;	/* strtab; "" for @ */
	int		ag_func;	/* F_COUNT...; -1 until first use */
	int		ag_nkeys;	/* -1 until first use */
	uint8_t		ag_ktype[8];
	uint8_t		ag_ksize[8];
	int64_t		ag_p[4];	/* lquantize base, limit, step;
					 * llquantize factor, low, high,
					 * nsteps */
	uint32_t	ag_ndata;	/* int64 words of data per entry */
	int32_t		ag_line, ag_col, ag_src, ag_file;
} dsl_agg_t;

typedef struct dsl_clause {
	uint32_t	cl_desc0;	/* first description */
	uint32_t	cl_ndescs;
	int32_t		cl_pred;	/* node or DSL_NONE */
	int32_t		cl_body;	/* first statement or DSL_NONE */
	bool		cl_traces;	/* records data: has a probe line */
	bool		cl_destruct;	/* has a destructive action */
	bool		cl_stack;	/* walks the user stack (ustack,
					 * ucaller): its probes need a
					 * stopped thread */
	/* args[] as the host typed them (co_argtypes), asked at the
	 * first args[] of the clause */
	bool		cl_argdone;
	uint8_t		cl_nargt;
	int32_t		cl_argt[DSL_NARGS];	/* pg_tt; 0 untyped */
	uint32_t	cl_argname[DSL_NARGS];	/* strtab; 0 none */
	uint16_t	cl_argword[DSL_NARGS];	/* at_word */
	uint16_t	cl_arglen[DSL_NARGS];	/* at_lenword */
} dsl_clause_t;

enum { O_QUIET, O_AGGSORTKEY, O_AGGSORTREV, O_AGGSORTKEYPOS, O_AGGSORTPOS,
	O_STRSIZE, O_ERRTAGS, O_DEFAULTARGS, O_NSPEC, O_DESTRUCTIVE,
	O_RAWBYTES, O_STACKINDENT, O_AGGZOOM, O_DROPTAGS, O_DYNVARSIZE,
	O_AGGSIZE, O_SPECSIZE, O_SCRATCHSIZE, O_PRINTSIZE, O_PSPEC,
	O_NOPTS };

typedef struct dsl_optval {
	uint32_t	ov_name;	/* strtab */
	uint32_t	ov_value;	/* strtab */
} dsl_optval_t;

struct dsl_prog {
	dsl_node_t	*pg_nodes;
	uint32_t	pg_nnodes;
	char		*pg_strtab;
	uint32_t	pg_strlen;
	dsl_clause_t	*pg_clauses;
	uint32_t	pg_nclauses;
	dsl_pdesc_t	*pg_descs;
	uint32_t	*pg_desc_clause;	/* description -> clause */
	uint32_t	pg_ndescs;
	dsl_var_t	*pg_vars;
	uint32_t	pg_nvars;
	dsl_agg_t	*pg_aggs;
	uint32_t	pg_naggs;
	uint32_t	pg_nglobal_int, pg_nglobal_str;	/* slots */
	uint32_t	pg_nthis_int, pg_nthis_str;
	uint32_t	pg_nself_int, pg_nself_str;
	/* bytes of the variables held by value, by scope, and the largest
	 * one (of any scope, array elements too) */
	uint32_t	pg_nglobal_mem, pg_nthis_mem, pg_nself_mem;
	uint32_t	pg_maxbytes;
	int64_t		pg_opts[O_NOPTS];	/* -1 = unset */
	dsl_optval_t	*pg_optvals;		/* every option, as given */
	uint32_t	pg_noptvals;
	uint32_t	pg_strsize;
	dsl_typetab_t	pg_tt;		/* C types: the host's, then the
					 * program's declarations */
};

static inline const char *
dsl_prog_str(const dsl_prog_t *pg, uint32_t off)
{
	return pg->pg_strtab + off;
}

/* type.c: the type a typedef names (itself otherwise); size and
 * whether it is kept by address (struct, union, array).  The other
 * type.c functions, which build tables, are the host's (dsl.h). */
const dsl_ctype_t *dsl_type_resolve(const dsl_typetab_t *, int32_t t,
		    int32_t *out);
const char	*dsl_type_str(const dsl_typetab_t *, uint32_t off);
/* "struct slice *", "int", for messages, in buf. */
const char	*dsl_type_name(const dsl_typetab_t *, int32_t t, char *buf,
		    size_t len);
int		dsl_type_tab_copy(dsl_typetab_t *dst,
		    const dsl_typetab_t *src);
void		dsl_type_tab_fini(dsl_typetab_t *);
int32_t		dsl_type_find(const dsl_typetab_t *, int kind,
		    const char *name);
/* D's string as a C type, of size bytes (strsize): a member of a
 * struct D declares, what a string * points at. */
int32_t		dsl_type_string(dsl_typetab_t *, size_t size);
/*
 * A user stack value (ustack(), jstack()) is a string: DSL_STACKMARK,
 * the pid in decimal, "/" and the string space in decimal when it has
 * some (ustack's strsize; jstack's -x jstackstrsize), then each frame's
 * pc in hex, each after a blank.  Without string space JIT frames are
 * named in full; with it, within it (print.c's stack_head).
 * It hashes, compares and keys aggregations as any string; the printers
 * (trace, aggregation keys, printa's %k, the folded and SVG outputs) see
 * the mark and name the frames through dh_pcsym when they print, as
 * dtrace names a stack's pcs in its consumer.  DSL_STACKSIZE is the
 * string size of a program that makes stacks: room for 200 frames.
 */
#define DSL_STACKMARK	'\001'
#define DSL_STACKSIZE	4096
#define DSL_STACKMAX	((DSL_STACKSIZE - 16) / 17)

/*
 * alloca()'s memory, scratchsize bytes (Oracle's dtrace: 256 by default)
 * after 8 that no allocation uses, so that the first one is never at
 * offset 0 (dtrace-utils' alloca pointers are offsets; 0 is NULL).  The
 * option rounds up to 8 bytes, as dt_opt_scratchsize does.
 */
static inline uint64_t
dsl_prog_scratchsize(const dsl_prog_t *pg)
{
	int64_t v = pg->pg_opts[O_SCRATCHSIZE];

	if (v < 0)
		v = 256;
	return ((uint64_t)v + 8 + 7) & ~(uint64_t)7;
}
/* The most aggregations one printa() joins. */
#define DSL_PRINTA_MAX	64

/*
 * prog.c: the options (-x, #pragma D option, setopt()).  Parse value val
 * ("" when none is given) of option name into *v.  Returns the O_* it
 * sets; DSL_OPT_HOST for one the host reads as a string (bufsize,
 * oformat...) or whose effect pidtrace always has (switchrate: output
 * goes out as it is made); DSL_OPT_BADNAME; DSL_OPT_BADVAL; or
 * DSL_OPT_REFUSED, an option of dtrace's that means nothing for a user
 * process, with *why saying why.  *dynamic: setopt() may change it while
 * tracing.
 */
#define DSL_OPT_HOST	(-1)
#define DSL_OPT_BADNAME	(-2)
#define DSL_OPT_BADVAL	(-3)
#define DSL_OPT_REFUSED	(-4)
int		dsl_prog_optparse(const char *name, const char *val,
		    int64_t *v, const char **why, bool *dynamic);

/* prog.c: the name of function F_*, for messages. */
const char	*dsl_prog_funcname(int f);

/* agg.c: how many bins llquantize(factor, low, high, nsteps) has
 * (dtrace-utils' layout): the compiler sizes an aggregation with it. */
int		dsl_agg_llq_nbins(int64_t factor, int64_t low, int64_t high,
		    int64_t nsteps);

#endif /* DSL_PROG_H */
