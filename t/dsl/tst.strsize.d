/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: strsize counts a string's characters, its NUL apart, as
 * Oracle's dtrace does: with strsize=10, strjoin("dtrace", "BEGIN") is
 * "dtraceBEGI" (dtrace-utils funcs/strjoin/tst.strjoin-capped-size);
 * with strsize=4 a variable holds "abcd" (variables/tvar/tst.str-size);
 * a longer constant counts as cut (funcs/strlen/tst.capped-sizw).
 * illumos' dtrace kept one character fewer.
 * EXPECTED: Oracle's dtrace-utils funcs/strjoin/tst.strjoin-capped-size
 * (dtraceBEGI), variables/tvar/tst.str-size,
 * funcs/strlen/tst.capped-sizw.
 */
#pragma D option quiet
#pragma D option strsize=10

BEGIN
{
	printf("%s\n", strjoin(probeprov, probename));
	x = "1234567890123";
	printf("%s %d\n", x, strlen(x));
	printf("%s\n", substr("1234567890123", 0, 12));
	printf("%s\n", lltostr(-123456789012));
	printf("%d %d\n", strlen("123456789012"), index("12345678901x", "x"));
	exit(0);
}
