/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: htons, htonl, htonll and the ntoh* swap bytes on a
 * little-endian host, and their types are 16, 32 and 64 bits unsigned.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Actions and
 * Subroutines": htons, htonl, htonll and ntohs, ntohl, ntohll convert
 * between host and network byte order (uint16_t, uint32_t, uint64_t).
 */
#pragma D option quiet

BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678),
	    htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0x123456), ntohl(0x1122334455),
	    ntohll(htonll(0xfeedface)));
	printf("%d %d %d\n", sizeof (htons(1)), sizeof (ntohl(1)),
	    sizeof (htonll(1)));
	exit(0);
}
