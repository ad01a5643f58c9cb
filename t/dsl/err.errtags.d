/*
 * ASSERTION: -x errtags puts dtrace's tag before the message.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	@ = lquantize(1, 10, 0, 1);
}
