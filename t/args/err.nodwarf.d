/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: args[0] of a function without DWARF is an integer: -> is
 * an error at compile time, with its place.
 * @@trigger: ta-c 1
 * EXPECTED: the DTrace guide, "pid Provider": args[] of a function without
 * type information are untyped integers, so -> on one is a compile error
 * (D_OP_SOU in libdtrace/dt_parser.c); the wording is pidtrace's.
 */
pid$target::ta_plain:entry
{
	trace(args[0]->x);
}
