/*
 * ASSERTION: uregs[] takes a constant index, as dtrace-utils'
 * arrays/err.D_PROTO_ARG.uregs_variable requires.
 */
BEGIN
{
	i = R_SP;
	trace(uregs[i]);
	exit(1);
}
