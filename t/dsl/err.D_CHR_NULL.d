/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an empty character constant is refused.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace refuses this construct with D_CHR_NULL
 * (libdtrace/dt_lex.l); dtrace-utils
 * test/unittest/lexer/err.D_CHR_NULL.char.d expects that tag; the wording
 * and the file:line:col are pidtrace's.
 */
BEGIN
{
	x = '';
}
