/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: %S escapes a string as dtrace does (libdtrace's strchr2esc
 * over the string's record): \a \b \f \n \r \t \v \" \\ by letter, the
 * space as itself, other bytes outside '!'..'~' as three octal digits,
 * then \0 for the NUL that ends the string; width and '-' apply to the
 * escaped text.  No process.
 * EXPECTED: illumos libdtrace dt_printf.c (%S through strchr2esc): the
 * escapes and octal digits as it writes them.
 */
#pragma D option quiet

BEGIN
{
	printf("[%S]\n", "plain text ~!");
	printf("[%S]\n", "\a\b\f\n\r\t\v\"\\");
	printf("[%S]\n", "\001\177\200\377");
	printf("[%S]\n", "");
	printf("[%12S] [%-12S]\n", "ab", "cd");
	exit(0);
}
