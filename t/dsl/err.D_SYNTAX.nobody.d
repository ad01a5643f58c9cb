/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: in a script, a probe description with neither a predicate
 * nor actions (here a bare BEGIN at the end of the file) is refused.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace's grammar (libdtrace/dt_grammar.y,
 * probe_definition) refuses a probe description alone when the input is
 * a file, with D_SYNTAX; from the command line (-n BEGIN) it is accepted
 * (t/dsl/clause-body.sh).  The wording and the place (the description)
 * are pidtrace's.
 */
BEGIN
