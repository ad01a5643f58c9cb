/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: -x aggzoom draws each histogram to the scale of its
 * largest count, whose bar fills the 40 columns.
 * EXPECTED: illumos's aggzoom option ("zoom aggregations": the largest
 * bucket fills the width); without it a bar is its count's share of the
 * total, as tst.quantize shows.
 */
#pragma D option quiet
#pragma D option aggzoom

BEGIN
{
	@ = quantize(1);
	@ = quantize(1);
	@ = quantize(2);
	exit(0);
}
