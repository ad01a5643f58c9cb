/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: each description of a clause enables it on its own: a
 * probe matched by two descriptions of one clause runs the clause twice
 * at one firing, before the next clause runs.
 * EXPECTED: dtrace makes one ECB per description of a clause (libdtrace
 * dt_cc.c compiles each description of a clause into a statement of its
 * own); dtrace-utils test/unittest/pid/tst.weak1.d relies on it: its
 * clause naming go:entry and _go:entry counts 2 for one call.
 */
#pragma D option quiet

BEGIN,
dtrace:::BEGIN
{
	n++;
	printf("run %d\n", n);
}

BEGIN
{
	printf("after: %d\n", n);
	exit(0);
}
