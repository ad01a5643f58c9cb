/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a statement may be several expressions joined by D's comma
 * operator, evaluated left to right, as in C; also as an if's
 * statement.
 * EXPECTED: the D grammar (Oracle's dt_grammar.y: expression ','
 * assignment_expression); dtrace-utils' print/tst.print.local ends
 * assignments with ',' and runs them all.
 */
#pragma D option quiet

BEGIN
{
	a = 1, b = a + 1;
	c = a + b, d = c * 2, e = d - 1;
	if (a)
		x = 5, y = x + 1;
	else
		x = 7, y = 8;
	printf("%d %d %d %d %d %d %d\n", a, b, c, d, e, x, y);
	exit(0);
}
