/*
 * ASSERTION: an unknown variable is reported with the closest name.
 */
BEGIN
{
	trace(timestmp);
}
