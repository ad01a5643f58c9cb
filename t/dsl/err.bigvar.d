/*
 * ASSERTION: a variable holds at most 1 MiB by value: a larger struct or
 * array is refused when compiled, not allocated.
 */
int a[1000][1000];

BEGIN
{
	exit(0);
}
