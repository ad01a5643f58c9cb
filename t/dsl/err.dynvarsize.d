/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a dynvarsize too small for one element of an array refuses
 * the program once its probes matched.
 * EXPECTED: Oracle's Linux DTrace (dtrace-utils'
 * assocs/err.dynvarsize-too-small): the "matched" notice, then "could not
 * enable tracing: Enabling exceeds size of buffer".
 */
#pragma D option dynvarsize=15

BEGIN
{
	a[1] = 1;
	exit(0);
}
