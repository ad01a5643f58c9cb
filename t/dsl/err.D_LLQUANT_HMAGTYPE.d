/*
 * ASSERTION: llquantize()'s high magnitude is an integer constant.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	hmag = 10;
	@ = llquantize(1, 10, 0, hmag, 20);
	exit(0);
}
