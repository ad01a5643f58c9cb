/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printf's %d and %i print an unsigned argument unsigned:
 * Oracle's dt_printf.c (pfcheck_dint) turns the conversion into %u when
 * the argument's type is unsigned, after the value is made its type's.
 * So (uint16_t)-1 is 65535, (unsigned char)0xef 239 and (unsigned int)-12345
 * 4294954951, while a signed char 0xef is -17.
 * EXPECTED: Oracle libdtrace dt_printf.c (pfcheck_dint makes %d a %u for
 * an unsigned argument); C's conversions for the values.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %i %d\n", (uint16_t)-1, (unsigned char)0xef,
	    (unsigned int)-12345);
	printf("%d %d %d\n", (char)0xef, (short)-1, (uint64_t)-1);
	printf("%5d|%-5d|\n", (uint8_t)300, (int8_t)300);
	exit(0);
}
