/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: a misspelt function is named with a suggestion (the seed's
 * latency-put.d, with its typo).
 * @@runtest-opts: 1234
 * EXPECTED: Oracle DTrace refuses a call of an undefined function
 * (D_FUNC_UNDEF, libdtrace/dt_parser.c: 'undefined function name'); the
 * suggestion, the wording and the file:line:col are pidtrace's.
 */

pid$1::_ZN9leveldown8Database3PutERKN2v89ArgumentsE:entry
{
	self->ts = timestamp;
}

pid$1::_ZN9leveldown8Database3PutERKN2v89ArgumentsE:return
/self->ts/
{
	@[probefunc] = quatize(timestamp - self->ts);
}

END
{
	printa("SYSCALL NSECS                        # OF OCCURANCES\n%s%@1x\n", @);
}
