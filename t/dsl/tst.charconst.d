/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: character and string constants as Oracle's dtrace reads
 * them (its stresc2chr, and dtrace-utils types/tst.charconstants and
 * tst.stringconstants): a character constant holds up to 8
 * characters, the first the most significant byte; an escape dtrace
 * does not know keeps its backslash, so '\?' is two characters and
 * "\?" prints as \?; \x takes every hex digit after it.
 * EXPECTED: Oracle's libdtrace dt_lex.l and dt_string.c (stresc2chr),
 * and dtrace-utils types/tst.charconstants and tst.stringconstants.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 'a', 'ab"d', '\?', '\0103');
	printf("%d\n", 'a\bcdefgh');
	printf("%s|%s\n", "x\?y\c", "\x41\x4a");
	exit(0);
}
