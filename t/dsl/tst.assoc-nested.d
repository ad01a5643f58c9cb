/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a key that looks another array element up is evaluated
 * before the outer key is assembled: a[1, a[3, 2, 1], 3] is a[1, 2, 3].
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Associative
 * Arrays": a key is an expression evaluated before the element is looked
 * up.
 */
#pragma D option quiet

BEGIN
{
	a[1, 2, 3] = 1234;
	a[3, 2, 3] = 4321;
	a[3, 2, 1] = 2;
	printf("%d %d\n", a[1, a[3, 2, 1], 3],
	    a[1, a[3, a[3, a[3, 2, 1], 1], 1], 3]);
	exit(0);
}
