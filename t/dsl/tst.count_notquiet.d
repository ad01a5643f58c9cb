/*
 * ASSERTION: aggregations are not data-recording: the tick-100ms clause
 * prints no probe line, the exit() clause does (dtrace-utils
 * test/unittest/aggs/tst.count_notquiet).
 */

tick-100ms
{
	@a = count();
}
tick-1005ms
{
	exit(0);
}
