/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a type the program declares wins over DWARF's: this struct
 * point swaps x and y, so args[1]->x reads the target's y.  The other
 * types still come from DWARF.  Values: t/targets/ta-c.c.
 * @@trigger: ta-c 1
 * EXPECTED: t/targets/ta-c.c's values read through the script's own struct
 * point, whose x and y are swapped: D's rule that a type the program
 * declares is the one used.
 */
#pragma D option quiet

struct point {
	int y;
	int x;
};

pid$target::ta_rec:entry
{
	printf("%d %d %d\n", args[1]->x, args[1]->y, args[0]->pts[0].x);
}
