/*
 * ASSERTION: speculation's rule ACT_SPEC is checked at compile time.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	speculate(1); system("true");
}
