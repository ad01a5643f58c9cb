/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: speculation() hands out ids 1..nspec, then 0; speculate()
 * sends the rest of a clause to the buffer; commit() prints it where the
 * commit happens, discard() drops it, and both free the id for reuse;
 * 0 and inactive ids are ignored by commit() and discard(), and end a
 * clause that speculate()s on one, which prints nothing; a speculation()
 * that finds no free buffer is reported on stderr.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Speculative
 * Tracing": speculation() returns an id or 0 when none is free,
 * speculate() buffers the rest of the clause, commit() and discard() end
 * it; Oracle's Linux DTrace ends a clause speculating on no live id
 * silently (dtrace-utils' speculation/tst.SpeculationWithZero) and
 * reports "1 failed speculation (no speculative buffer available)"
 * (its speculation/tst.NoSpecBuffer).
 */
#pragma D option quiet
#pragma D option nspec=3

BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	d = speculation();
	printf("ids %d %d %d %d\n", a, b, c, d);
}

BEGIN
{
	speculate(a);
	printf("a: first\n");
}

BEGIN
{
	speculate(b);
	printf("b: dropped\n");
}

BEGIN
{
	speculate(a);
	printf("a: second\n");
}

BEGIN
{
	speculate(c);
	printf("c: %s\n", "third");
}

BEGIN
{
	printf("not speculative\n");
}

BEGIN
{
	commit(c);
	discard(b);
	commit(a);
	commit(0);
	discard(0);
}

BEGIN
{
	speculate(b);
	printf("b is inactive: never printed\n");
}

BEGIN
{
	e = speculation();
	speculate(0);
	printf("zero: never printed\n");
}

BEGIN
{
	printf("reused %d\n", e);
	exit(0);
}
