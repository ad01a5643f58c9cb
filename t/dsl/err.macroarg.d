/*
 * ASSERTION: a macro argument that was not given is an error.
 */
BEGIN
{
	trace($2);
}
