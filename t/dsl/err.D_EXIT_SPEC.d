/*
 * ASSERTION: speculation's rule EXIT_SPEC is checked at compile time.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	speculate(1); exit(0);
}
