/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: alloca() gives a clause memory of D's own, as Oracle's
 * dtrace does: an alloca pointer is an offset into scratch memory, the
 * first allocation at 8, each at a multiple of 8 (dtrace-utils'
 * tst.alloca-alignment: b - a is 8), alloca(0) where the next would go
 * (tst.alloca0); stores through it and through pointers made from it
 * (casts, p - 1, &p[i]) read back; bcopy() copies into it; a char *
 * there is a string where one is wanted (tst.alloca-funcs).
 * EXPECTED: Oracle's dtrace-utils funcs/alloca/tst.alloca-alignment (b -
 * a is 8), tst.alloca0, tst.alloca-funcs,
 * funcs/bcopy/tst.bcopy-into-alloca; the first alloca pointer is 8 and
 * each is a multiple of 8 (libdtrace/dt_cg.c, dt_cg_subr_alloca_impl).
 */
#pragma D option quiet

struct foo {
	int	a;
	char	b;
	int	c;
} *ptr;

BEGIN
{
	a = alloca(1);
	b = alloca(1);
	printf("%d %d %d\n", (uint64_t)a, (uint64_t)b - (uint64_t)a,
	    alloca(0) == alloca(0));
	s = (char *)alloca(10);
	s[0] = 'h';
	s[1] = 'i';
	j = s - 1;
	j[3] = '!';
	printf("%s %d %d %s\n", stringof(s), strlen(s), (uint64_t)s,
	    basename(s));
	p = (int *)alloca(2 * sizeof(int));
	p[1] = 0x41424344;
	q = (char *)p;
	printf("%c %d\n", q[4], *(p + 1) == 0x41424344);
	bcopy("abcdef", s, 4);
	bcopy(&q[4], &s[4], 1);
	printf("%s\n", stringof(s));
	ptr = alloca(sizeof(struct foo));
	ptr->c = 0x42;
	ptr->c++;
	printf("%x %d\n", ptr->c, ptr->a);
	exit(0);
}
