/*
 * ASSERTION: a built-in variable is not a function.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@a = timestamp();
}
