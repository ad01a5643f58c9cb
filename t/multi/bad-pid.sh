#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A bad process among several (mlib.sh).  Asserts: one line, a non-zero
# exit, and the process grabbed before it is released untouched: not
# traced, not stopped, running on to the output of an untraced run; one
# pidtrace started is killed.
# Also: -p N twice, or -p N and -p with a thread of N, grabs N once.
. "$top_srcdir/t/multi/mlib.sh"

state()
{
	awk '$1 == "State:" { print $2 }' "/proc/$1/status"
}

start_counter_as A 3
dead=999999
while kill -0 $dead 2>/dev/null; do dead=$((dead - 1)); done

bounded 10 "$PIDTRACE" -n 'pid*::work:entry {}' -p "$A" -p $dead \
	>"$T/o" 2>&1 && fail "-p A -p $dead succeeded"
cat "$T/o"
[ "$(cat "$T/o")" = "pidtrace: attach: ptrace(PTRACE_SEIZE, $dead): No such process" ] ||
	fail "message: $(cat "$T/o")"
[ "$(traced_by "$A")" = 0 ] || fail "A still traced"
[ "$(state "$A")" = S ] || fail "A is in state $(state "$A")"

bounded 10 "$PIDTRACE" -n 'pid*::work:entry {}' -p "$A" -c "$T/nope" \
	>"$T/o" 2>&1 && fail "-p A -c nope succeeded"
cat "$T/o"
[ "$(cat "$T/o")" = "pidtrace: launch: cannot execute '$T/nope': No such file or directory" ] ||
	fail "message: $(cat "$T/o")"
[ "$(traced_by "$A")" = 0 ] || fail "A still traced"
[ "$(state "$A")" = S ] || fail "A is in state $(state "$A")"

# A process pidtrace started before the bad one is killed, not left.
mark=multi-bad-pid-$$
bounded 10 "$PIDTRACE" -n 'pid*::work:entry {}' -c "$COUNTER $mark" -p "$A" \
	-p $dead >"$T/o" 2>&1 && fail "-c -p A -p $dead succeeded"
[ "$(cat "$T/o")" = "pidtrace: attach: ptrace(PTRACE_SEIZE, $dead): No such process" ] ||
	fail "message: $(cat "$T/o")"
n=0
while running_with "$mark" && [ $n -lt 200 ]; do
	sleep 0.01
	n=$((n + 1))
done
running_with "$mark" && fail "the -c process was left running"
[ "$(traced_by "$A")" = 0 ] || fail "A still traced"
[ "$(state "$A")" = S ] || fail "A is in state $(state "$A")"

# The same pid twice: one process, one provider, counted once.
spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed\n"); }
	pid*::work:entry { @ = count(); } END { printa("work %@d\n", @); }' \
	-p "$A" -p "$A" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed$'
echo "go 250 2" >&3
wait_for "$T/A.out" '^done work=500 '
kill -INT "$PT"
wait_for "$T/p.out" '^work '
cat "$T/p.out" "$T/p.err"
grep -qx 'work 500' "$T/p.out" || fail "-p A -p A count"

echo "go 100 1" >&3
echo quit >&3
wait_for "$T/A.out" '^exit '
sed 's/pid=[0-9]*//' "$T/A.out" >"$T/A.got"
reference 'go 250 2\ngo 100 1\nquit\n' >"$T/A.want"
same_output "$T/A.want" "$T/A.got"

# A thread id names its process: -p H -p TID is H once (one provider).
start_counter_as H 4
echo zombie >&4
wait_for "$T/H.out" '^zombie$'
tid=$(ls "/proc/$H/task" | grep -vx "$H" | head -n 1)
[ -n "$tid" ] || fail "no second thread in H"
bounded 20 "$PIDTRACE" -l -n 'pid*::work:entry' -p "$H" -p "$tid" \
	>"$T/l.out" 2>&1 || fail "-p H -p TID: $(cat "$T/l.out")"
cat "$T/l.out"
[ "$(grep -c " pid$H " "$T/l.out")" = 1 ] || fail "-p H -p TID: not one probe"
grep -q "pid$tid" "$T/l.out" && fail "-p TID made a provider of its own"
[ "$(traced_by "$tid")" = 0 ] || fail "H still traced"
echo "go 5 1" >&4
echo quit >&4
wait_for "$T/H.out" '^exit work=5 '
