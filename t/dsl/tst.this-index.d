/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: this->p[i] indexes what this->p holds once this->p has been
 * used: a pointer into alloca()'s memory, written and read through it,
 * and a pointer to a global array's elements.  Only a this-> variable
 * not used before would be an associative array, which a clause-local
 * one may not be (t/dsl/err.D_ARR_LOCAL.d).
 * EXPECTED: C's subscript on a pointer, which D keeps (the DTrace guide,
 * "Pointers and Arrays"); dtrace refuses this->x[k] only while the
 * identifier is unreferenced (libdtrace's dt_parser.c, D_ARR_LOCAL);
 * values worked by hand from the stores below.
 */
#pragma D option quiet

int vals[4];

BEGIN
{
	this->b = (char *)alloca(4);
	this->b[1] = 'A';
	this->b[2] = this->b[1] + 1;
	vals[3] = 42;
	this->v = (int *)vals;
	printf("%c%c %d\n", this->b[1], this->b[2], this->v[3]);
	exit(0);
}
