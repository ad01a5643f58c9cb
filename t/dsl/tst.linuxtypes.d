/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: Linux's fixed-size integer types and bool name types, as
 * the kernel's do for dtrace: their sizes and signs, as members and as
 * casts; a program may still declare its own bool.
 * EXPECTED: Linux's <asm-generic/int-ll64.h> (__u8 is unsigned char,
 * __s64 long long...) and <linux/types.h> (bool is _Bool), which
 * Oracle's dtrace reads from the kernel's CTF; dtrace-utils' print
 * tests declare struct members as __u8, __u64 and bool.  A D struct has
 * no padding after its last member (libctf's ctf_add_member).
 */
#pragma D option quiet

struct t {
	__u8	a;
	__u64	b;
	bool	c;
	__s16	d;
};

BEGIN
{
	printf("%d %d %d %d %d %d %d %d %d\n", sizeof(__u8), sizeof(__s8),
	    sizeof(__u16), sizeof(__s16), sizeof(__u32), sizeof(__s32),
	    sizeof(__u64), sizeof(__s64), sizeof(bool));
	printf("%d %d %d %d\n", sizeof(struct t), offsetof(struct t, b),
	    offsetof(struct t, c), offsetof(struct t, d));
	printf("%d %d %d %d\n", (__u8)-1, (__s8)0xff, (__u16)-1,
	    (__s32)0xffffffff);
	exit(0);
}
