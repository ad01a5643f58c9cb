/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cc.h: the compiler's working state, shared by lex.c, parse.c, check.c,
 * compile.c and diag.c.  The pipeline (dsl_compile in compile.c): for
 * each source, parse.c pulls tokens from lex.c and appends clauses,
 * descriptions and nodes to the growing program; then check.c types every
 * node, resolves names to slots and ids, and folds constants.  The first
 * error longjmps back to dsl_compile with one message.
 */
#ifndef DSL_CC_H
#define DSL_CC_H

#include <setjmp.h>

#include "dsl/prog.h"

/* Keywords (tk_ival of T_KEYWORD). */
enum {
	K_IF, K_ELSE, K_SIZEOF, K_SELF, K_THIS, K_CHAR, K_SHORT, K_INT,
	K_LONG, K_SIGNED, K_UNSIGNED, K_STRING, K_INT8, K_INT16, K_INT32,
	K_INT64, K_UINT8, K_UINT16, K_UINT32, K_UINT64, K_INTPTR, K_UINTPTR,
	K_SIZE_T, K_SSIZE_T, K_PID_T, K_UID_T,
	K_UCHAR_T, K_USHORT_T, K_UINT_T, K_ULONG_T, K_ULONGLONG_T, K_LONGLONG_T,
	K_IPADDR_T, K_VOID, K_STRUCT, K_UNION,
	K_ENUM, K_TYPEDEF, K_UINT, K_FLOAT, K_DOUBLE, K_BOOL, K_CONST,
	K_VOLATILE, K_RESTRICT, K_INLINE, K_OFFSETOF, K_EXTERN, K_STATIC,
	K_REGISTER, K_AUTO, K_XLATOR, K_XLATE, K_NKEYWORDS
};

/*
 * An inline: "inline type name = expr;" or, with parameters, "inline
 * type name[type x, ...] = expr;", or a translator's member ("translator
 * struct s < type x > { member = expr; };", used as xlate<struct s>(e).member).
 * Each use becomes a copy of its
 * expression (the parameters replaced by the use's keys), made the
 * inline's type; the expression itself is never checked in place.
 */
typedef struct dsl_inline {
	uint32_t	in_name;	/* strtab */
	int		in_kind, in_size;	/* DT_*, integer bytes */
	bool		in_sign;
	int32_t		in_ctype;	/* C type, 0 for a plain integer */
	int32_t		in_expr;	/* node */
	int		in_nparams;	/* -1: not an array */
	uint32_t	in_params[8];	/* strtab */
	int		in_line, in_col, in_src, in_file;
	/* a translator's member (in_name): its output struct or union,
	 * 0 for an inline; its input type (in_params[0] names it) */
	int32_t		in_xlout;
	int32_t		in_xlin;	/* C type, 0 for an integer or string */
	int		in_xlkind;	/* DT_INT or DT_STR */
} dsl_inline_t;

typedef struct dsl_cc {
	/* input */
	const dsl_src_t	*cc_srcs;
	size_t		cc_nsrcs;
	const dsl_copts_t *cc_copts;
	char		*cc_err;
	size_t		cc_errlen;
	jmp_buf		cc_jmp;
	bool		cc_errtags;
	bool		cc_argused[DSL_MAXMACROARGS];

	/* lexer */
	int		cc_src;		/* current source index */
	const char	*cc_p, *cc_end;
	int		cc_line;
	const char	*cc_linep;	/* start of the current line */
	int		cc_file;	/* the file a line marker named:
					 * cc_files[cc_file], 0 the source's
					 * own name */
	int		cc_tok;		/* current token */
	int64_t		cc_tival;
	bool		cc_tunsigned, cc_tlong;
	char		*cc_tstr;	/* T_STRING/T_IDENT/T_AGGNAME text */
	size_t		cc_tstrlen, cc_tstrcap;
	int		cc_tline, cc_tcol;
	int64_t		cc_pival;	/* dsl_lex_peek: the next token's value */
	char		cc_peektext[128];	/* and its text */
	char		*cc_pstr;	/* the current token's, kept meanwhile */
	size_t		cc_pstrlen, cc_pstrcap;
	char		*cc_dstr;	/* dsl_lex_pdesc's word */
	size_t		cc_dstrlen, cc_dstrcap;
	const char	*cc_dstart;	/* where that word starts */

	/* the files line markers named, each once; [0] is unused.  A
	 * node keeps an index (dn_file), so an error the checker finds
	 * cites the file the node was read from. */
	char		**cc_files;
	uint32_t	cc_nfiles, cc_filecap;

	/* the program being built (its arrays grow) */
	dsl_prog_t	*cc_pg;
	uint32_t	cc_nodecap, cc_strcap, cc_clausecap, cc_desccap;
	uint32_t	cc_varcap, cc_aggcap, cc_optcap;

	/* inlines, in the order they are defined */
	dsl_inline_t	*cc_inlines;
	uint32_t	cc_ninlines, cc_inlinecap;

	/* checker: variables given a value so far, in program order
	 * (declared, or assigned in an earlier statement), by index */
	uint8_t		*cc_vardef;
	uint32_t	cc_vardefcap;
} dsl_cc_t;

