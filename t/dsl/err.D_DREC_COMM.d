/*
 * ASSERTION: speculation's rule DREC_COMM is checked at compile time.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	commit(1); trace(1);
}
