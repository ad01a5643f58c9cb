/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: with -x rawbytes trace() prints its record's bytes: a
 * heading of 16 hex columns, then the offset, each byte in hex and the
 * printable ones; an integer's bytes little-endian, as many as its type
 * has.
 * EXPECTED: Oracle's libdtrace dt_consume.c (dt_print_rawbytes lays them
 * out so), as dtrace-utils' funcs/strjoin tests print them.
 */
#pragma D option quiet
#pragma D option rawbytes

BEGIN
{
	trace((int)0x41424344);
	trace((short)0x7e21);
	exit(0);
}
