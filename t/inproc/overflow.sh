#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The shared area's limits, as dtrace reports them ("N dynamic variable
# drops", "N aggregation drops"; dtrace adds "on CPU C" to the second,
# ours are per thread and say no more, as pidtrace's own tables'):
#  - self->: -x dynvarsize=64 leaves the table its least, 16 entries;
#    24 threads each store self->x once a call, K calls each, then all
#    wait (ip-burst pause), and pidtrace ends with every thread alive:
#    8 threads find no entry, each of their stores a drop.
#  - aggregations: one thread, 8K calls keyed by arg0 (8K keys) in its
#    256 KB buffer: the keys past its room are drops.  (-x aggsize
#    would keep the clause in pidtrace, which bounds what it makes.)
# Asserts: the clauses run in the process (-l -v); the returns counted
# with self->x set plus the dynamic variable drops equal the 24 * K
# stores, 16 threads' worth counted; the keys printed plus the
# aggregation drops equal the K calls, some dropped; the messages are
# dtrace's words; the target then finishes untraced and correctly.
. "$top_srcdir/t/inproc/iplib.sh"

k=$((1000 * FT_SCALE))

# run NAME D OPTS T N K: pidtrace -p over ip-burst pause T N K; SIGINT
# once every thread waits; then the target is let go.
run()
{
	_rn=$1 _rd=$2 _ro=$3; shift 3
	rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
	spawn _tp 300 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" \
		"$IP_BURST" pause "$@"
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
	list_paths "$_rn" "BEGIN { trace(\"armed\"); } $_rd" $_ro -p "$TPID"
	spawn _pp 300 "${PT[@]}" $_ro -q -n "BEGIN { trace(\"armed\"); } $_rd" \
		-p "$TPID" >"$T/$_rn.d" 2>"$T/$_rn.err"
	_ptp=$(child_of "$_pp") || fail "no pidtrace pid"
	wait_for "$T/$_rn.d" '^armed' 60
	echo go >&3
	wait_for "$T/in.out" '^paused calls=' 300
	kill -INT "$_ptp"
	wait "$_pp" || fail "$_rn: pidtrace exited $?: $(cat "$T/$_rn.err")"
	cat "$T/$_rn.d" "$T/$_rn.err"
	echo on >&3
	exec 3>&-
	wait "$_tp" || fail "$_rn: target exited $?: $(cat "$T/in.out")"
	cat "$T/in.out"
	grep -q "^threads calls=$(($1 * $2)) " "$T/in.out" ||
		fail "$_rn: the target's calls: $(cat "$T/in.out")"
}

run dyn 'pid$target::ip_one:entry { self->x = 1; }
	pid$target::ip_one:return /self->x/ { @r = count(); }
	END { printa("r %@d\n", @r); }' "-x dynvarsize=64" 24 $((k + 1)) $k
paths_is dyn "BEGIN, line 1: in pidtrace
END, line 3: in pidtrace
ip_one entry, line 1: in the process
ip_one return, line 2: in the process"
r=$(count "$T/dyn.d" r) d=$(ip_drops "$T/dyn.err" "dynamic variable")
expect "returns with self->x, of 16 threads" "$r" $((16 * k))
expect "dynamic variable drops, of 8 threads" "$d" $((8 * k))
grep -v '^pidtrace: [0-9]* dynamic variable drops$' \
	"$T/dyn.err" | grep . && fail "pidtrace said more"

ka=$((8 * k))
run agg 'pid$target::ip_one:entry { @[arg0] = count(); }' "" 1 $((ka + 1)) $ka
paths_is agg "BEGIN, line 1: in pidtrace
ip_one entry, line 1: in the process"
keys=$(awk 'NF == 2 && $2 == 1' "$T/agg.d" | wc -l)
d=$(ip_drops "$T/agg.err" "aggregation")
[ "$d" -gt 0 ] || fail "a 256 KB buffer held $ka keys"
expect "keys kept + aggregation drops" $((keys + d)) $ka
grep -v '^pidtrace: [0-9]* aggregation drops$' \
	"$T/agg.err" | grep . && fail "pidtrace said more"
say "ok: $keys keys kept, $d dropped"
