/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: commit() of an id beyond nspec is an illegal operation; the
 * ERROR clause's exit(1) ends the run and no later clause runs.
 * @@status: 1
 * EXPECTED: Oracle DTrace: commit() of an invalid speculation id is an
 * illegal operation at run time that fires ERROR (dtrace-utils
 * test/unittest/speculation/err.CommitWithInvalid.r); the DIF offset
 * (pidtrace's: the column) and the exit(1) in ERROR are this test's.
 */
#pragma D option quiet
#pragma D option nspec=4

BEGIN
{
	commit(5);
}

BEGIN
{
	trace("never");
}

ERROR
{
	exit(1);
}
