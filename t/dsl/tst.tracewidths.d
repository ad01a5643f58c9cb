/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: trace() prints each integer type with its own width and
 * sign: " %3d" and " %5d" for 8 and 16 bits, " %10d" or " %10u" for 32,
 * " %19ld" signed and " %20lu" unsigned for 64.
 * EXPECTED: Oracle's libdtrace dt_consume.c (dt_print_datum), as
 * dtrace-utils' actions/trace/tst.int32_t and tst.int64_t expect;
 * illumos prints 32 and 64 bits in 8 and 16 columns, and (char)-1 as
 * 255.
 */

BEGIN
{
	trace((char)-1);
	trace((unsigned char)255);
	trace((short)-2);
	trace((unsigned short)65535);
	trace(-3);
	trace(4294967295U);
	trace(-5LL);
	trace(18446744073709551615ULL);
	exit(0);
}
