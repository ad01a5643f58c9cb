/*
 * ASSERTION: a clause-local variable is no associative array.
 * @@runtest-opts: -x errtags
 */
BEGIN
{
	this->x[1, 2] = 123;
	exit(0);
}
