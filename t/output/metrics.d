/* SPDX-License-Identifier: GPL-2.0-or-later */
/* each kind of metric, for t/output/metrics-text.sh (metrics.r) */
BEGIN
{
	@calls["Put"] = count();
	@calls["Put"] = count();
	@calls["Get"] = count();
	@bytes[3, "x"] = sum(100);
	@hi = max(7);
	@mean = avg(4);
	@mean = avg(8);
	@lat["Put"] = quantize(5);
	@lat["Put"] = quantize(100);
	@neg = quantize(-3);
	@lin = lquantize(3, 0, 10, 5);
	@lin = lquantize(12, 0, 10, 5);
	@log = llquantize(50, 10, 1, 2, 10);
	@ = count();
	exit(0);
}
