#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The trace ends from the target's side or the reader's: the target
# exits normally or dies of a signal mid-trace (pidtrace prints what it
# has and exits 0; without -q a notice says how the target ended), and pidtrace's output pipe closes
# (pidtrace -p ... | head -1: a clean detach, the target runs on
# correctly, nothing printed, exit 0).
. "$top_srcdir/t/tracer/trlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

D='BEGIN { printf("armed\n"); } pid$target::work:entry { @ = count(); }
	END { printa("work %@d\n", @); }'

# trace_until CMD: attach, run "go 300 2" then CMD; pidtrace's output in
# $T/p.out and $T/p.err, its exit status in rc.
trace_until()
{
	_q=${2:-}
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	start_counter
	spawn _pp 60 "$PIDTRACE" $_q -n "$D" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
	wait_for "$T/p.out" 'armed$'
	printf 'go 300 2\n%s\n' "$1" >&3
	exec 3>&-
	wait "$_pp"
	rc=$?
	cat "$T/p.out" "$T/p.err"
}

trace_until quit -q
[ $rc = 0 ] || fail "exit: pidtrace exited $rc"
printf 'armed\nwork 600\n\n' >"$T/want"
same_output "$T/want" "$T/p.out"
[ -s "$T/p.err" ] && fail "pidtrace -q said: $(cat "$T/p.err")"

trace_until quit
[ $rc = 0 ] || fail "exit: pidtrace exited $rc"
printf "pidtrace: description 'BEGIN ' matched 3 probes\npidtrace: pid %d has exited\n" \
	"$TPID" >"$T/want"
same_output "$T/want" "$T/p.err"

trace_until die -q
[ $rc = 0 ] || fail "death: pidtrace exited $rc"
printf 'armed\nwork 600\n\n' >"$T/want"
same_output "$T/want" "$T/p.out"

trace_until die
[ $rc = 0 ] || fail "death: pidtrace exited $rc"
printf "pidtrace: description 'BEGIN ' matched 3 probes\npidtrace: pid %d was killed by signal 15 (SIGTERM)\n" \
	"$TPID" >"$T/want"
same_output "$T/want" "$T/p.err"

# The reader goes away after one line: SIGPIPE/EPIPE detach.
rm -f "$T/in" "$T/out"
start_counter
spawn _pp 60 bash -c '"$0" -q -n "BEGIN { printf(\"armed\n\"); }
	pid\$target::work:entry { printf(\"work %d\n\", arg0); }" -p "$1" \
	2>"$2"; echo "rc=$?" >"$3"' "$PIDTRACE" "$TPID" "$T/p.err" "$T/p.rc" |
	head -n 1 >"$T/p.out"
[ "$(cat "$T/p.out")" = armed ] || fail "head: $(cat "$T/p.out")"
echo "go 2000 4" >&3	# the first firing's line meets a closed pipe
wait_for "$T/p.rc" '^rc='
cat "$T/p.rc" "$T/p.err"
[ "$(cat "$T/p.rc")" = rc=0 ] || fail "pidtrace: $(cat "$T/p.rc")"
[ -s "$T/p.err" ] && fail "pidtrace said: $(cat "$T/p.err")"
wait_for "$T/out" '^done'
[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
	fail "target still traced"
echo "go 100 2" >&3
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 2000 4\ngo 100 2\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
