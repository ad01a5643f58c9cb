/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: -x dynvarsize bounds the associative arrays' memory: a new
 * element past it is lost and counted as a dynamic variable drop; -x
 * droptags puts dtrace's tag first.  An element of an int keyed by an
 * int counts 24 bytes: 60 hold two, the third is lost.
 * EXPECTED: dtrace's drop message and tag (Oracle's libdtrace
 * dt_handle.c: "N dynamic variable drop", DTRACEDROP_DYNAMIC); the size
 * of an element as dtrace-utils counts it (80 bytes hold three: its
 * assocs/tst.store_zero_deletes); a lost store reads 0.
 */
#pragma D option quiet
#pragma D option dynvarsize=60
#pragma D option droptags

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	a[1] = 4;
	printf("%d %d %d\n", a[1], a[2], a[3]);
	exit(0);
}
