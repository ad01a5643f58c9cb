/*
 * ASSERTION: a C array takes one index, not keys (Oracle's dtrace-utils
 * arrays/err.D_ARR_BADREF.bad).
 * @@runtest-opts: -x errtags
 */
int x[5];

BEGIN
{
	x[1, 2] = 1;
}
