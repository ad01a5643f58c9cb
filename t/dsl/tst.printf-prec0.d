/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: printf's precision 0 on a string is none, as in Oracle's
 * dtrace: "%.0s" and "%.*s" with 0 print all of the string (dtrace-utils
 * printf/tst.precs); other precisions cut it, as C's.
 * EXPECTED: Oracle's dtrace-utils printf/tst.precs ("%.0s" prints
 * hello); C's printf(3) for the other precisions.
 */
#pragma D option quiet

BEGIN
{
	printf("%.0s|%.*s|%.2s|%.*s\n", "hello", 0, "hello", "hello", 3,
	    "hello");
	exit(0);
}
