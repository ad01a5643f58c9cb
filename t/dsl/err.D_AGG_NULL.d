/*
 * ASSERTION: an aggregation named without an aggregating function is refused.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@a[1];
}
