/*
 * ASSERTION: uregs is built in: writing it is refused, not a new array.
 */
BEGIN
{
	uregs[0] = 1;
	exit(0);
}
