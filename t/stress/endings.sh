#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# t/stress/endings.sh [N]: N times, pidtrace attaches (-p) to tr-counter
# running 8 threads under heavy probe load and is killed at a random
# moment by SIGINT, SIGTERM or SIGHUP.  Asserts each time: pidtrace exits
# 0 having printed its aggregation, the target is no longer traced, the
# text of its executable in /proc/PID/mem equals the file's bytes (every
# int3 restored), and the target's whole output equals an untraced run's.
# The runs take the three paths in turn: clauses in the process, from
# records (-x fastpath=record), at stops (-x fastpath=off).
# make check runs it with a small N (t/endings/endings.sh); by hand:
#	top_srcdir=. top_builddir=. t/stress/endings.sh 100
# ENDINGS_WORK (calls per thread) scales the load.
here=$(cd "$(dirname "$0")" && pwd)
: "${top_srcdir:=$here/../..}" "${top_builddir:=$top_srcdir}"
. "$top_srcdir/t/endings/endlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

N=${1:-3}
WORK=${ENDINGS_WORK:-40000}
THREADS=8
D='BEGIN { trace("armed"); }
pid$target::work:entry, pid$target::mix:return, pid$target::leaf:entry
{ @[probefunc] = count(); }'

printf 'go %d %d\nquit\n' "$WORK" "$THREADS" >"$T/cmds"
reference "$(cat "$T/cmds")\n" >"$T/want"
sigs="INT TERM HUP"
i=0
while [ $i -lt "$N" ]; do
	i=$((i + 1))
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	start_counter
	set -- on record off; shift $((i % 3)); fp=$1
	spawn _pp 60 "$PIDTRACE" -x fastpath=$fp -q -n "$D" -p "$TPID" \
		>"$T/p.out" 2>"$T/p.err"
	PT=$(child_of "$_pp") || fail "no pidtrace pid"
	wait_for "$T/p.out" 'armed'
	echo "go $WORK $THREADS" >&3
	sig=$(echo $sigs | cut -d' ' -f$((RANDOM % 3 + 1)))
	# A random moment in the first ~0.6 s of the load.
	sleep "0.$(printf '%03d' $((RANDOM % 600)))"
	kill -"$sig" "$PT"
	wait "$_pp"
	rc=$?
	say "run $i: fastpath=$fp, SIG$sig, pidtrace exit $rc, $(tr '\n' ' ' <"$T/p.out")"
	[ $rc = 0 ] || fail "run $i: pidtrace exited $rc: $(cat "$T/p.err")"
	# Under this load the fast path's ring overflows: its one line.
	grep -Ev '^pidtrace: [0-9]+ drops in pid [0-9]+$' "$T/p.err" >"$T/p.err2"
	[ -s "$T/p.err2" ] && fail "run $i: pidtrace said: $(cat "$T/p.err")"
	[ "$(tracer_of "$TPID")" = 0 ] ||
		fail "run $i: target still traced"
	text_intact "$TPID" "$COUNTER" || fail "run $i: text of $TPID differs from the file"
	echo quit >&3
	exec 3>&-
	wait_for "$T/out" '^exit' 60
	sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
	same_output "$T/want" "$T/got"
done
say "$N runs: every byte restored, every target's output exact"
