/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: -x dynvarsize bounds the associative arrays' memory: a new
 * element past it is lost and counted as a dynamic variable drop; -x
 * droptags puts dtrace's tag first.  60 bytes hold one element of an int
 * keyed by an int, not two: the second and third are lost.
 * EXPECTED: dtrace's drop message and tag (Oracle's libdtrace
 * dt_handle.c: "N dynamic variable drops", DTRACEDROP_DYNAMIC); a lost
 * store reads 0.
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
