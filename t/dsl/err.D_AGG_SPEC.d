/*
 * ASSERTION: speculation's rule AGG_SPEC is checked at compile time.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	speculate(1); @ = count();
}
