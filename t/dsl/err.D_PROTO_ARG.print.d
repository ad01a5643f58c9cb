/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: print() of a value that is not a pointer is refused when
 * compiled.
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle's Linux DTrace declares print() as void(void *)
 * (libdtrace/dt_open.c) and refuses print(1) with D_PROTO_ARG
 * (dtrace-utils print/err.D_PROTO_ARG.arg); the wording, its
 * suggestion and the file:line:col are pidtrace's.
 */
BEGIN
{
	x = 1;
	print(x);
}
