/*
 * ASSERTION: operator % needs integers.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	x = "ten" % 3;
}
