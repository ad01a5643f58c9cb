/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: llquantize() as dtrace-utils lays it out: negative values
 * mirror the positive bins, 0 has its own bin when low is 0, magnitude
 * 0 with more steps than the factor has one row per integer, negative
 * increments count down, and the rows run from one before the first
 * non-zero bin to one after the last, bins no integer lands in left out.
 * EXPECTED: dtrace-utils test/unittest/aggs/tst.llquantize*.r and illumos
 * libdtrace dt_consume.c (dt_print_llquantize): negative values mirror the
 * positive bins and the rows run from one before the first non-zero bin to
 * one after the last.
 */
#pragma D option quiet

BEGIN
{
	@ = llquantize(0, 10, 0, 6, 20);
	@ = llquantize(1, 10, 0, 6, 20, -1);
	@ = llquantize(7, 10, 0, 6, 20);
	@ = llquantize(10, 10, 0, 6, 20);
	@ = llquantize(17, 10, 0, 6, 20);
	@ = llquantize(150, 10, 0, 6, 20, 2);
	@ = llquantize(-3, 10, 0, 6, 20);
	exit(0);
}
