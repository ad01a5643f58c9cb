/*
 * ASSERTION: %@ is a conversion of printa( ) only.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	printf("%@d\n", 1);
}
