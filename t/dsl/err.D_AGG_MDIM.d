/*
 * ASSERTION: an aggregation has one set of keys.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@a[1][2] = count();
}
