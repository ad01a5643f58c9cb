/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: extra words are macro arguments: $1 as an integer, $$2 as a
 * string, $0 the script name.
 * @@runtest-opts: 42 foo
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Scripting": $1 is
 * the first argument as an integer, $$2 the second as a string, $0 the
 * script's name.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %s %s %d\n", $1 + 1, $$2, $$0, $1 * 2);
	exit(0);
}
