/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: trace() of a struct or union prints its bytes as dtrace's
 * dt_print_rawbytes does: a heading of the 16 columns, then each 16
 * bytes' offset, hex and characters (Oracle's dtrace-utils
 * actions/trace/tst.struct: 34 12 00 00 00 00 00 00 76 98 00 00).
 * EXPECTED: Oracle libdtrace dt_consume.c (dt_print_trace prints a value
 * kept by reference with dt_print_rawbytes) and dtrace-utils
 * actions/trace/tst.struct and tst.union.
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
