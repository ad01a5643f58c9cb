/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a pointer may hold the address of a global variable's
 * storage (or a this-> variable's, for the firing): &a[i], &s.m, and an
 * array where a pointer is wanted (p = a) point into it, reads and
 * writes through the pointer reach it, and p - q counts elements, as
 * C's (Oracle's dtrace-utils pointers/tst.ArrayPointer3,
 * tst.IntegerArithmetic1: (int *)(uptr + 4) reads array[1],
 * tst.PointerArithmetic3: &a[2] - &a[0] is 2).
 * EXPECTED: Oracle's dtrace-utils pointers/tst.ArrayPointer3,
 * tst.IntegerArithmetic1, tst.PointerArithmetic3; C's pointer arithmetic
 * for p - q.
 */
#pragma D option quiet

int a[5];
int *p;
struct pt {
	int	x, y;
} s;

BEGIN
{
	a[0] = 100;
	a[1] = 200;
	a[4] = 500;
	p = a;
	u = (uintptr_t)&a[0];
	printf("%d %d %d %d\n", p[0], p[1], *(int *)(u + 4), *(p + 4));
	p[2] = 300;
	q = &s.y;
	*q = 7;
	printf("%d %d %d %d\n", a[2], s.y, &a[4] - &a[1], (int)(&a[3] - p));
	exit(0);
}
