/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a struct the program names only in a cast (struct point *,
 * struct rec *), with no declaration of its own, is DWARF's: its
 * members are there when the cast's result is used, as they are for
 * args[] itself.  Values: t/targets/ta-c.c (ta_a.pts[1].y is 4, ta_b's
 * size 16 and name "second").
 * @@trigger: ta-c 1
 * EXPECTED: t/targets/ta-c.c's values; D takes a struct tag it has no
 * declaration of from the types of the traced objects, as dtrace takes
 * the kernel's (the DTrace guide, "Structs and Unions": a C struct the
 * traced code defines is used by its name).
 */
#pragma D option quiet

pid$target::ta_rec:entry
{
	printf("%d %d %s\n", ((struct point *)args[0]->pts)[1].y,
	    ((struct rec *)args[0]->next)->size,
	    stringof(((struct rec *)args[0]->next)->name));
}
