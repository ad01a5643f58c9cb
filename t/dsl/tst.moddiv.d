/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: signed division truncates toward zero; a signed remainder
 * is |a| % |b|, negative when the operands' signs differ, at run time
 * and when folded.
 * EXPECTED: Oracle's libdtrace dt_cg.c (dt_cg_arithmetic_op on signed
 * operands), as dtrace-utils' arithmetic/tst.moddiv expects
 * (34-3-4-3-434); C and illumos give the remainder the dividend's sign
 * (19 % -5 is 4 there).
 */
#pragma D option quiet

BEGIN
{
	x = 19;
	y = 5;
	printf("%d %d %d %d\n", x / y, x / -y, -x / y, -x / -y);
	printf("%d %d %d %d\n", x % y, x % -y, -x % y, -x % -y);
	printf("%d %d %d %d\n", 19 % 5, 19 % -5, -19 % 5, -19 % -5);
	printf("%u\n", 19U % 5U);
	exit(0);
}
