#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/lib.sh's cleanup trap kills what the test started, and only that.
# A pid in its list may name a command that ended long before the test
# does: bash reaps a background job as it ends, and once the kernel's
# pid counter wraps (32768 pids, a minute on a loaded machine) the
# number belongs to some other process, such as another test's shell,
# which then died of SIGKILL with no message (exit status 137).  The
# reuse itself cannot be forced without privileges; its result can: a
# list that names a live process that is not the test's.
. "$top_srcdir/t/lib.sh"

# alive PID: PID is a process that has not ended (a zombie has).
alive()
{
	_st=
	read -r _st 2>/dev/null <"/proc/$1/stat"
	_st=${_st##*) }
	[ -n "$_st" ] && [ "${_st%% *}" != Z ]
}

# A stranger: a process that is not a descendant of the test's shell
# (its parent, a subshell, is gone), bounded by its own timeout, which
# passes SIGTERM on to it at the end.
(timeout -k 5 600 sleep 600 >/dev/null 2>&1 &
    echo $! >"$T/stranger")
read -r S <"$T/stranger"
alive "$S" || fail "the stranger did not start"
trap '_pt_cleanup; kill -TERM "$S" 2>/dev/null' EXIT

# The inner test: spawns a command that stays (killed by the cleanup),
# one that ends at once (its reaped pid stays in the list), and the
# stranger's pid in the list, as a reused pid would be.
cat >"$T/inner.sh" <<'EOS'
. "$top_srcdir/t/lib.sh"
spawn _long 60 sleep 60
LONG=$(child_of "$_long") || fail "no sleep pid"
_pt_pids="$_pt_pids $LONG"
spawn _short 60 true
wait "$_short"
_pt_pids="$_pt_pids $1"
echo "$_long $LONG" >"$2"
EOS
bounded 60 bash "$T/inner.sh" "$S" "$T/inner.pids" ||
	fail "the inner test failed"
read -r TLONG LONG <"$T/inner.pids"
for p in $TLONG $LONG; do
	! alive "$p" || fail "the cleanup left pid $p running"
done
say "ok: the spawned command and its timeout were killed"
alive "$S" || fail "the cleanup killed pid $S, which was not the test's"
say "ok: the stranger's pid in the list was left alone"
