/*
 * ASSERTION: offsetof() takes a struct or union (Oracle's dtrace-utils
 * offsetof/err.D_OFFSETOF_TYPE.notsou).
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	trace(offsetof(int, x));
}
