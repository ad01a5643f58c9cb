/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: the C preprocessor's line markers ("# N "file" flags")
 * set the line and the file errors cite.
 * @@runtest-opts: -x errtags
 * EXPECTED: the GNU C preprocessor manual, "Preprocessor Output" (a
 * marker means the following line came from line N of file; flag 1
 * enters an included file); Oracle DTrace reads them as #line
 * (libdtrace/dt_pragma.c); the tag is dtrace's D_SYNTAX, the wording
 * pidtrace's.
 */
BEGIN
{
# 7 "inc.h" 1
	x = 1 +;
}
