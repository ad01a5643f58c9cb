/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: if, else if, else, nested blocks and empty statements.
 * EXPECTED: Oracle DTrace for Linux accepts if/else statements in clauses
 * (dtrace-utils test/unittest/codegen holds if/else tests); nesting and
 * empty statements are C's.
 */
#pragma D option quiet

BEGIN
{
	i = 0;
}

tick-1ms
{
	i++;
	if (i == 1) {
		printf("one\n");
	} else if (i == 2) {
		printf("two\n");
	} else if (i < 5)
		printf("small %d\n", i);
	else {
		if (i % 2 == 0) { ; } else { printf("odd %d\n", i); }
		;
	}
}

tick-1ms
/i == 7/
{
	exit(0);
}
