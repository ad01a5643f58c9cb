/*
 * ASSERTION: a string is no scalar: && takes none (Oracle's
 * dtrace-utils types/err.D_OP_SCALAR.badlogop).
 * @@runtest-opts: -x errtags
 */
BEGIN
/"char" && "foo"/
{
	exit(0);
}
