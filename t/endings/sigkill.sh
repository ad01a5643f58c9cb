#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGKILL of pidtrace cannot be caught: nothing restores the int3s.  As
# man/pidtrace.1 says: a process attached with -p is let go with its
# int3s in place and dies of SIGTRAP (dumping core where core dumps are
# enabled) when a thread next reaches a probe; a process started with
# -c is killed with pidtrace.  This test makes the page true; it also
# shows the way out the page recommends (timeout -s INT) leaves the
# target running correctly.
. "$top_srcdir/t/tracer/trlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
ulimit -c 0	# no core file from the victim

D='BEGIN { printf("armed\n"); } pid$target::work:entry { @ = count(); }'

# -p: the target survives the SIGKILL, idle; its next work() is fatal.
# int3 sites (-x fastpath=off): the target dies of SIGTRAP at its next
# probe, as the man page says.
start_counter
spawn _pp 60 "$PIDTRACE" -x fastpath=off -q -n "$D" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp")
wait_for "$T/p.out" '^armed'
kill -KILL "$PT"
wait "$_pp"
[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
	fail "target still traced"
echo "go 10 1" >&3
wait "$_tp"
rc=$?
cat "$T/out"
[ $rc = $((128 + 5)) ] || fail "the target's status is $rc, not SIGTRAP's"
printf 'ready pid=%d\n' "$TPID" >"$T/want"
same_output "$T/want" "$T/out"
exec 3>&-

# The fast path: the jumps and trampolines stay, records go nowhere (the
# ring fills, nothing waits): the target goes on, exact.
rm -f "$T/in" "$T/out"
start_counter
spawn _pp 60 "$PIDTRACE" -x fastpath=on -q -n "$D" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp")
wait_for "$T/p.out" '^armed'
grep -q '/memfd:pidtrace' "/proc/$TPID/maps" ||
	fail "no fast path in $TPID: $(cat "$T/p.err")"
kill -KILL "$PT"
wait "$_pp"
echo "go 100000 1" >&3
echo quit >&3
wait "$_tp" || fail "fast path: the target's status is $?"
grep -q '^exit work=100000 ' "$T/out" || fail "fast path: $(cat "$T/out")"
exec 3>&-

# -c: the command dies with pidtrace.
rm -f "$T/in" "$T/out"
mkfifo "$T/in"
spawn _pp 60 sh -c 'exec "$0" -q -n "$1" -c "$2" <"$3" >"$4" 2>&1' \
	"$PIDTRACE" "$D" "$COUNTER" "$T/in" "$T/out"
exec 3>"$T/in"
PT=$(child_of "$_pp")
wait_for "$T/out" '^ready'
CPID=$(child_of "$PT")
kill -KILL "$PT"
wait "$_pp"
n=0
while [ -e "/proc/$CPID" ] && [ "$(awk '{ print $3 }' "/proc/$CPID/stat")" != Z ]; do
	n=$((n + 1))
	[ $n -lt 2000 ] || fail "-c target $CPID outlived pidtrace"
	sleep 0.01
done
exec 3>&-

# timeout -s INT: the clean way; the target goes on, exact.
rm -f "$T/in" "$T/out"
start_counter
bounded 20 timeout --preserve-status -s INT 2 "$PIDTRACE" -q -n "$D" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
rc=$?
[ $rc = 0 ] || fail "timeout -s INT pidtrace: $rc $(cat "$T/p.err")"
echo "go 10 1" >&3
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 10 1\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
