/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd/dwtypes.h: args[] typed from DWARF.  The glue between
 * probes/dwarf.h's type graph of a function (what the pid provider
 * finds for a probe) and D's type table (dsl.h's dsl_type_*): neither
 * stage knows the other, so the mapping lives here.
 */
#ifndef PIDTRACE_CMD_DWTYPES_H
#define PIDTRACE_CMD_DWTYPES_H

#include <stddef.h>

#include "dsl/dsl.h"

/*
 * dsl_copts_t's co_argtypes for the processes grabbed (cookie unused):
 * resolves description pd with the pid provider, reads the DWARF of
 * every function it matches and maps their parameter types (entry) or
 * return type (return: args[0] the offset, args[1] the value; Go's
 * several results args[1], args[2]...) into tt, each at the argument
 * word its calling convention puts it in (probes/abi.h): a C++ class
 * passed by invisible reference is a pointer to it, a Go string or
 * slice or a string_view its pointer with the word of its length.
 * Types the program declared win (looked up by name first); another
 * struct, union or array passed by value in registers, or a
 * floating-point value, stays untyped; functions without DWARF do not
 * count.  The functions matched must agree on the types and words,
 * else -1 with a message in err.  Compile time only.
 */
int	dwtypes_argtypes(void *cookie, const struct dsl_pdesc *pd,
	    dsl_typetab_t *tt, dsl_argtype_t *out, size_t max, char *err,
	    size_t errlen);

#endif /* PIDTRACE_CMD_DWTYPES_H */
