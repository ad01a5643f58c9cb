/*
 * ASSERTION: a declaration takes one storage class: self or this.
 * @@runtest-opts: -x errtags
 */
self this int x;

BEGIN
{
	exit(0);
}
