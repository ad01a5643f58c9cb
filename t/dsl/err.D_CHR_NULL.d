/*
 * ASSERTION: an empty character constant is refused.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	x = '';
}
