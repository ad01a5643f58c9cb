#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Another user's process: attach fails with EPERM, one line, and a hint
# that names both uids, from the tracer (trdrive) and from pidtrace -p;
# the target is untouched.  As root the attacher
# runs as nobody (setpriv) against a target of root's; as an ordinary
# user (the unprivileged pass of .ci/run) it attaches to init, which
# belongs to root.
. "$top_srcdir/t/tracer/trlib.sh"

drive=$(cd "$(dirname "$TRDRIVE")" && pwd)/trdrive
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || fail "setpriv (util-linux) is missing"
	start_counter
	pid=$TPID me=65534 owner=0
	as_other() { setpriv --reuid=$me --regid=$me --clear-groups "$@"; }
else
	as_other() { "$@"; }
	pid=1 me=$(id -u)
	owner=$(awk '$1 == "Uid:" { print $2 }' /proc/1/status)
	[ "$owner" != "$me" ] || fail "init runs as uid $me, this user"
fi
as_other timeout -k 5 10 "$drive" -p "$pid" >"$T/o" 2>&1 && fail "attach to $pid succeeded"
cat "$T/o"
grep -qx "trdrive: attach: ptrace(PTRACE_SEIZE, $pid): Operation not permitted" "$T/o" ||
	fail "message: $(cat "$T/o")"
grep -qx "hint: process $pid belongs to uid $owner, you are uid $me" "$T/o" ||
	fail "hint: $(cat "$T/o")"

pt=$(cd "$(dirname "$PIDTRACE")" && pwd)/pidtrace
as_other timeout -k 5 10 "$pt" -n 'pid$target::work:entry {}' -p "$pid" >"$T/o" 2>&1
rc=$?
cat "$T/o"
[ $rc = 1 ] || fail "pidtrace -p $pid exited $rc"
printf '%s\n' "pidtrace: attach: ptrace(PTRACE_SEIZE, $pid): Operation not permitted" \
	"hint: process $pid belongs to uid $owner, you are uid $me" >"$T/want"
sc=$(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null)
[ "${sc:-0}" -gt 0 ] && echo "hint: kernel.yama.ptrace_scope is $sc: only descendants (1) or root (2) may attach; try: sysctl kernel.yama.ptrace_scope=0" >>"$T/want"
same_output "$T/want" "$T/o"

if [ "$pid" != 1 ]; then
	# Untouched: the counter still runs its work, untraced.
	echo "go 10 1" >&3
	wait_for "$T/out" '^done work=10 '
fi
