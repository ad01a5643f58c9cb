/*
 * ASSERTION: trace() of a struct or union prints its bytes as dtrace's
 * dt_print_rawbytes does: a heading of the 16 columns, then each 16
 * bytes' offset, hex and characters (Oracle's dtrace-utils
 * actions/trace/tst.struct: 34 12 00 00 00 00 00 00 76 98 00 00).
 */
#pragma D option quiet

struct {
	int	a;
	char	b;
	int	c;
} st;
union {
	int	i;
	char	c[20];
} un;

BEGIN
{
	st.a = 0x1234;
	st.c = 0x9876;
	trace(st);
	un.i = 0x41424344;
	un.c[19] = 'z';
	trace(un);
	exit(0);
}
