/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: '@' and '?' may sit anywhere among a conversion's flags and
 * width ("%8@d" as "%@8d"); '?' is a pointer's width (16); precisions cut
 * strings.
 * EXPECTED: illumos libdtrace dt_printf.c (dt_printf_create): '@' and '?'
 * are accepted among the flags and width; '?' is a pointer's width.
 */
#pragma D option quiet

BEGIN
{
	@a = count();
	@a = count();
	printa("[%8@d]\n", @a);
	printa("[%-@8d]\n", @a);
	printf("[%?d] [%-?x]\n", 1, 255);
	x = "abcdefgh";
	printf("[%.5s] [%8.2s] [%-6.3s] [%.*s]\n", x, "xyz", "hello", 3, x);
	exit(0);
}
