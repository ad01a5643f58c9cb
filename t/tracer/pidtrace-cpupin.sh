#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x cpupin pins pidtrace and never the target: with cpupin=0, pidtrace's
# own Cpus_allowed_list becomes 0 once a probe fired in pidtrace (under
# -x fastpath=off: a stop, where the pinning matters; a count() run in
# the traced process never reaches pidtrace, and pins nothing), the
# target's stays what it was, and the counts are exact.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
cpus() { sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' "/proc/$1/status"; }

start_counter
before=$(cpus "$TPID")
spawn _pp 60 "$PIDTRACE" -x cpupin=0 -x fastpath=off -n 'BEGIN { trace("armed"); }
	pid$target::work:entry { @[probefunc] = count(); }' \
	-p "$TPID" >"$T/p.out" 2>"$T/p.err"
PPID_=$(child_of "$_pp")
wait_for "$T/p.out" 'armed'
echo "go 3000 2" >&3
wait_for "$T/out" '^done work=6000 '
mine=$(cpus "$PPID_")
after=$(cpus "$TPID")
kill -INT "$PPID_"
wait_for "$T/p.out" 'work +6000$'
cat "$T/p.out" "$T/p.err"
[ "$mine" = 0 ] || fail "pidtrace's CPUs: '$mine', want 0"
[ "$after" = "$before" ] || fail "the target's CPUs changed: '$before' -> '$after'"
# Without a CPU: the one the stopped thread last ran on.
printf 'go 500 1\nquit\n' >"$T/cmds"
bounded 60 "$PIDTRACE" -q -x cpupin -n 'pid$target::work:entry { @ = count(); }
	END { printa("work %@d\n", @); }' -c "$COUNTER" <"$T/cmds" \
	>"$T/c.out" 2>"$T/c.err" || fail "pidtrace -x cpupin -c: $(cat "$T/c.err")"
grep -q '^work 500$' "$T/c.out" || fail "work count: $(cat "$T/c.out")"
echo "quit" >&3
wait_for "$T/out" '^exit'
