/*
 * ASSERTION: an array used with another number of keys than before.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	x[123, 456] = timestamp;
}

END
{
	x[123, 456, 789] = timestamp;
}
