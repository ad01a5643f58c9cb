/*
 * ASSERTION: without -w a destructive action is refused before anything
 * runs, as dtrace refuses it.
 */
BEGIN
{
	printf("never\n");
	system("echo never");
}
