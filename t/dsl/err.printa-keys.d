/*
 * ASSERTION: printa() joins aggregations only when their keys agree.
 */
BEGIN
{
	@a["x"] = count();
	@b[1] = count();
	printa(@a, @b);
}
