/*
 * ASSERTION: with -x rawbytes trace() prints its record's bytes as
 * dtrace-utils' dt_print_rawbytes lays them out: a heading of 16 hex
 * columns, then the offset, each byte in hex and the printable ones;
 * an integer's bytes little-endian, as many as its type has.
 */
#pragma D option quiet
#pragma D option rawbytes

BEGIN
{
	trace((int)0x41424344);
	trace((short)0x7e21);
	exit(0);
}
