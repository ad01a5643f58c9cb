/* SPDX-License-Identifier: GPL-2.0-or-later */
/* every aggregating function, keys of both types, printa, trace, printf:
 * the JSON records t/output/json.sh compares with aggs.r */
BEGIN
{
	trace(42);
	trace((char)-1);
	trace(0xffffffffffffffff);
	printf("x=%d s=%s\n", 7, "abc");
	@c["a"] = count();
	@c["b"] = count();
	@c["b"] = count();
	printa(@c);
	@q = quantize(5);
	@q = quantize(100);
	@q = quantize(-9);
	@l = lquantize(3, 0, 10, 2);
	@l = lquantize(-1, 0, 10, 2);
	@l = lquantize(99, 0, 10, 2);
	@ll = llquantize(50, 10, 0, 3, 10);
	@a[1, "k"] = avg(4);
	@a[1, "k"] = avg(8);
	@s = stddev(3);
	@s = stddev(5);
	@mx = max(-3);
	@mn = min(-3);
	@sm = sum(12);
	exit(0);
}
