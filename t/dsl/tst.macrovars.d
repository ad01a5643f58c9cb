/*
 * ASSERTION: $pid, $ppid, $uid, $gid... are those of pidtrace itself, as
 * dtrace's are of dtrace: in BEGIN, pid and $pid agree.
 */
#pragma D option quiet

BEGIN
/$pid != 0/
{
	printf("%d %d %d %d\n", $pid == pid, $ppid == ppid, $uid == uid,
	    $gid == gid);
	exit(0);
}
