/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: quantize()'s increment may be negative: with counts of both
 * signs the bars are half width either side of a centre line; with only
 * negative counts they grow leftwards.
 * EXPECTED: illumos libdtrace dt_consume.c (dt_print_quantline): with
 * counts of both signs the bars are half width either side of a centre;
 * with only negative counts they grow leftwards.
 */
#pragma D option quiet

BEGIN
{
	@both = quantize(1, -1);
	@both = quantize(4, 3);
	@neg = quantize(2, -2);
	@neg = quantize(100, -6);
	exit(0);
}
