/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: #line N "file" makes the next line line N of file, for
 * the errors too.
 * @@runtest-opts: -x errtags
 * EXPECTED: C99 6.10.4 (the following line has the number given, the
 * presumed file name is the string); Oracle DTrace reads #line without
 * -C (libdtrace/dt_pragma.c, dt_pragma_line); the tag is dtrace's
 * D_SYNTAX, the wording pidtrace's.
 */
BEGIN
{
#line 40 "other.d"
	x = ;
}
