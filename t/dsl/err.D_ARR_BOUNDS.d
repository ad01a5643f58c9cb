/*
 * ASSERTION: a constant index outside a C array's bounds is refused when
 * compiled (Oracle's dtrace-utils arrays/err.D_ARR_BOUNDS.declared).
 * @@runtest-opts: -x errtags
 */
int a[5];

BEGIN
{
	trace(a[5]);
}
