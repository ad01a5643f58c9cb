/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cpp.h: pidtrace -C, the C preprocessor over a D program's text before
 * it is compiled, as dtrace runs it (dtrace(8): -C, -D, -U, -I, -H).
 */
#ifndef CMD_CPP_H
#define CMD_CPP_H

#include <stddef.h>

/*
 * Run cpp over text, the program named name (a -s file's path, or a -n
 * text itself), with the macros dtrace predefines, then args[0..nargs)
 * ("-Dname=def", "-Uname", "-Ipath", "-H", in command-line order).
 * cpp's output begins each file's lines with a line marker (# N "file"),
 * which the D lexer reads, so errors cite the lines of name and of the
 * files it includes.  cpp is path, found in PATH unless it has a slash.
 *
 * Returns the output (malloc'd, NUL-terminated) and writes what cpp said
 * on its standard error (-H's list, warnings) to stderr; or NULL with
 * one line in err: cpp's first error as "file:line:col: message", cpp
 * missing, or out of memory.
 */
char	*cpp_run(const char *path, const char *const *args, size_t nargs,
	    const char *name, const char *text, char *err, size_t errlen);

#endif
