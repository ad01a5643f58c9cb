/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a variable that a predicate makes an alloca pointer is one
 * in the clause's statements, and so is a variable given it through a
 * cast to long and back: the statements write through it and read it
 * back.
 * EXPECTED: Oracle's Linux DTrace: dtrace-utils' predicates/
 * tst.alloca-postinc-instantiation writes through such a pointer and
 * exits 0; dt_cook_taint_alloca keeps a cast's and p + i's taint.
 */
#pragma D option quiet

BEGIN
/(p = alloca(8)) != 0/
{
	q = (char *)((long)p + 1 - 1);
	*q = 'x';
	q[1] = 'y';
	printf("%c%c %d\n", *(char *)p, ((char *)p)[1], q == (char *)p);
	exit(0);
}

ERROR
{
	exit(1);
}
