/*
 * ASSERTION: a self-> variable's storage has no lasting address
 * (Oracle's dtrace-utils pointers/err.D_ADDROF_VAR.DynamicVar).
 * @@runtest-opts: -x errtags
 */
struct pt {
	int	x, y;
};
self struct pt s;

BEGIN
{
	p = &self->s.y;
}
