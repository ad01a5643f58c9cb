/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: bit-fields of a struct D declares: each an integer of its
 * width, in the fewest bytes (a power of 2) that hold it, starting on
 * the byte after the last member's bits, as dtrace's CTF library lays
 * them out (Oracle's dtrace-utils bitfields/tst.SizeofBitField: sizes
 * 2, 5 and 8 below; that library's ctf_add_member pads no struct after
 * its last member: struct { int a; char b; } is 5 bytes); a store keeps
 * the field's bits, the neighbours' stay, a signed field reads
 * sign-extended (tst.BasicSigned: 7 in 3 bits is -1;
 * tst.BitFieldPromotion: 256 in 1 bit is 0).  offsetof() gives a
 * member's offset.
 * EXPECTED: Oracle's dtrace-utils bitfields/tst.SizeofBitField,
 * tst.BasicSigned, tst.BitFieldPromotion, and the CTF library's
 * ctf_add_member (illumos libctf ctf_create.c) for the layout;
 * offsetof() as offsetof/tst.OffsetofAlias.
 */
#pragma D option quiet

struct two {
	int	a : 1;
	int	b : 3;
} v2;
struct five {
	int	c : 12;
	int	a : 10;
	int	b : 3;
} v5;
struct eight {
	char	a : 2;
	short	b : 12;
	long	c : 32;
} v8;
struct tail {
	int	a;
	char	b;
} tl;
struct rec {
	char	c;
	int	x;
	unsigned int	u : 4;
	int	y;
} r;

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(v2), sizeof(v5), sizeof(v8),
	    sizeof(struct rec), sizeof(tl));
	v5.c = 0x7ff;
	v5.a = 7;
	v5.b = 3;
	v5.c++;
	printf("%d %d %d\n", v5.c, v5.a, v5.b);
	v2.a = 256;
	v2.b = 7;
	r.u = 0x1f;
	printf("%d %d %d\n", v2.a, v2.b, r.u);
	printf("%d %d %d\n", offsetof(struct rec, x), offsetof(struct rec, y),
	    offsetof(struct rec, c));
	exit(0);
}
