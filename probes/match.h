/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * match: a probe description's function glob, compiled once and matched
 * against a whole symbol table cheaply.
 *
 * dm_match() demangles every mangled name the glob does not match in its
 * mangled form; over node's ~110k .symtab names that is most of a
 * second.  But an identifier of the demangled form appears verbatim in
 * the mangled one (Itanium ABI <source-name> is <length><identifier>),
 * so the runs of identifier characters in the glob ("DBImpl" and "Put"
 * in *DBImpl*Put*) must all occur in a mangled name before it can match
 * either way.  Runs that the demangler may print without them being in
 * the mangled bytes do not count: builtin types (i -> int), std::
 * abbreviations (Ss -> std::string), operator and special names
 * ("non-virtual thunk to"), lambda numbers, and any run that is a
 * substring of one of those ("ing" of "string").
 */
#ifndef PB_MATCH_H
#define PB_MATCH_H

#include <stdbool.h>

typedef struct pb_glob {
	char *gl_text;		/* the glob; owned */
	bool gl_all;		/* empty or "*": matches everything */
	bool gl_literal;	/* no metacharacter */
	char **gl_words;	/* runs every mangled match must contain */
	int gl_nwords;
} pb_glob_t;

/* Compile glob (NULL = ""); returns 0, or -1 with errno ENOMEM. */
int
pb_glob_init(pb_glob_t *g, const char *glob);

void
pb_glob_fini(pb_glob_t *g);

/*
 * Whether the glob matches name or its demangled form, as dm_match()
 * decides, or the demangled form without its parameter list ("mix"
 * matches "mix(int, int)", "kv::Store::Put" both overloads), or, for a
 * glob that does not start with '*', that form without leading
 * qualifiers ("Put" and "Store??Put" match kv::Store::Put(...): a
 * function's short name), demangling only names that contain every
 * required run.
 */
bool
pb_glob_match(const pb_glob_t *g, const char *name);

#endif /* PB_MATCH_H */
