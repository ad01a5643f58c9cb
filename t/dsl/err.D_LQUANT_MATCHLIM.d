/*
 * ASSERTION: a second lquantize() of one aggregation with another limit
 * is refused with dtrace's tag, naming the expected and found limits.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@ = lquantize(1, 0, 100, 10);
	@ = lquantize(1, 0, 50, 10);
	exit(0);
}
