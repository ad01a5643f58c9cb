#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ^C in the middle of sampling (profile-997 with ustack() on four
# threads that never block): pidtrace ends promptly, prints its
# aggregation, and leaves every thread of the target untraced and
# running; the target then runs to its correct end (work=N, exit 0).
. "$top_srcdir/t/lib.sh"

spawn TP 60 "$TARGETS/pf-threads" 4 10 >"$T/tgt"
tgt=$(child_of "$TP") || fail "no target"
exec 3<"/proc/$tgt/status"	# keep the pid ours to look at
spawn DP 30 "$PIDTRACE" -q -p "$tgt" -n 'profile-997 { @[ustack()] = count(); }
    profile-997 { @n = count(); }
    tick-50ms { printa("samples %@d\n", @n); }' >"$T/out" 2>"$T/err"
wait_for "$T/out" '^samples [1-9][0-9]'
kill -INT "$DP"
wait "$DP"
rc=$?
[ $rc = 0 ] || fail "pidtrace exited $rc after ^C: $(cat "$T/err")"
grep -q 'pf-threads`worker' "$T/out" ||
	fail "no worker stacks printed: $(tail -n 5 "$T/out")"
for st in /proc/"$tgt"/task/*/status; do
	# a thread that ended meanwhile (the target's time is up) is fine
	tp=$(awk '/^TracerPid:/ { print $2 }' "$st" 2>/dev/null) || continue
	[ -n "$tp" ] || continue
	[ "$tp" = 0 ] || fail "$st still traced by $tp"
	s=$(awk '/^State:/ { print $2 }' "$st" 2>/dev/null)
	case $s in
	t|T) fail "$st left stopped ($s)" ;;
	esac
done
wait "$TP"
rc=$?
[ $rc = 0 ] || fail "the target exited $rc after the detach"
grep -q "^work=[1-9]" "$T/tgt" || fail "the target did not finish: $(cat "$T/tgt")"
exit 0
