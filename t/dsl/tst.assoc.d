/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: associative arrays take tuple keys of mixed types; an unset
 * element reads 0 (or a NULL string, as in Oracle's dtrace); storing 0
 * deletes an element.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Associative
 * Arrays": tuple keys of any types; an element never assigned reads as
 * zero; assigning zero deletes it.  An unset string element is NULL in
 * Oracle's dtrace (dtrace-utils assocs/tst.init-str).
 */
#pragma D option quiet

BEGIN
{
	a["x", 1] = 10;
	a["x", 2] = 20;
	a["y", 1] = a["x", 1] + a["x", 2];
	printf("%d %d %d %d\n", a["x", 1], a["x", 2], a["y", 1], a["z", 9]);
	a["x", 1] = 0;
	printf("%d\n", a["x", 1]);
	a["x", 1]++;
	a["x", 1] += 5;
	printf("%d\n", a["x", 1]);
	names[1] = "one";
	names[2] = "two";
	printf("%s %s %d\n", names[1], names[2], names[3] == NULL);
	n[probename] = 7;
	printf("%d\n", n["BEGIN"]);
	exit(0);
}
