/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a translator member that translates with its own translator
 * is refused with an error (it once recursed until pidtrace crashed).
 * @@runtest-opts: -x errtags
 * EXPECTED: a one-line error at the xlate, as for any translation with no
 * translator to use (dtrace's D_XLATE_NONE): within a translator only the
 * translators declared before it are found, as an inline sees only the
 * inlines before it.  The wording and the file:line:col are pidtrace's.
 */
struct s {
	int a;
};

translator struct s < int x > {
	a = xlate<struct s>(x).a;
};

BEGIN
{
	trace(xlate<struct s>(1).a);
	exit(0);
}
