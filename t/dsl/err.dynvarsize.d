/*
 * ASSERTION: a dynvarsize too small for one element of an array refuses
 * the program once its probes matched, as dtrace does ("could not
 * enable tracing: Enabling exceeds size of buffer": dtrace-utils'
 * assocs/err.dynvarsize-too-small).
 */
#pragma D option dynvarsize=15

BEGIN
{
	a[1] = 1;
	exit(0);
}
