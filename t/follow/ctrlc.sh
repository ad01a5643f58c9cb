#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Ctrl-C while followed children run: pidtrace -x follow -p traces
# follow-fe's "hold" mode (the parent forks two children, each calls
# fe_child N times, says it is ready and blocks in read), with pid
# probes and syscall probes live in all three.  SIGINT once both
# children are ready: pidtrace ends with status 0 and each child's N
# firings; no process stays traced; released, each child runs to
# completion correctly (its N more calls, exit 0), each child's text
# equals its file, and the maps the three say at their end equal an
# untraced run's (nothing of ours mapped).  No sleep: every step waits
# for a line.
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/endings/endlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
FE=$TARGETS/follow-fe
[ -x "$FE" ] || skip "follow-fe not built"
N=50

# mapsof FILE: the maps lines, sorted (the two children's together).
mapsof() { grep '^map ' "$1" | sort; }

echo go | bounded 60 "$FE" $N hold >"$T/own" ||
	fail "untraced run: $(cat "$T/own")"
mapsof "$T/own" >"$T/own.maps"
grep -q '^done parent 1$' "$T/own" || fail "untraced: $(cat "$T/own")"

mkfifo "$T/in"
spawn _tp 60 sh -c 'exec "$0" "$1" hold <"$2" >"$3"' "$FE" $N "$T/in" \
    "$T/out"
exec 3>"$T/in"
wait_for "$T/out" '^ready parent'
TPID=$(child_of "$_tp") || fail "no target pid"
spawn _pp 60 "$PIDTRACE" -q -x follow -n 'BEGIN { printf("armed\n"); }
	pid*::fe_child:entry { @[pid] = count(); }
	syscall::read:entry { @r = count(); }
	END { printa("fe_child %d %@d\n", @); }' -p "$TPID" \
	>"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp")
wait_for "$T/p.out" '^armed'
echo go >&3
wait_count "$T/out" '^ready child' 2 60
kill -INT "$PT"
wait "$_pp" || fail "pidtrace: $(cat "$T/p.err")"
cat "$T/p.out" "$T/p.err"
[ -s "$T/p.err" ] && fail "pidtrace said: $(cat "$T/p.err")"
kids=$(sed -n 's/^ready child //p' "$T/out")
for k in $TPID $kids; do
	tracer=$(tracer_of "$k")
	[ "${tracer:-0}" = 0 ] || fail "pid $k still traced by $tracer"
done
for k in $kids; do
	text_intact "$k" "$FE" || fail "child $k: its text differs from $FE"
	grep -qx "fe_child $k $N" "$T/p.out" ||
		fail "child $k: not $N firings: $(cat "$T/p.out")"
done
exec 3>&-
wait "$_tp" || fail "target failed: $(cat "$T/out")"
for k in $kids; do
	grep -qx "done child $k fe_child $((2 * N))" "$T/out" ||
		fail "child $k did not finish: $(cat "$T/out")"
done
grep -q '^done parent 1$' "$T/out" || fail "parent: $(cat "$T/out")"
mapsof "$T/out" >"$T/maps"
same_output "$T/own.maps" "$T/maps"
say pass
