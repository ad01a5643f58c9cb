/*
 * ASSERTION: llquantize()'s factor is at least 2.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@ = llquantize(1, 1, 0, 6, 20);
	exit(0);
}
