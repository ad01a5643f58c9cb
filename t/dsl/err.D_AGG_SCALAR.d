/*
 * ASSERTION: an aggregating function's value must be scalar.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@a = avg("seven");
}
