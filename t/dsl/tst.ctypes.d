/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: struct, union, enum and typedef declarations: C's layout
 * (sizeof, offsets through &p->m) but for the padding after the last
 * member, which dtrace's CTF library does not add (struct pair is 38
 * bytes, not C's 40), enumerators as constants, typed
 * scratch memory from alloca(), pointer arithmetic in elements, casts
 * between pointer types, p[i] of a pointer variable, int declarations
 * with several names.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Structs and
 * Unions", "Type and Constant Definitions" (enum, typedef), "Pointers and
 * Arrays" and alloca() in "Actions and Subroutines": C's layout and
 * semantics.
 */
#pragma D option quiet

struct slice { uintptr_t data; size_t size; };
struct pair { char tag; int v; struct slice s; char name[8]; short arr[3]; };
typedef struct pair pair_t;
enum color { RED, GREEN = 5, BLUE };
union u { int i; char c[4]; long l; };
int x, y;

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (struct slice),
	    sizeof (struct pair), sizeof (pair_t), sizeof (union u),
	    sizeof (enum color));
	printf("%d %d %d\n", RED, GREEN, BLUE);
	this->p = (pair_t *)alloca(sizeof (pair_t));
	printf("%d %d [%s]\n", this->p->v, this->p->s.size, this->p->name);
	printf("%d %d\n", (uint64_t)&this->p->s.size - (uint64_t)this->p,
	    (uint64_t)&this->p->arr[2] - (uint64_t)this->p);
	this->s = (short *)this->p->arr;
	printf("%d\n", (uint64_t)(this->s + 2) - (uint64_t)this->s);
	g = (short *)this->p->arr;
	printf("%d %d\n", g[2], (uint64_t)&g[2] - (uint64_t)g);
	x = 1;
	y = 2;
	printf("%d %d %d\n", x, y, sizeof (x));
	exit(0);
}
