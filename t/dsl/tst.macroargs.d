/*
 * ASSERTION: extra words are macro arguments: $1 as an integer, $$2 as a
 * string, $0 the script name.
 * @@runtest-opts: 42 foo
 */
#pragma D option quiet

BEGIN
{
	printf("%d %s %s %d\n", $1 + 1, $$2, $$0, $1 * 2);
	exit(0);
}
