/*
 * ASSERTION: a type the program declares wins over DWARF's: this struct
 * point swaps x and y, so args[1]->x reads the target's y.  The other
 * types still come from DWARF.  Values: t/targets/ta-c.c.
 * @@trigger: ta-c 1
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
