/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a member of a struct known only by its tag cannot be read.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_OP_INCOMPLETE (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
struct nowhere *p;

BEGIN
{
	trace(p->x);
	exit(0);
}
