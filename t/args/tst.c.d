/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: args[] of a C function have its DWARF parameter types:
 * members through a typed pointer (a nested array, a pointer to the next
 * struct, an anonymous union's member), *args[1], an enum and a short
 * argument, parameter names (args->name), and a return probe's args[1]
 * typed with the return type (const char *).  A struct passed by value
 * (args[4]) stays untyped.  Values: t/targets/ta-c.c.
 * @@trigger: ta-c 2
 * EXPECTED: the target's own source and DWARF (t/targets/ta-c.c): each
 * value printed is what ta-c passes; the DTrace guide, "pid Provider", for
 * args[] typed as the function declares them.
 */
#pragma D option quiet

pid$target::ta_rec:entry
{
	printf("rec %s %d %d %s %d %d %d %d\n", stringof(args[0]->name),
	    args[0]->pts[1].y, args[0]->i, stringof(args[0]->next->name),
	    (*args[1]).y, args->p->x, args[2], args->delta);
	printf("size %d %d\n", args[0]->size, sizeof (*args[0]));
}

pid$target::ta_name:entry
{
	printf("name %s %d\n", copyinstr((uintptr_t)args->r->name), args->i);
}

pid$target::ta_name:return
{
	printf("returned %s\n", stringof(args[1]));
}
