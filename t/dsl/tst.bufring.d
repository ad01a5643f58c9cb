/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: -x bufpolicy=ring keeps what the clauses print and writes
 * it when tracing ends; what fits in bufsize comes out whole and in
 * order, as with the switch policy.
 * EXPECTED: Oracle's Linux DTrace, test/unittest/buffering (the ring
 * policy with a buffer that does not wrap prints each record once, in
 * the order made, at exit).
 */
#pragma D option quiet
#pragma D option bufpolicy=ring
#pragma D option bufsize=64k

tick-1ms
/n < 4/
{
	printf("tick %d\n", n++);
}

tick-1ms
/n == 4/
{
	exit(0);
}

END
{
	printf("end\n");
}
