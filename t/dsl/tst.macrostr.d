/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a macro argument that is neither an integer nor a name is a
 * string, its enclosing double quotes dropped; $0 is the script's name
 * as given; $$target is the target's pid as a string.
 * @@runtest-opts: -q a/b "quoted" 7
 * EXPECTED: dtrace's lexer (Oracle's libdtrace dt_lex.l) takes them so;
 * dtrace-utils' scripting/tst.arg0 prints $0.
 */

BEGIN
{
	printf("%s|%s|%s|%d|%s\n", $0, $1, $2, $3 + 1, $$target);
	exit(0);
}
