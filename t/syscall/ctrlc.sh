#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Ctrl-C while the target's threads sit at syscall stops: sc-threads
# plays ping-pong through pipes in 2 pairs of threads (every thread is
# always in or near a read or write); pidtrace -p counts their calls and
# gets SIGINT at half-time.  Every thread must be resumed and no call
# lost (a thread would block forever) or run twice (a number out of
# sequence): the target's output and exit status equal the untraced
# run's, pidtrace ends with status 0 and its counts, and the target is
# no longer traced.  R runs.
. "$top_srcdir/t/syscall/sclib.sh"

R=${SC_CTRLC_R:-3}
ROUNDS=20000
echo go | bounded 60 "$SC_THREADS" 2 $ROUNDS >"$T/want" ||
	fail "untraced run: $(cat "$T/want")"
i=0
while [ $i -lt "$R" ]; do
	i=$((i + 1))
	rm -f "$T/in" "$T/out" "$T/p.out" "$T/p.err"
	mkfifo "$T/in"
	spawn _tp 60 sh -c 'exec "$0" 2 "$1" <"$2" >"$3"' "$SC_THREADS" \
	    $ROUNDS "$T/in" "$T/out"
	exec 3>"$T/in"
	wait_for "$T/out" '^ready'
	TPID=$(child_of "$_tp") || fail "no target pid"
	spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed\n"); }
		syscall::read:entry, syscall::write:entry { @[probefunc] = count(); }
		END { printa("%s %@d\n", @); }' -p "$TPID" \
		>"$T/p.out" 2>"$T/p.err"
	PT=$(child_of "$_pp")
	wait_for "$T/p.out" '^armed'
	echo go >&3
	exec 3>&-
	wait_for "$T/out" '^half' 60
	kill -INT "$PT"
	wait "$_pp" || fail "run $i: pidtrace: $(cat "$T/p.err")"
	tracer=$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status" 2>/dev/null)
	[ "${tracer:-0}" = 0 ] || fail "run $i: target still traced by $tracer"
	wait "$_tp" || fail "run $i: target failed: $(cat "$T/out")"
	same_output "$T/want" "$T/out"
	grep -Eq '^read [1-9][0-9]*$' "$T/p.out" &&
	    grep -Eq '^write [1-9][0-9]*$' "$T/p.out" ||
		fail "run $i: no counts: $(cat "$T/p.out")"
	say "run $i: $(tr '\n' ' ' <"$T/p.out")"
done
say pass
