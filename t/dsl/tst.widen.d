/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a value of a narrow integer type is made that type's where
 * it meets a wider one (a cast, a store, wider arithmetic) and where it
 * is compared, as dtrace's typecast does; within one type the
 * arithmetic runs in 64 bits and narrows where stored.
 * EXPECTED: illumos libdtrace dt_parser.c (dt_node_promote, C's usual
 * arithmetic conversions): a narrow value is converted where it meets a
 * wider type and where it is compared.
 */
#pragma D option quiet

int i, one;
unsigned int u;
long long z;

BEGIN
{
	i = 1 << 30;
	z = i + i;
	printf("%x %x\n", z, (long long)(i + i));
	u = 0x80000000;
	z = u + u;
	printf("%x %x\n", z, (unsigned long long)(u << 1));
	z = 1;
	z <<= 32;
	printf("%x\n", (i + i) & z);
	one = 1;
	printf("%s\n", (one ^ (one << 31)) > 0 ? "positive" : "negative");
	i = 25920;
	i = i - (5 * i) * i / i * i;
	printf("%d\n", i);
	exit(0);
}
