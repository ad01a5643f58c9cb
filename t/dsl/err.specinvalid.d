/*
 * ASSERTION: commit() of an id beyond nspec is an illegal operation; the
 * ERROR clause's exit(1) ends the run and no later clause runs.
 * @@status: 1
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
