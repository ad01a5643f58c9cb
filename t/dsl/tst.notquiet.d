/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: without -q each clause that records data prints its probe
 * line; trace() prints integers " %10d" (int) or " %19lld" (64-bit)
 * and strings "  %-33s"; a clause that only assigns prints nothing; an
 * empty clause prints the line alone.
 * EXPECTED: Oracle's libdtrace dt_consume.c (dt_print_datum): int
 * " %10d", signed 64-bit " %19ld" (illumos: " %8d", " %16lld"), strings
 * "  %-33s"; a data-recording clause prints its probe line, a clause that
 * records nothing prints nothing.
 */

BEGIN
{
	x = 1;
}

BEGIN
{
	trace(1);
	trace((long long)2);
	trace("str");
}

BEGIN
{
}

BEGIN
{
	exit(0);
}

END
{
	printf("end %d", x);
}
