/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a probe description and a predicate with no actions after
 * them at the end of a script is refused.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace's grammar (libdtrace/dt_grammar.y,
 * probe_definition) refuses a predicate without "{ }" with D_SYNTAX,
 * from a file or the command line.  The wording and the place (the
 * predicate's closing slash) are pidtrace's.
 */
BEGIN
{
	exit(0);
}

END
/ 1 /
