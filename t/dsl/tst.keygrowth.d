/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: checking an array's keys may create variables (b and c are
 * first seen inside a's key), which grows the program's tables while a
 * is being checked; a[b[c[k]]] still compiles and runs.  Fifteen
 * scalars and a fill the table, so the growth happens there.  (A
 * use-after-free found by fuzz-d; the sanitizer build of CI checks it.)
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Associative
 * Arrays": a[b[c[k]]] is a valid key expression; the values are D's. The
 * test holds the fix of a use-after-free fuzz/ found.
 */
#pragma D option quiet

BEGIN
{
	x1 = 1; x2 = 1; x3 = 1; x4 = 1; x5 = 1; x6 = 1; x7 = 1; x8 = 1;
	x9 = 1; x10 = 1; x11 = 1; x12 = 1; x13 = 1; x14 = 1;
	k = 1;
	a[b[c[k]]] = 5;
	printf("%d %d %d\n", a[0], b[0], c[1]);
	exit(0);
}
