/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a function without DWARF (ta_plain, built -g0) keeps
 * untyped arguments: args[N] is argN, an int64_t.
 * @@trigger: ta-c 2
 * EXPECTED: the DTrace guide, "pid Provider": without type information
 * args[N] is argN, an int64_t; ta_plain is built without DWARF.
 */
#pragma D option quiet

pid$target::ta_plain:entry
{
	printf("%d %d %d %d\n", args[0], args[1], arg1, sizeof (args[1]));
}
