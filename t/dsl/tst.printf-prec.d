/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a precision or width of 0 is no precision or width: "%.0s"
 * and "%.*s" with 0 print the whole string, "%.0d" of 0 prints 0; a
 * negative '*' width left-justifies.
 * EXPECTED: Oracle's libdtrace dt_printf.c (dt_printf_format writes a
 * width or precision only above 0), as dtrace-utils' printf/tst.precs
 * expects; C's printf would print nothing for "%.0s".
 */
#pragma D option quiet

BEGIN
{
	printf("[%.0s]\n", "hello");
	printf("[%.*s]\n", 0, "hello");
	printf("[%.*s]\n", 2, "hello");
	printf("[%.0d]\n", 0);
	printf("[%*d]\n", -3, 7);
	printf("[%0d]\n", 5);
	exit(0);
}
