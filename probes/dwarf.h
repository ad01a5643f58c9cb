/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * dwarf: a function's parameters and return type from DWARF, through
 * libdw, as a self-contained type description: a small graph of types
 * (struct members with offsets, pointers, typedefs, enums, arrays) that
 * a consumer (D's type table, print()) can rebuild without libdw, and
 * names for them spelled as gdb spells C and C++ types ("const char *",
 * "struct point *" in C, "const std::string &", "leveldb::Slice" in
 * C++).
 *
 * Lazy by design: nothing here runs unless someone asks for a function's
 * types (pidtrace -l -v, or a clause that uses args[]); a pb_dwarf_t
 * reads a compile unit's DIEs the first time a function in it is asked
 * for, and keeps what it learnt until pb_dwarf_close().
 *
 * Not the firing path: allocates, reads files.  One thread.
 */
#ifndef PB_DWARF_H
#define PB_DWARF_H

#include <stddef.h>
#include <stdint.h>

typedef struct pb_dwarf pb_dwarf_t;

typedef enum pb_dwkind {
	PB_DW_BASE = 1,		/* int, char, double, bool: ty_enc */
	PB_DW_POINTER,		/* to ty_ref (-1: void *) */
	PB_DW_REF,		/* C++ lvalue reference (a pointer to D) */
	PB_DW_RVREF,		/* C++ rvalue reference */
	PB_DW_CONST,		/* qualifiers of ty_ref (-1: void) */
	PB_DW_VOLATILE,
	PB_DW_TYPEDEF,		/* ty_name for ty_ref */
	PB_DW_STRUCT,		/* struct and class: ty_members */
	PB_DW_UNION,
	PB_DW_ENUM,		/* ty_members: enumerators, mb_value */
	PB_DW_ARRAY,		/* ty_count elements of ty_ref */
	PB_DW_FUNC,		/* returns ty_ref; ty_members: parameter
				 * types (mb_name NULL) */
	PB_DW_UNKNOWN		/* a kind not described (pointer to
				 * member...): ty_name only */
} pb_dwkind_t;

/* A struct or union member, an enumerator, or a function parameter. */
typedef struct pb_dwmember {
	char *mb_name;		/* NULL: anonymous, a base class, or a
				 * parameter type */
	int32_t mb_type;	/* index in df_types; -1 for enumerators */
	uint64_t mb_off;	/* byte offset in the struct */
	uint32_t mb_bitsize;	/* bit-field width, else 0 */
	uint32_t mb_bitoff;	/* bit offset from mb_off * 8 (DWARF 4+
				 * data_bit_offset), if mb_bitsize */
	int64_t mb_value;	/* enumerators */
} pb_dwmember_t;

typedef struct pb_dwtype {
	pb_dwkind_t ty_kind;
	char *ty_name;		/* base, typedef, struct, union, enum: the
				 * name, qualified in C++ ("std::string");
				 * NULL if anonymous or for modifiers */
	uint64_t ty_size;	/* bytes; 0 if unknown or incomplete */
	int32_t ty_ref;		/* the type modified, pointed to, named,
				 * or of elements; -1: void */
	uint8_t ty_enc;		/* PB_DW_BASE: DWARF's DW_ATE_* */
	uint8_t ty_incomplete;	/* struct/union/enum declared only (or
				 * past the type limit): no members */
	uint64_t ty_count;	/* PB_DW_ARRAY: elements (0: unknown) */
	pb_dwmember_t *ty_members;
	size_t ty_nmembers;
	uint8_t ty_gokind;	/* Go's DW_AT_go_kind (reflect.Kind: 24
				 * string, 23 slice, 20 interface...); 0 */
	uint8_t ty_byref;	/* PB_DW_STRUCT, C++: non-trivial for the
				 * purposes of calls (Itanium C++ ABI): a
				 * value of it is passed and returned by
				 * invisible reference */
} pb_dwtype_t;

typedef struct pb_dwparam {
	char *pa_name;		/* "name", "this"; NULL: DWARF has none */
	int32_t pa_type;	/* index in df_types */
	uint8_t pa_out;		/* Go: a result ("~r0"), which Go's DWARF
				 * lists among the parameters, marked
				 * DW_AT_variable_parameter */
} pb_dwparam_t;

/* One function: everything it refers to is owned by it. */
typedef struct pb_dwfunc {
	char *df_name;		/* DW_AT_name ("Put", "dw_rec") */
	int df_cxx;		/* its compile unit is C++ (names are
				 * spelled the C++ way) */
	int df_lang;		/* its unit's DW_AT_language (DW_LANG_Go) */
	int df_regabi;		/* Go: its producer says "regabi" (Go 1.17
				 * on: arguments in registers) */
	int32_t df_ret;		/* return type; -1: void */
	pb_dwparam_t *df_params;	/* in order; "this" first */
	size_t df_nparams;
	pb_dwtype_t *df_types;
	size_t df_ntypes;
} pb_dwfunc_t;

/*
 * Read the DWARF of the ELF file at path (an object, or its separate
 * debug file).  NULL when it cannot be opened or has no DWARF, with a
 * line in err ("no DWARF"); the caller then keeps untyped arguments.
 */
pb_dwarf_t *
pb_dwarf_open(const char *path, char *err, size_t errlen);

void
pb_dwarf_close(pb_dwarf_t *dw);

/*
 * The function whose code starts at link-time address addr (its symbol's
 * st_value).  Returns 1 and fills *out (free with pb_dwfunc_free), 0
 * when no DWARF subprogram starts there (an assembler function, a
 * compile unit without -g), -1 with errno ENOMEM.
 */
int
pb_dwarf_func(pb_dwarf_t *dw, uint64_t addr, pb_dwfunc_t *out);

void
pb_dwfunc_free(pb_dwfunc_t *f);

/*
 * The copies of the function starting at link-time address addr that
 * the compiler inlined into other functions: the DW_TAG_inlined_
 * subroutine entries whose abstract origin is the one the function's
 * own DIE names, each where it starts (DW_AT_entry_pc, else low_pc,
 * else its lowest range), link-time, ascending, in a malloc'ed *pcs
 * (the caller frees it).  Every unit is walked once, on the first
 * call, for all functions.  Returns their number: 0 when there are none
 * or the function has no DWARF; -1 with errno ENOMEM.
 */
long
pb_dwarf_inlined(pb_dwarf_t *dw, uint64_t addr, uint64_t **pcs);

/*
 * The name of type ty (-1: void) of f, as gdb prints it: "const char *",
 * "int (*)(const void *, const void *)", "unsigned char [16]".  Writes
 * into buf (truncated to len) and returns buf.
 */
const char *
pb_dwtype_name(const pb_dwfunc_t *f, int32_t ty, char *buf, size_t len);

#endif /* PB_DWARF_H */
