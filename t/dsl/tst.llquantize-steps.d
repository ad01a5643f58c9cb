/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: llquantize(v, 2, 4, 6, 4) with fewer steps than a magnitude
 * holds: bucket widths grow with the magnitude.
 * EXPECTED: illumos libdtrace dt_consume.c (dt_print_llquantize) and the
 * DTrace guide (Dynamic Tracing Guide), "Aggregations": llquantize()'s
 * bucket widths grow with the magnitude.
 */
#pragma D option quiet

BEGIN
{
	@ = llquantize(20, 2, 4, 6, 4);
	@ = llquantize(33, 2, 4, 6, 4);
	@ = llquantize(100, 2, 4, 6, 4);
	exit(0);
}
