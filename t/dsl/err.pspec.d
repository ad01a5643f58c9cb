/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: with the pspec option a word such as "int*x" is a probe
 * description, which in a script needs a predicate or actions.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace, with pspec set, reads the word as a
 * probe specifier (libdtrace/dt_lex.l) and reports D_SYNTAX at the end
 * of input for the missing clause body; the wording is pidtrace's.
 */
#pragma D option pspec

int*x
