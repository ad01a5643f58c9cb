/*
 * ASSERTION: an aggregation is not a key.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@b = count();
	@a[@b] = count();
}
