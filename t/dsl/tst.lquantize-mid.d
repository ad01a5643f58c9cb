/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: lquantize() prints from one empty row below the data to one
 * above, and the rows keep the step.
 * EXPECTED: illumos libdtrace dt_consume.c (dt_print_lquantize): the rows
 * start one empty bucket below the first non-zero one and end one above
 * the last.
 */
#pragma D option quiet

BEGIN
{
	@a["x"] = lquantize(42, 0, 100, 5);
	@a["x"] = lquantize(44, 0, 100, 5);
	@a["x"] = lquantize(51, 0, 100, 5);
	exit(0);
}
