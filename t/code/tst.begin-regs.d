/*
 * ASSERTION: BEGIN of a traced program (-c) is no firing of it: there
 * is no thread whose registers or stack to read, and uregs[R_PC],
 * ustackdepth and ucaller read 0 (they read the host's hooks, which
 * once took the missing firing for a process and crashed); vtimestamp
 * is timestamp.  The target prints nothing: after exit() it may run a
 * moment before it is killed, and its output is the test's stdout.
 * @@trigger: ta-c 1
 * EXPECTED: dtrace fires BEGIN before any probe of the traced program
 * and in none of its threads (the DTrace guide, "dtrace Provider"):
 * there is no register, stack or caller of the target to read.
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", uregs[R_PC], ustackdepth, ucaller,
	    vtimestamp == timestamp);
	exit(0);
}
