/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lib/csload.h: capstone, loaded when an instruction is first decoded
 * rather than linked.  lib/csload.c defines the capstone entry points
 * pidtrace uses, with <capstone/capstone.h>'s names and prototypes, and
 * looks up the library's own ones once, on the first call from any
 * thread (the others wait for it).  A program that links lib/libcsload.a
 * does not link -lcapstone; its callers include <capstone/capstone.h> as
 * before and this header only to ask why decoding is unavailable.
 *
 * When the library cannot be loaded (missing, or without one of the
 * entry points), cs_open fails with CS_ERR_MEM and every other entry
 * point given no handle decodes nothing: cs_disasm returns 0,
 * cs_disasm_iter false, cs_malloc NULL, cs_option and cs_regs_access
 * CS_ERR_HANDLE, cs_close CS_ERR_CSH.  Nothing is printed.
 *
 * Unlike lib/'s headers this helper has code of its own: it is its own
 * archive, a leaf that the tracer, the providers and the tests link.
 */
#ifndef PIDTRACE_LIB_CSLOAD_H
#define PIDTRACE_LIB_CSLOAD_H

#include <capstone/capstone.h>

/*
 * Load capstone now, if no thread did yet: 0 when its entry points are
 * at hand, -1 when they cannot be (csload_error says why).
 */
int csload(void);

/*
 * Why capstone cannot be used, in one line that names the library
 * ("capstone: libcapstone.so.4: cannot open shared object file: ...",
 * "capstone did not load: libcapstone.so.4 has no cs_open"), or NULL when it loaded or no load was tried.  The same
 * pointer at each call: callers may group failures by it.
 */
const char *csload_error(void);

#endif
