/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: strtok() takes a string, or NULL to go on (Oracle's
 * dtrace-utils funcs/strtok/err.D_PROTO_ARG.strtokbadstr).
 * @@runtest-opts: -x errtags
 * EXPECTED: Oracle DTrace raises D_PROTO_ARG for strtok()'s integer
 * argument (libdtrace/dt_parser.c, the prototype check); dtrace-utils
 * test/unittest/funcs/strtok/err.D_PROTO_ARG.strtokbadstr.d expects that
 * tag; the file:line:col are pidtrace's.
 */
BEGIN
{
	strtok(1234, "abc");
}
