/*
 * ASSERTION: BEGIN of a traced program (-c) is no firing of it: there
 * is no thread whose registers or stack to read, and uregs[R_PC],
 * ustackdepth and ucaller read 0 (they read the host's hooks, which
 * once took the missing firing for a process and crashed); vtimestamp
 * is timestamp.
 * @@trigger: cg-inline 1
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", uregs[R_PC], ustackdepth, ucaller,
	    vtimestamp == timestamp);
	exit(0);
}
