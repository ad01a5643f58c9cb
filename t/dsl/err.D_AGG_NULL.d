/*
 * ASSERTION: an aggregation with keys but no aggregating function is
 * refused; without keys (@a;) dtrace says D_IDENT_UNDEF (err.nulagg).
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@a[1];
}
