/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printa(@) starts with a newline and prints like the final
 * print; printa(fmt, @) formats each entry, %@ takes the value (inline
 * histograms for quantize); a printed aggregation is not printed again
 * at the end, the others are.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Output Formatting",
 * printa(): printa(@) prints as the final print does, after a newline;
 * printa(fmt, @) formats each entry, %@ the value; a printed aggregation
 * is not printed again at the end.
 */
#pragma D option quiet

BEGIN
{
	@c["read"] = count(); @c["read"] = count(); @c["write"] = count();
	@q["put"] = quantize(70000);
	@left = sum(3);
	printa(@c);
	printa("%s=%@d|\n", @c);
	printa("%-8s %@5u\n", @c);
	printa("SYSCALL NSECS\n%s%@1x\n", @q);
	exit(0);
}
