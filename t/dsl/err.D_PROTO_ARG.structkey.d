/*
 * ASSERTION: an array keyed by a struct takes no other struct (Oracle's
 * dtrace-utils struct/err.D_PROTO_ARG.DupStructAssoc).
 * @@runtest-opts: -x errtags
 */
struct record {
	int	position;
};
struct pirate {
	int	position;
};
struct record r;
struct pirate p;

BEGIN
{
	a[r] = 1;
	a[p] = 2;
}
