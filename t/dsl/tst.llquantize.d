/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: llquantize(v, 10, 0, 2, 10) has linear steps within each
 * power of ten, "< 1" below and ">= 1000" above (illumos layout).
 * EXPECTED: illumos libdtrace dt_consume.c (dt_print_llquantize): linear
 * steps within each power of the factor, "< 1" below the low magnitude and
 * ">= 1000" above the high one.
 */
#pragma D option quiet

BEGIN
{
	@ = llquantize(0, 10, 0, 2, 10);
	@ = llquantize(5, 10, 0, 2, 10);
	@ = llquantize(55, 10, 0, 2, 10);
	@ = llquantize(555, 10, 0, 2, 10);
	@ = llquantize(5555, 10, 0, 2, 10);
	exit(0);
}
