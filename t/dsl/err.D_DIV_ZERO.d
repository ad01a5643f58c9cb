/*
 * ASSERTION: a constant division by zero is refused at compile time.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	c = 123 / (7 - 7);
	exit(0);
}
