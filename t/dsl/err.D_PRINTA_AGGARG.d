/*
 * ASSERTION: printa( ) takes aggregations after its format.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	printa("%d", 1);
}
