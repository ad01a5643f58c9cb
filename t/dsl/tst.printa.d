/*
 * ASSERTION: printa(@) starts with a newline and prints like the final
 * print; printa(fmt, @) formats each entry, %@ takes the value (inline
 * histograms for quantize); a printed aggregation is not printed again
 * at the end, the others are.
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
