#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Endings at random moments: pidtrace -p on fp-load (4 threads
# calling the probed fp_work(), entry and return) is sent SIGINT or
# SIGTERM at a random moment of the load (or after it, if the load ended
# first); FP_ENDINGS runs (3; more by hand).  t/stress/endings.sh is the
# model.
# Asserts each time: pidtrace exits 0 and says nothing but drops; the
# target is no longer traced; every file-backed r-x mapping equals its
# file (entry and return sites restored, whatever a thread was doing);
# no executable or shared mapping appeared that was not there before
# attach (fplib.sh maps_clean); the target then finishes with the output
# of an untraced run.
. "$top_srcdir/t/fastpath/fplib.sh"

N=${FP_ENDINGS:-3}
n=$((50000 * FT_SCALE))
reference end "$FP_LOAD" threads 4 $n
D='BEGIN { trace("armed"); }
	pid$target::fp_work:entry, pid$target::fp_work:return
	{ @[probename] = count(); }'
i=0
while [ $i -lt "$N" ]; do
	i=$((i + 1))
	rm -f "$T/in" "$T/in.out" "$T/p.out" "$T/p.err"; mkfifo "$T/in"
	spawn tp 120 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" \
		"$FP_LOAD" threads 4 $n
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
	maps_snap "$TPID" >"$T/maps0"
	spawn pp 120 "${PT[@]}" -q -n "$D" -p "$TPID" >"$T/p.out" 2>"$T/p.err"
	PTP=$(child_of "$pp") || fail "no pidtrace pid"
	wait_for "$T/p.out" '^armed' 60
	echo go >&3
	sig=INT; [ $((RANDOM % 2)) = 1 ] && sig=TERM
	sleep "0.$(printf '%03d' $((RANDOM % 400)))"
	grep -q '^done' "$T/in.out" && when=after || when=during
	kill -"$sig" "$PTP"
	wait "$pp"; rc=$?
	say "run $i: SIG$sig $when the load, pidtrace exit $rc: $(tr '\n' ' ' <"$T/p.out")"
	[ $rc = 0 ] || fail "run $i: pidtrace exited $rc: $(cat "$T/p.err")"
	quiet_err "$T/p.err" "$SLOW_WORK"
	[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
		fail "run $i: target still traced"
	text_clean "$TPID"
	maps_clean "$TPID" "$T/maps0"
	exec 3>&-
	wait "$tp" || fail "run $i: target exited $?: $(cat "$T/in.out")"
	sed 's/^ready pid=.*/ready/' "$T/in.out" >"$T/got"
	same_output "$T/end.want" "$T/got"
done
say "$N runs: every byte restored, no new mapping but XOL pages, every output exact"
