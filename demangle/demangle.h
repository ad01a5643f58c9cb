/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * demangle: C++ and Rust names as binutils `nm -C` prints them.
 *
 * A leaf module over libiberty's demanglers.  The demangled form is what
 * `nm -C` (binutils 2.40) shows for a symbol name: libiberty's automatic
 * style (Rust v0 and legacy first, then the Itanium C++ ABI), with nm's
 * own touches from bfd_demangle(): leading '.' and '$' are set aside and
 * put back, and an '@VERSION' suffix is cut before demangling and
 * appended after ("_ZNSt9exceptionD2Ev@GLIBCXX_3.4" becomes
 * "std::exception::~exception()@GLIBCXX_3.4").
 *
 * Threads: nothing here is thread-safe.  dm_demangle() and dm_match()
 * share one cache; call them from one thread (pidtrace and pidnm are
 * single-threaded).  dm_demangle_append() touches no shared state and
 * may be used from several threads on distinct buffers.
 *
 * Memory: strings returned by dm_demangle() belong to the module and
 * live until dm_reset() or exit.  On allocation failure the functions
 * behave as if the name did not demangle.
 */
#ifndef PIDTRACE_DEMANGLE_H
#define PIDTRACE_DEMANGLE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The demangled form of MANGLED, or MANGLED itself (the same pointer)
 * when it is not a mangled name.  Each distinct name is demangled once;
 * later calls are a hash look-up.  MANGLED need not outlive the call.
 */
const char *dm_demangle(const char *mangled);

/*
 * Whether the shell-style GLOB (fnmatch(3) without flags: '*', '?',
 * '[...]', '\' quotes; the patterns of DTrace probe descriptions)
 * matches MANGLED or its demangled form.  The demangler runs only when
 * the mangled form does not match and the name may be mangled, so
 * matching a whole symbol table is cheap.  A NULL or empty GLOB matches
 * everything, as an empty probe-description field does.
 */
bool dm_match(const char *glob, const char *mangled);

/*
 * Whether GLOB has no glob metacharacter ('*', '?', '[', '\'), so that a
 * caller may compare it with strcmp() or look it up in a hash table.
 */
bool dm_glob_is_literal(const char *glob);

/*
 * Whether NAME may be a mangled name at all (a cheap test on its first
 * characters).  False means dm_demangle(NAME) == NAME for certain.
 */
bool dm_maybe_mangled(const char *name);

/* A growable byte buffer; the caller owns db_data (free() it). */
typedef struct dm_buf {
	char	*db_data;
	size_t	db_len;		/* bytes used */
	size_t	db_cap;		/* bytes allocated */
} dm_buf_t;

/*
 * Append the demangled form of NAME to B, without a terminating NUL and
 * without caching (for one-pass listings such as pidnm's, where each
 * name is printed once).  Returns true when NAME demangled; otherwise
 * (or on allocation failure) B is left as it was and the caller prints
 * NAME itself.
 */
bool dm_demangle_append(dm_buf_t *b, const char *name);

/*
 * Make room for N more bytes in B.  Returns false on allocation failure.
 */
bool dm_buf_reserve(dm_buf_t *b, size_t n);

/* Forget every cached name; earlier dm_demangle() results become invalid. */
void dm_reset(void);

#endif /* PIDTRACE_DEMANGLE_H */
