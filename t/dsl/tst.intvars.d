/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a variable keeps its type's bits: an int holds 32 bits of
 * a value computed at run time, in every kind of variable.  Oracle's
 * dtrace stores a variable with its type's size (its dtrace-utils test
 * arithmetic/tst.basics: with int i = 935761216, i * (i - 3 + 5 / i * i)
 * / i * 6 prints 1319599982).  The other values are C's conversions to
 * the variable's type.
 * EXPECTED: Oracle's dtrace-utils arithmetic/tst.basics (1319599982);
 * Oracle libdtrace dt_cg.c stores a variable with its type's size; the
 * other values are C's conversions to the variable's type.
 */
#pragma D option quiet

int i;

BEGIN
{
	i = 935761216;
	i = i * (i - 3 + 5 / i * i) / i * 6;
	printf("%d\n", i);
	i = 0x7fffffff;
	i++;
	printf("%d\n", i);
	i += 0x100000005;
	printf("%d\n", i);
	a[1] = 0;
	a[1] = 0x123456789;
	printf("%d\n", a[1]);
	self->t = 0;
	self->t = 0x1fffffffe;
	printf("%d\n", self->t);
	this->u = 0;
	this->u = timestamp * 0 + 0x1ffffffff;
	printf("%d\n", this->u);
	x = 0xffffffffffULL;
	printf("%x\n", x);
	exit(0);
}
