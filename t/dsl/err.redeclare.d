/*
 * ASSERTION: a declared variable keeps its declared type.
 */
int x;

BEGIN
{
	x = "string";
}
