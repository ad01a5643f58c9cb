/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: signed integer keys sort as unsigned values of their size
 * yet print by type: char and short as unsigned, int and long long as
 * signed; trace() prints them signed (dtrace-utils'
 * test/unittest/aggs/tst.signedkeys, shortened).
 * EXPECTED: dtrace-utils test/unittest/aggs/tst.signedkeys.r: signed keys
 * sort as unsigned values of their size and print by type.
 */
#pragma D option quiet
#pragma D option aggsortkey

BEGIN
{
	trace((char)-2); trace("\n");
	trace((short)-2); trace("\n");
	trace(-2); trace("\n");
	trace((long long)-2); trace("\n");
	@i8[(char)-2] = sum(-2); @i8[(char)-1] = sum(-1); @i8[(char)0] = sum(0);
	@i8[(char)1] = sum(1); @i8[(char)2] = sum(2);
	@i16[(short)-2] = sum(-2); @i16[(short)-1] = sum(-1);
	@i16[(short)0] = sum(0); @i16[(short)1] = sum(1);
	@i16[(short)2] = sum(2);
	@i32[-2] = sum(-2); @i32[-1] = sum(-1); @i32[0] = sum(0);
	@i32[1] = sum(1); @i32[2] = sum(2);
	@i64[(long long)-2] = sum(-2); @i64[(long long)-1] = sum(-1);
	@i64[(long long)0] = sum(0); @i64[(long long)1] = sum(1);
	@i64[(long long)2] = sum(2);
	exit(0);
}
