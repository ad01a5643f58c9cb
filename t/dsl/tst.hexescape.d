/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a \x escape takes every hex digit after it and keeps the low
 * byte of their value, however many digits there are.
 * EXPECTED: Oracle's Linux DTrace (libdtrace/dt_string.c, stresc2chr) reads
 * all the digits and stores (char) of the value: \x141 is 0x41, "A";
 * \x2777777777742 is 0x42, "B"; \x43 is "C".
 */
#pragma D option quiet

BEGIN
{
	printf("%s%s%s\n", "\x141", "\x2777777777742", "\x43");
	exit(0);
}
