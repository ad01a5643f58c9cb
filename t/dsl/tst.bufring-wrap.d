/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a ring of bufsize bytes keeps the newest output: the
 * oldest lines go to make room, whole, and how many went is said on
 * standard error, under -q too.  Ten 4-byte lines, "end" and the last
 * newline make 45 bytes; 32 hold the last 6 lines and what follows.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide, "Buffers and
 * Buffering": a ring buffer keeps the most recent data, overwriting the
 * oldest); pidtrace's records are its text lines, and lost data is
 * reported as pidtrace reports drops.
 */
#pragma D option quiet
#pragma D option bufpolicy=ring
#pragma D option bufsize=32

BEGIN
{
	printf("k=0\n"); printf("k=1\n"); printf("k=2\n"); printf("k=3\n");
	printf("k=4\n"); printf("k=5\n"); printf("k=6\n"); printf("k=7\n");
	printf("k=8\n"); printf("k=9\n");
	exit(0);
}

END
{
	printf("end\n");
}
