/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an array of bytes (uint8_t hw[6], a struct's char member)
 * is a pointer to its first byte where an address is wanted: in a cast,
 * as link_ntop()'s and inet_ntop()'s address argument, and assigned to a
 * variable; an array member of memory elsewhere (alloca()'s here) gives
 * its own address, not its first bytes read as a pointer.
 * EXPECTED: C's array-to-pointer conversion, which D keeps (the DTrace
 * guide, "Pointers and Arrays": an array name is a pointer to its first
 * element); link_ntop(ARPHRD_ETHER, addr) is the six bytes at addr in
 * two lowercase hex digits each, joined by ':' (Oracle's Linux DTrace
 * reference, link_ntop); inet_ntop(AF_INET, addr) the dotted quad of
 * the four bytes at addr.  Values worked by hand from the bytes stored.
 */
#pragma D option quiet

uint8_t hw[6];
int words[4];

struct frame {
	int	len;
	char	src[6];
	int	ints[3];
};

BEGIN
{
	hw[0] = 0x00; hw[1] = 0x10; hw[2] = 0xe0;
	hw[3] = 0x8a; hw[4] = 0x71; hw[5] = 0x5e;
	printf("%s\n", link_ntop(ARPHRD_ETHER, hw));
	p = (uint8_t *)hw;
	printf("%x %x\n", p[1], *(p + 5));
	printf("%s\n", inet_ntop(AF_INET, hw));

	f = (struct frame *)alloca(sizeof (struct frame));
	f->src[0] = 0x02; f->src[1] = 0x08; f->src[2] = 0x20;
	f->src[3] = 0xac; f->src[4] = 0x04; f->src[5] = 0x0e;
	f->ints[2] = 77;
	printf("%s\n", link_ntop(ARPHRD_ETHER, f->src));
	q = f->ints;
	printf("%d\n", q[2]);
	words[3] = 5;
	r = words;
	printf("%d\n", r[3]);
	exit(0);
}
