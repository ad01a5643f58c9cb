/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a BEGIN that faults before exit(), with no other probe that
 * could fire, ends the run (status 1) instead of waiting for a ^C; the
 * error line is dtrace's, END still fires.
 * @@status: 1
 * EXPECTED: Oracle DTrace: a fault in BEGIN reports the error and fires
 * ERROR (dtrace-utils test/unittest/error/tst.clause_scope-begin.r); the
 * run ends with status 1 and END fires, as dtrace(1) ends when nothing
 * else can fire.
 */
#pragma D option quiet

BEGIN
{
	x = 0;
	printf("before\n");
	y = 1 / x;
	exit(0);
}

END
{
	printf("end\n");
}
