/*
 * ASSERTION: no arithmetic on a void *, whose elements have no size
 * (Oracle's dtrace-utils pointers/err.D_OP_INCOMPAT.VoidPointerArith).
 * @@runtest-opts: -x errtags
 */
void *p;

BEGIN
{
	trace((int)(p + 1));
}