/* lex.c */
void	dsl_lex_init(dsl_cc_t *, int src);
int	dsl_lex_next(dsl_cc_t *);	/* advance; returns cc_tok */
int	dsl_lex_peek(dsl_cc_t *);	/* the token after the current one */
/* Read a probe description word (raw text up to blank , { / ;), with
 * macros substituted, into cc_tstr; false at end of input. */
bool	dsl_lex_pdesc(dsl_cc_t *);
const char *dsl_lex_tokname(dsl_cc_t *, int tok);
extern const char *const dsl_lex_keywords[K_NKEYWORDS];

/* parse.c */
void	dsl_parse(dsl_cc_t *);	/* the whole source cc_src */
int32_t	dsl_parse_node(dsl_cc_t *, int op, int line, int col);
uint32_t dsl_parse_str(dsl_cc_t *, const char *s, size_t len);

/* check.c: check the parsed program (after every source is parsed). */
void	dsl_check(dsl_cc_t *);
/* A declaration ("self int x;", "string a[int];"): the variable gets
 * its type before any use.  nkeys < 0: not an array. */
void	dsl_check_declare(dsl_cc_t *, int scope, const char *name, int type,
	    int size, bool sign, int32_t ctype, int nkeys,
	    const uint8_t *ktype, const uint8_t *ksize, int line, int col);

/* An inline's name may not be a built-in variable, a function or a
 * variable declared: D_DECL_IDRED. */
void	dsl_check_inline_name(dsl_cc_t *, const char *name, int line,
	    int col);

/* compile.c */
/* Apply a "#pragma D option" or -x string "name[=value]". */
void	dsl_compile_option(dsl_cc_t *, const char *opt, int line, int col);
/* struct in_addr or in6_addr (tag), made the first time a program names
 * it; 0 for any other tag. */
int32_t	dsl_compile_builtin(dsl_cc_t *, const char *tag);
/* Grow arr (of *cap elements) to hold need, zeroing the new ones; an
 * error ("program too large", "out of memory") ends the compile. */
void	*dsl_compile_grow(dsl_cc_t *, void *arr, uint32_t *cap,
	    uint32_t need, size_t elsize);

/* diag.c: report an error at a place, or at a node, and longjmp.  The
 * place is in source cc_src, file cc_file (where the lexer is while
 * parsing; set both to a node's or a definition's after). */
void	dsl_diag_error(dsl_cc_t *, int line, int col, const char *tag,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6),
	    noreturn));
void	dsl_diag_nerror(dsl_cc_t *, int32_t node, const char *tag,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5),
	    noreturn));
/* The closest of names[0..n-1] to name (edit distance <= 2), or NULL. */
const char *dsl_diag_suggest(const char *name, const char *const *names,
	    size_t n);

#define CC_NODE(cc, i)	(&(cc)->cc_pg->pg_nodes[(i)])

#endif /* DSL_CC_H */
