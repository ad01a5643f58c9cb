/*
 * ASSERTION: a bare aggregation statement has no effect: D_IDENT_UNDEF,
 * as in dtrace; a non-function called is D_FUNC_IDENT (not tested here:
 * one error per file).
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@a;
}
