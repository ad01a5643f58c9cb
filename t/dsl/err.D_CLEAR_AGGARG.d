/*
 * ASSERTION: clear( ) takes an aggregation.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	x = 1;
	clear(x);
}
