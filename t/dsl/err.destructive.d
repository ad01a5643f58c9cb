/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: without -w a destructive action is refused before anything
 * runs, once the probes matched, as dtrace refuses it.
 * EXPECTED: the DTrace guide, "Destructive Actions": without -w dtrace
 * refuses to enable a destructive action, 'could not enable tracing:
 * Destructive actions not allowed' (libdtrace's EDT_DESTRUCTIVE), after
 * the "matched" notice (dtrace-utils' options/err.no-w-or-destructive).
 */
BEGIN
{
	printf("never\n");
	system("echo never");
}
