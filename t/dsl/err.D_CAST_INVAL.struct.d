/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an integer cannot be cast to a struct.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace refuses this with D_CAST_INVAL (libdtrace/
 * dt_parser.c); the wording and the file:line:col are pidtrace's.
 */
struct s { int a; };

BEGIN
{
	x = 5;
	trace(((struct s)x).a);
	exit(0);
}
