/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: lquantize() has an underflow row "< base", rows of step
 * width, and an overflow row ">= limit".
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Aggregations",
 * lquantize(): an underflow row "< base", rows of step width, an overflow
 * row ">= limit".
 */
#pragma D option quiet

BEGIN
{
	@ = lquantize(-1, 0, 100, 10);
	@ = lquantize(0, 0, 100, 10);
	@ = lquantize(5, 0, 100, 10);
	@ = lquantize(15, 0, 100, 10);
	@ = lquantize(15, 0, 100, 10);
	@ = lquantize(99, 0, 100, 10);
	@ = lquantize(100, 0, 100, 10);
	@ = lquantize(250, 0, 100, 10);
	exit(0);
}
