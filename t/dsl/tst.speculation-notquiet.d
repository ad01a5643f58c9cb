/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: without -q a speculated clause's probe line goes to its
 * buffer and prints when committed, with what the clause printed; a
 * clause that only commits or discards prints no probe line; after
 * speculate(0) the clause stops: nothing of it prints, no error.
 * EXPECTED: Oracle's Linux DTrace prints so (dtrace-utils' speculation
 * tests tst.SpeculationDefaultCommit, tst.SpeculationCommitNotQuiet,
 * tst.negspec).
 */
#pragma D option nspec=2

BEGIN
{
	s = speculation();
	t = speculation();
}

BEGIN
{
	speculate(s);
	printf("kept");
}

BEGIN
{
	speculate(t);
	printf("dropped");
}

BEGIN
{
	commit(s);
	discard(t);
}

BEGIN
{
	speculate(0);
	x = 1;
}

BEGIN
{
	printf("x=%d", x);
	exit(0);
}
