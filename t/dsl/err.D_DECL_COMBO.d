/*
 * ASSERTION: char and int do not combine (Oracle's dtrace-utils
 * types/err.D_DECL_COMBO.badtype4).
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	i = (char int)0;
}
