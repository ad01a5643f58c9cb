/*
 * ASSERTION: an inline's value must have its type, checked where it is
 * defined (Oracle's dtrace-utils inline/err.D_OP_INCOMPAT.baddef2).
 * @@runtest-opts: -x errtags
 */
inline int i = "i am a string";

BEGIN
{
	exit(0);
}
