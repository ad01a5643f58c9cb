/*
 * ASSERTION: #pragma D option takes one word.
 * @@runtest-opts: -x errtags
 */
#pragma D option nspec=2 * 2
BEGIN
{
	exit(0);
}
