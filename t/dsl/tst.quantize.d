/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: quantize() buckets are powers of two, negative values go to
 * the negative buckets, the output runs from one empty bucket below the
 * data to one above, bars are 40 columns scaled and rounded.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Aggregations",
 * quantize(): power-of-two buckets, 40 columns of @, one empty bucket
 * below and above the data; illumos libdtrace dt_consume.c for the
 * rounding.
 */
#pragma D option quiet

BEGIN
{
	@ = quantize(0);
	@ = quantize(1);
	@ = quantize(2);
	@ = quantize(3);
	@ = quantize(1000);
	@ = quantize(-5);
	exit(0);
}
