/*
 * ASSERTION: llquantize()'s steps must divide factor^2 when low is 0 and
 * steps > factor; 30 steps of 10 once made pidtrace spin forever.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@ = llquantize(1, 10, 0, 6, 30);
	exit(0);
}
