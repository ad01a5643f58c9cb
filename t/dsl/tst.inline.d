/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: an inline names an expression, computed where it is used,
 * in the clause that uses it, as the inline's type; an inline array's
 * keys stand for its parameters; an inline may use those defined
 * before it (the DTrace guide, "Inlines"; Oracle's dtrace-utils
 * inline/tst.InlineKinds: i0 = 100 + 23 is 123, i4[10, 20] = x + y is
 * 30).  A char inline keeps 8 bits, as its type.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Inlines";
 * Oracle's dtrace-utils inline/tst.InlineKinds (i0 = 123, i1 = BEGIN,
 * i4[10, 20] = 30); C's conversion to char for 'a' + 257.
 */
#pragma D option quiet

inline int i0 = 100 + 23;
inline string i1 = probename;
inline int i2 = pid != 0;
inline int i4[int x, int y] = x + y;
inline char c = 'a' + 256 + 1;
inline int twice = i0 * 2;

struct rec {
	int	a;
};
struct rec r;
inline struct rec r2 = r;

BEGIN
{
	r.a = 5;
	printf("%d %s %d %d %c %d %d\n", i0, i1, i2, i4[10, 20], c, twice,
	    r2.a);
	exit(0);
}
