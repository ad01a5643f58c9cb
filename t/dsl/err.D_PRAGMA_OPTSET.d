/*
 * ASSERTION: an nspec beyond 64 bits is an invalid value.
 * @@runtest-opts: -x errtags
 */
#pragma D option nspec=245566729809009887663
BEGIN
{
	exit(0);
}
