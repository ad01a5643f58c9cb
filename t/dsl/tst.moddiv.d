/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: the remainder of signed integers is negative when exactly
 * one operand is, as Oracle's dtrace computes it (its code generator
 * divides the magnitudes and negates; dtrace-utils arithmetic/tst.moddiv
 * expects 19 % -5 = -4 and -19 % -5 = 4, where C and illumos give the
 * dividend's sign).  Constants fold to the same values.  Division
 * truncates toward zero, as C's.
 * EXPECTED: Oracle libdtrace dt_cg.c (dt_cg_arithmetic_op's signed % and
 * /) and dtrace-utils arithmetic/tst.moddiv (34-3-4-3-434).
 */
#pragma D option quiet

BEGIN
{
	x = 19;
	y = 5;
	printf("%d %d %d %d\n", x % y, x % -y, -x % y, -x % -y);
	printf("%d %d %d %d\n", 19 % 5, 19 % -5, -19 % 5, -19 % -5);
	printf("%d %d %d %d\n", x / y, x / -y, -x / y, -x / -y);
	z = -19;
	z %= 5;
	printf("%d\n", z);
	u = (unsigned)19;
	printf("%u\n", u % (unsigned)-5);
	exit(0);
}
