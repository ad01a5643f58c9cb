/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ta-c: a quiet C target built with -g for typed args[] (t/args).
 * ta-c N calls ta_rec, ta_name and ta_plain N times (default 2) with the
 * values below and prints nothing: a test's output is its D program's.
 * ta_plain is in ta-plain.c, built without DWARF.  Expected outputs
 * are written from these declarations and values.
 */
#include <stdlib.h>
#include <string.h>

enum color { RED, GREEN = 5, BLUE };

struct point {
	int x, y;
};

struct rec {
	const char *name;
	struct point pts[2];
	enum color c;
	struct rec *next;
	unsigned long size;
	union {			/* anonymous: i and ch are rec's */
		int i;
		char ch;
	};
};

long ta_plain(long a, long b);

static volatile long sink;

__attribute__((noinline, noclone)) long
ta_rec(struct rec *r, const struct point *p, enum color c, short delta,
    struct point byval)
{
	sink += (long)r->size + p->x + c + delta + byval.x;
	return sink;
}

__attribute__((noinline, noclone)) const char *
ta_name(const struct rec *r, int i)
{
	sink += i;
	return r->next != NULL ? r->next->name : r->name;
}

/* Globals: in main's frame the compiler may drop stores it can prove
 * ta_rec never reads (GCC's mod-ref analysis did, at -O1). */
struct rec ta_b = { .name = "second", .pts = { { 5, 6 }, { 7, 8 } },
    .c = GREEN, .next = NULL, .size = 16, .i = 9 };
struct rec ta_a = { .name = "first", .pts = { { 1, 2 }, { 3, 4 } },
    .c = RED, .next = &ta_b, .size = 32, .i = 42 };
struct point ta_p = { 10, 20 };

int
main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2, i;

	for (i = 0; i < n; i++) {
		ta_rec(&ta_a, &ta_p, BLUE, (short)(-3 - i), ta_p);
		sink += (long)strlen(ta_name(i % 2 ? &ta_b : &ta_a, i));
		sink += ta_plain(i, 100 + i);
	}
	return 0;
}
