/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: variables of every kind hold a struct by value: a global,
 * this-> and self-> variable, an associative array's element.  An
 * assignment copies it (a variable assigned one becomes one), members
 * are read and written in place, and storing 0 into an element frees
 * it, after which it reads as zeros.  (The DTrace guide, "Structs and
 * Unions": a struct variable's members are accessed with '.'; Oracle's
 * dtrace-utils struct/tst.implicit_decl and assocs/
 * tst.store_zero_deletes_struct show copies and deletions.)
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Structs and
 * Unions"; Oracle's dtrace-utils struct/tst.implicit_decl,
 * tst.global_local_struct_nest and assocs/tst.store_zero_deletes_struct.
 */
#pragma D option quiet

struct coords {
	int	x, y;
};
struct particle {
	struct coords	pos;
	struct coords	vel;
};

struct particle P;
this struct particle p;
self struct coords sc;
struct coords ac[int];

BEGIN
{
	P.pos.x = 1;
	P.pos.y = 2;
	P.vel.x = 3;
	P.vel.y = 4;
	this->p = P;
	this->p.vel.x += 10;
	this->p.vel.y++;
	self->sc = this->p.vel;
	ac[1] = P.pos;
	ac[2] = self->sc;
	copy = ac[2];
	copy.x *= 2;
	printf("%d %d %d %d\n", this->p.pos.x, this->p.pos.y,
	    this->p.vel.x, this->p.vel.y);
	printf("%d %d %d %d %d %d\n", self->sc.x, self->sc.y, ac[1].x,
	    ac[2].y, copy.x, ac[2].x);
	ac[2] = 0;
	printf("%d %d %d\n", ac[2].x, ac[2].y, ac[1].y);
	printf("%d %d\n", sizeof(P), sizeof(copy));
	exit(0);
}
