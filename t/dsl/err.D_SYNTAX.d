/*
 * ASSERTION: a syntax error names the token, the line and the column.
 */
BEGIN
{
	x = ;
}
