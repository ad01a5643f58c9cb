/*
 * ASSERTION: an aggregation keeps the function it was first given.
 */
BEGIN
{
	@a = count();
	@a = sum(1);
}
