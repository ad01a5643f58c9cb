/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a member the DWARF struct does not have is one line with
 * its place and the nearest member's name.
 * @@trigger: ta-cxx 1
 * EXPECTED: Oracle DTrace refuses a member a struct does not have
 * (D_TYPE_MEMBER, libdtrace/dt_parser.c); the struct here is the target's
 * DWARF, the suggestion and wording are pidtrace's.
 */
pid$target::*Cart*Add*:entry
{
	trace(args[3]->len);
}
