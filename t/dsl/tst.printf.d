/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printf() conversions: widths, precisions, flags, '*', %c %o
 * %x %X %u of negative ints (32-bit), %p without 0x, %s, %%.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Output Formatting",
 * printf(): the C conversions, widths, precisions and flags; illumos
 * libdtrace dt_printf.c for %p without 0x and %x of a negative int in 32
 * bits.
 */
#pragma D option quiet

BEGIN
{
	printf("[%d] [%5d] [%-5d] [%05d] [%+d]\n", 42, 42, 42, 42, 42);
	printf("[%x] [%X] [%#x] [%o] [%c]\n", 255, 255, 255, 8, 65);
	printf("[%u] [%x] [%d]\n", -1, -1, -1);
	printf("[%lld] [%llx]\n", (long long)-1, (long long)-1);
	printf("[%10s] [%-10s] [%.3s]\n", "right", "left", "truncate");
	printf("[%*d] [%-*d] [%.*s]\n", 6, 7, 6, 7, 2, "abc");
	printf("[%p] [%%] [%i]\n", 4096, 9);
	printf("[%s]\n", lltostr(123));
	printf("no conversions\n");
	exit(0);
}
