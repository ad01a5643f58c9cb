/*
 * ASSERTION: a misspelt function is named with a suggestion (the seed's
 * latency-put.d, with its typo).
 * @@runtest-opts: 1234
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
