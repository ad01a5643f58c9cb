/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: operators on integer constants fold at compile time, so
 * lquantize() takes -10 and 1 << 4 as constants; folding keeps the
 * runtime's 64-bit arithmetic and a cast narrows.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Types, Operators
 * and Expressions": integer constant expressions are folded, so
 * lquantize() accepts -10 and 1 << 4 where it wants constants; a cast
 * narrows.
 */
#pragma D option quiet

BEGIN
{
	@a = lquantize(3, -10, 10);
	@b = lquantize(3, 0, 1 << 4, 2);
	printf("%d %d %d %d\n", -(-5) * 2, (char)257, (1 < 2) + !0, ~0);
	printf("%d %d\n", sizeof (int) * 2, (uint8_t)(0xff + 2));
	exit(0);
}
