#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# 100 processes in one trace, each with its own -p and its own
# description, as dtrace's pid test of many processes has it.  Asserts:
# all 100 are traced by pidtrace before BEGIN; a SIGUSR1 to each makes
# one call of poked(), and @[pid] = count() says exactly 1 for each of
# the 100 pids (the target's own "poked PID 1" lines are the reference);
# SIGINT releases all, and each runs on untraced (a second signal, a
# second call, printed by the process itself).
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
N=100

spawn _mp 120 "$TARGETS/pd-many" $N >"$T/many.out"
wait_count "$T/many.out" '^ready ' $N 60
awk '$1 == "ready" { print $2 }' "$T/many.out" | sort -n >"$T/pids"
[ "$(wc -l <"$T/pids")" -eq $N ] || fail "not $N children"

{
	echo 'BEGIN { printf("armed\n"); }'
	while read -r p; do
		echo "pid$p::poked:entry { @[pid] = count(); }"
	done <"$T/pids"
	echo 'END { printa("%d %@d\n", @); }'
} >"$T/many.d"
args=()
while read -r p; do args+=(-p "$p"); done <"$T/pids"
spawn _pp 120 "$PIDTRACE" -q -s "$T/many.d" "${args[@]}" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed$' 90
while read -r p; do
	t=$(awk '$1 == "TracerPid:" { print $2 }' "/proc/$p/status")
	[ "$t" = "$PT" ] || fail "pid $p is traced by '$t', not pidtrace"
done <"$T/pids"

while read -r p; do kill -USR1 "$p"; done <"$T/pids"
wait_count "$T/many.out" '^poked [0-9]+ 1$' $N 60
kill -INT "$PT"
wait "$_pp"
echo "pidtrace exited $?"
cat "$T/p.err"

# The reference: what each process says it did.
awk '$1 == "poked" && $3 == 1 { print $2, 1 }' "$T/many.out" | sort -n \
	>"$T/want"
grep -v '^$' "$T/p.out" | grep -v '^armed$' | sort -n >"$T/got"
same_output "$T/want" "$T/got"
[ "$(wc -l <"$T/got")" -eq $N ] || fail "not $N counts"

# Released: untraced, and each still answers.
while read -r p; do
	t=$(awk '$1 == "TracerPid:" { print $2 }' "/proc/$p/status")
	[ "$t" = 0 ] || fail "pid $p still traced"
	kill -USR1 "$p"
done <"$T/pids"
wait_count "$T/many.out" '^poked [0-9]+ 2$' $N 60
