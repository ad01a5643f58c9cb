/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a whole translated struct assigned to a D variable copies
 * every member the translator defines, and a member it leaves out is
 * zero-filled; *xlate<struct out *>(p) is the translated struct too, and a
 * variable first named by such an assignment takes the struct's type.
 * EXPECTED: the DTrace guide's Translators chapter (assigning a translated
 * struct copies the values of all its members; members without a
 * translation are filled with zeroes when the whole struct is copied);
 * the values follow from the translator (3 + 4, 3 * 4, "in").
 */
#pragma D option quiet

struct in {
	int a;
	int b;
};

struct out {
	int sum;
	int prod;
	string name;
	int left;
	char *none;
};

translator struct out < struct in *p > {
	sum = p->a + p->b;
	prod = p->a * p->b;
	name = "in";
};

struct out g;

BEGIN
{
	this->p = (struct in *)alloca(sizeof (struct in));
	this->p->a = 3;
	this->p->b = 4;
	g.left = 99;
	g.name = "old";
	g = xlate<struct out>(this->p);
	printf("%d %d %s %d %d\n", g.sum, g.prod, g.name, g.left,
	    g.none == NULL);
	self->s = *xlate<struct out *>(this->p);
	printf("%d %s\n", self->s.prod, self->s.name);
	fresh = xlate<struct out>(this->p);
	printf("%d\n", fresh.sum);
	exit(0);
}
