/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: aggregations are not data-recording: the tick-100ms clause
 * prints no probe line, the exit() clause does (dtrace-utils
 * test/unittest/aggs/tst.count_notquiet).
 * EXPECTED: dtrace-utils test/unittest/aggs/tst.count_notquiet.r: an
 * aggregating clause prints no probe line, the clause with exit() does.
 */

tick-100ms
{
	@a = count();
}
tick-1005ms
{
	exit(0);
}
