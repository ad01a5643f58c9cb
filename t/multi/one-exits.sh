#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# One of two traced processes ends while the other is traced (mlib.sh).
# Asserts: a process killed by a signal is noticed at once ("pid N was
# killed by signal 15") while pidtrace goes on tracing the other with
# exact counts; SIGTERM to pidtrace releases the survivor, which runs on
# untraced to a correct end.  Then exit() fired in one process releases
# both.  Ticks still fire once the first process given has exited.
. "$top_srcdir/t/multi/mlib.sh"

start_counter_as A 3
start_counter_as B 4
spawn _pp 60 "$PIDTRACE" -n 'BEGIN { printf("armed\n"); }
	pid*::work:entry { @w[pid] = count(); }' \
	-p "$A" -p "$B" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" 'armed'
echo "go 100 1" >&4
wait_for "$T/B.out" '^done work=100 '
echo die >&4
wait_for "$T/p.err" "^pidtrace: pid $B was killed by signal 15 "
kill -0 "$PT" || fail "pidtrace ended with B"
[ "$(traced_by "$A")" = "$PT" ] || fail "A not traced after B died"
echo "go 2000 3" >&3
wait_for "$T/A.out" '^done work=6000 '
kill -TERM "$PT"
wait "$_pp"
cat "$T/p.out" "$T/p.err"
grep -q "^ *$A  *6000\$" "$T/p.out" || fail "work count of A"
grep -q "^ *$B  *100\$" "$T/p.out" || fail "work count of B"
grep -q "pid $A has exited" "$T/p.err" && fail "A said to exit"
[ "$(traced_by "$A")" = 0 ] || fail "A still traced"
echo "go 5 1" >&3
echo quit >&3
wait_for "$T/A.out" '^exit '
sed 's/pid=[0-9]*//' "$T/A.out" >"$T/A.got"
reference 'go 2000 3\ngo 5 1\nquit\n' >"$T/A.want"
same_output "$T/A.want" "$T/A.got"

# exit() in a clause fired by D's thread in one process releases both.
start_counter_as D 5
start_counter_as E 6
spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed\n"); }
	pid*::work:entry { @w[pid] = count(); }
	pid*::on_usr1:entry { printf("usr1 %d\n", pid); exit(0); }' \
	-p "$D" -p "$E" >"$T/p.out" 2>"$T/p.err"
wait_for "$T/p.out" 'armed'
echo "go 700 2" >&5
wait_for "$T/D.out" '^done work=1400 '
echo "sig 1" >&6
wait "$_pp" || fail "pidtrace exit status $?"
cat "$T/p.out" "$T/p.err"
grep -qx "usr1 $E" "$T/p.out" || fail "exit() clause"
grep -q "^ *$D  *1400\$" "$T/p.out" || fail "work count of D"
[ "$(traced_by "$D")" = 0 ] || fail "D still traced after exit()"
[ "$(traced_by "$E")" = 0 ] || fail "E still traced after exit()"
echo "go 9 1" >&5
echo quit >&5
echo quit >&6
wait_for "$T/D.out" '^exit work=1409 '
wait_for "$T/E.out" '^exit work=0 .* usr1=1 '

# Ticks go on after the first process given has exited: the timer wakes
# the loop through a process still traced.
start_counter_as F 7
start_counter_as G 8
spawn _pp 60 "$PIDTRACE" -n 'BEGIN { printf("armed\n"); }
	pid*::work:entry /pid == '"$G"'/ { seen = 1; }
	tick-10ms /seen/ { printf("ticked\n"); exit(0); }' \
	-p "$F" -p "$G" >"$T/p.out" 2>"$T/p.err"
wait_for "$T/p.out" 'armed'
echo quit >&7
wait_for "$T/p.err" "^pidtrace: pid $F has exited\$"
echo "go 1 1" >&8
wait_for "$T/p.out" 'ticked'
wait "$_pp" || fail "pidtrace exit status $?"
[ "$(traced_by "$G")" = 0 ] || fail "G still traced after exit()"
echo quit >&8
wait_for "$T/G.out" '^exit work=1 '
