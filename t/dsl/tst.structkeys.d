/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a struct or union is an associative array's key by its
 * members' values, not its address: two alike are one key (Oracle's
 * dtrace-utils struct/tst.StructAssoc, union/tst.UnionAssoc).
 * EXPECTED: Oracle's dtrace-utils struct/tst.StructAssoc and
 * union/tst.UnionAssoc (two alike structs are one key).
 */
#pragma D option quiet

struct record {
	int	position;
	char	content;
};
struct record r1, r2;

BEGIN
{
	r1.position = 1;
	r1.content = 'a';
	r2.position = 1;
	r2.content = 'a';
	a[r1] = 1000;
	a[r2] = 2000;
	r2.content = 'b';
	a[r2] = 3000;
	printf("%d %d %d\n", a[r1], a[r2], a[r1] == a[r2]);
	n[r1, "x"] = 7;
	printf("%d %d\n", n[r1, "x"], n[r2, "x"]);
	exit(0);
}
