/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: declarations give variables their type before any use:
 * unsigned char wraps at 256, this-> uint16_t at 65536, an array's key
 * types are fixed, a self-> variable reads 0 until set.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Variables" and
 * "Thread-Local Variables": a declared variable has its type from the
 * start; a thread-local variable reads zero until assigned.
 */
#pragma D option quiet

self int ts;
string name;
unsigned char c;
int counts[string, int];
this uint16_t w;

BEGIN
{
	printf("%d [%s]\n", self->ts, name);
	name = "pidtrace";
	c = 300;
	counts["k", 2] = 5;
	counts["k", 2]++;
	this->w = 70000;
	printf("%s %d %d %d %d\n", name, c, counts["k", 2], this->w,
	    sizeof (c));
	exit(0);
}
