/*
 * ASSERTION: printf( ) with more arguments than conversions.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	printf("%d\n", 1, 2);
}
