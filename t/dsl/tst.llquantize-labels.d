/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: llquantize() labels each bin with the least integer it
 * holds, so a magnitude's first bin starts at factor^m even when steps <
 * factor; quantize() keeps 2^62 and up in its last bucket; histograms of
 * equal weight sort by their count at zero, then by key.
 * EXPECTED: Oracle's libdtrace dt_consume.c (dt_print_llquantize,
 * dt_print_quantize) and dt_aggregate.c (dt_aggregate_llquantizedcmp):
 * 1 and 3 land in the bins of 1 and 2, 5 in that of 4, -4 in that of -4;
 * 2^62 prints in the row 4611686018427387904; "c" (one zero) sorts
 * before "a" and "b" (dtrace-utils' aggs/tst.llquantize_basic,
 * tst.quantlast, tst.llquantize_sort).
 */
#pragma D option quiet

BEGIN
{
	@a = llquantize(1, 4, 0, 1, 2);
	@a = llquantize(3, 4, 0, 1, 2);
	@a = llquantize(5, 4, 0, 1, 2);
	@a = llquantize(-4, 4, 0, 1, 2);
	@q = quantize(0x4000000000000000);
	@t["b"] = llquantize(0, 10, 0, 1, 10, 2);
	@t["a"] = llquantize(0, 10, 0, 1, 10, 2);
	@t["c"] = llquantize(0, 10, 0, 1, 10, 1);
	printa(@a);
	printa(@q);
	printa(@t);
	exit(0);
}
