/*
 * ASSERTION: speculation's rule SPEC_DREC is checked at compile time.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	printf("x"); speculate(1);
}
