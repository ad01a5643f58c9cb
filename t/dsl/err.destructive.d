/*
 * ASSERTION: without -w a destructive action is refused before anything
 * runs, once the probes matched, as dtrace refuses it (dtrace-utils'
 * options/err.no-w-or-destructive: the "matched" notice, then "could not
 * enable tracing").
 */
BEGIN
{
	printf("never\n");
	system("echo never");
}
