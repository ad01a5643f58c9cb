#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Another user's process: attach fails with EPERM, one line, and a hint
# that names both uids; the target is untouched.  As root the attacher
# runs as nobody (setpriv) against a target of root's; as an ordinary
# user (the unprivileged pass of .ci/run) it attaches to init, which
# belongs to root.
. "$top_srcdir/t/tracer/trlib.sh"

drive=$(cd "$(dirname "$TRDRIVE")" && pwd)/trdrive
if [ "$(id -u)" = 0 ]; then
	command -v setpriv >/dev/null || fail "setpriv (util-linux) is missing"
	start_counter
	pid=$TPID me=65534 owner=0
	bounded 10 setpriv --reuid=$me --regid=$me --clear-groups \
		"$drive" -p "$pid" >"$T/o" 2>&1 && fail "attach as nobody succeeded"
else
	pid=1 me=$(id -u)
	owner=$(awk '$1 == "Uid:" { print $2 }' /proc/1/status)
	[ "$owner" != "$me" ] || fail "init runs as uid $me, this user"
	bounded 10 "$drive" -p "$pid" >"$T/o" 2>&1 && fail "attach to init succeeded"
fi
cat "$T/o"
grep -qx "trdrive: attach: ptrace(PTRACE_SEIZE, $pid): Operation not permitted" "$T/o" ||
	fail "message: $(cat "$T/o")"
grep -qx "hint: process $pid belongs to uid $owner, you are uid $me" "$T/o" ||
	fail "hint: $(cat "$T/o")"
if [ "$pid" != 1 ]; then
	# Untouched: the counter still runs its work, untraced.
	echo "go 10 1" >&3
	wait_for "$T/out" '^done work=10 '
fi
