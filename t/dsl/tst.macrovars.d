/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ASSERTION: $pid, $ppid, $uid, $gid... are those of pidtrace itself, as
 * dtrace's are of dtrace: in BEGIN, pid and $pid agree.
 * EXPECTED: the DTrace guide (Dynamic Tracing Guide), "Scripting", Macro
 * Variables: $pid, $ppid, $uid and $gid are those of the dtrace process
 * itself.
 */
#pragma D option quiet

BEGIN
/$pid != 0/
{
	printf("%d %d %d %d\n", $pid == pid, $ppid == ppid, $uid == uid,
	    $gid == gid);
	exit(0);
}
