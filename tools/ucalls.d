#!/usr/bin/env -S pidtrace -s
/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ucalls.d: the functions of a module called most often.
 *
 *   pidtrace -s ucalls.d -p PID MODULE TOP INTERVAL
 *
 * MODULE is a module glob (a.out: the executable), TOP how many
 * functions to print, INTERVAL seconds between tables (0: once, at the
 * end).  Each table counts the calls since the last one.
 */
#pragma D option quiet

pid$target:$$1::entry
{
	@calls[probefunc] = count();
}

profile:::tick-1sec
/$3 > 0 && ++secs >= $3/
{
	trunc(@calls, $2);
	printf("%Y\n%-40s %12s\n", walltimestamp, "FUNCTION", "CALLS");
	printa("%-40s %@12d\n", @calls);
	trunc(@calls);
	secs = 0;
}

dtrace:::END
{
	trunc(@calls, $2);
	printf("%-40s %12s\n", "FUNCTION", "CALLS");
	printa("%-40s %@12d\n", @calls);
}
