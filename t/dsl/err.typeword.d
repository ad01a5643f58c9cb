/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: "int*x" with no ';' is a declaration cut short by the end of
 * the file, not a probe description.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace reports a syntax error at the end of
 * input (D_SYNTAX) for this text; the wording and the file:line:col are
 * pidtrace's.
 */
int*x
