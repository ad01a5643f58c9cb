/*
 * ASSERTION: printf() arguments are checked against the conversions.
 */
BEGIN
{
	printf("%d\n", "string");
}
