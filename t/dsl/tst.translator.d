/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a translator converts its input to the members of its output
 * struct: xlate<struct out>(x).m and xlate<struct out *>(p)->m give the
 * translator's expression for m with x in place of its parameter; the
 * translator is chosen by the input's type; an inline may hold a
 * translation, and a translator's input may be read as its own struct type.
 * EXPECTED: the DTrace guide's Translators chapter (translator
 * declarations and the xlate operator) and Oracle's Linux DTrace, which
 * evaluates each member's expression on use; the values follow from the
 * expressions (7 + 3, 7 - 3, strlen("hello"), 21 * 2, 100 + 23 + 1);
 * sizeof of a translation is its type's (struct out by C's layout, a
 * string member being char[256] as strsize makes it; a pointer 8).
 */
#pragma D option quiet

struct in {
	int a;
	int b;
};

struct out {
	int sum;
	int diff;
	string name;
	uint64_t len;
};

translator struct out < struct in *P > {
	sum = P->a + P->b;
	diff = P->a - P->b;
};

translator struct out < string S > {
	name = S;
	len = strlen(S);
};

translator struct out < int I > {
	sum = I * 2;
};

translator struct out < struct in V > {
	sum = ((struct in)V).a * 100;
};

struct in g;

inline int base = 100 + 23;
inline struct out byint = xlate<struct out>(base + 1);
inline int twice[int x] = xlate<struct out>(x).sum;

BEGIN
{
	this->p = (struct in *)alloca(sizeof (struct in));
	this->p->a = 7;
	this->p->b = 3;
	g.a = 5;
	printf("%d %d\n", xlate<struct out>(this->p).sum,
	    xlate<struct out>(this->p).diff);
	printf("%d\n", xlate<struct out *>(this->p)->diff);
	printf("%s %d\n", xlate<struct out>("hello").name,
	    xlate<struct out>("hello").len);
	printf("%d %d %d\n", byint.sum, twice[21], (xlate<struct out>(g)).sum);
	printf("%d %d\n", sizeof (xlate<struct out>(1)),
	    sizeof (xlate<struct out *>(this->p)));
	exit(0);
}
