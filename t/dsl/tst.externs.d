/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: extern declarations and function prototypes are accepted
 * and checked, and name nothing a user process could use (Oracle's
 * dtrace-utils decls/tst.funcs, tst.arrays, tst.pointers,
 * tst.varargsfuncs).
 * EXPECTED: Oracle's dtrace-utils decls/tst.funcs, tst.arrays,
 * tst.pointers and tst.varargsfuncs compile and run.
 */
#pragma D option quiet

extern int e0, *e1, **e2;
extern int a1[], a3[12][34];
extern int getint(void);
extern int *(*funcptr)(void);
extern int varargs(int, ...);
int twoparms(int, int);

BEGIN
{
	printf("ok\n");
	exit(0);
}
