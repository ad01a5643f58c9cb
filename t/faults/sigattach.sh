#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Signals across attach and detach: signals sent to
# ft-stress sigs, each after the previous one was handled, while
# pidtrace -p attaches, fires for a moment and detaches, 5 times (50
# with FT_SCALE=10); then the sender and the target are told to stop
# (SIGTERM).  A signal that arrives while threads are being seized or
# parked must be delivered once, neither dropped (the sender would wait
# forever) nor delivered twice (the target's counts would exceed).
# Asserts: every attach cycle ran while the signals flowed (sender and
# target alive through all of them), every pidtrace exits 0 having
# printed its BEGIN line, exact counts, the target exits 0.
#
# Bounded by attach cycles alone: the sender and the target have no
# number of signals to reach (0: until SIGTERM), so neither ends while
# the cycles run, on a fast machine or a slow one.  With a cap of
# 20,000 signals a fast machine sent them all before the second cycle,
# and an attach then met the target exiting; a slow one took 55-90 s
# for 20,000 round trips untraced at load 25-35 on 2 CPUs, a cycle 5-18
# s at load 38.  The bounds are hang guards.  Liveness is read from
# bash's table of its jobs: the pid of a command that is gone is reused
# within minutes on a busy machine, and `kill -0` then says yes.
. "$top_srcdir/t/faults/ftlib.sh"

cycles=$((5 * FT_SCALE))

# running PID: our background job PID has not ended (bash's own table:
# bash reaps its children as they end, so /proc or kill -0 could name a
# stranger that took the pid).
running()
{
	jobs -rp | grep -qx "$1"
}

mkfifo "$T/ack"
spawn _tp $((240 * FT_SCALE)) "$STRESS" sigs 0 "$T/ack" >"$T/out" 2>&1
wait_for "$T/out" '^ready pid=[0-9]+$'
TPID=$(sed -n 's/^ready pid=//p' "$T/out")
spawn _sp $((240 * FT_SCALE)) "$STRESS" send "$TPID" 0 "$T/ack" >"$T/send"
# The first signal's byte came back: signals flow before the first cycle.
wait_for "$T/send" '^flowing$' 60
k=0 fired=0
while [ $k -lt $cycles ]; do
	running "$_tp" || fail "target ended during cycle $k: $(cat "$T/out")"
	running "$_sp" || fail "sender ended during cycle $k: $(cat "$T/send")"
	rm -f "$T/p.out" "$T/p.err"
	spawn _pp 60 "$PIDTRACE" ${FT_X:-} -q -n 'BEGIN { printf("armed\n"); }
		pid$target::ft_work:entry, pid$target::ft_onsig:entry {
			@[probefunc] = count(); }' -p "$TPID" >"$T/p.out" 2>"$T/p.err"
	if ! PPID_=$(child_of "$_pp"); then
		wait "$_pp"
		fail "pidtrace ended at once ($?): $(cat "$T/p.err")"
	fi
	while ! grep -q armed "$T/p.out" 2>/dev/null && running "$_pp"; do
		sleep 0.01
	done
	sleep 0.1
	kill -INT "$PPID_" 2>/dev/null
	wait "$_pp" || fail "pidtrace exited $? in cycle $k: $(cat "$T/p.err")"
	grep -q '^armed$' "$T/p.out" ||
		fail "pidtrace did not fire BEGIN in cycle $k: $(cat "$T/p.err")"
	f=$(agg "$T/p.out" ft_onsig | head -n 1)
	fired=$((fired + ${f:-0}))
	k=$((k + 1))
done
say "attached and detached $k times; ft_onsig fired $fired times"
running "$_tp" || fail "target ended after the cycles: $(cat "$T/out")"
running "$_sp" || fail "sender ended after the cycles: $(cat "$T/send")"
# Through timeout, which passes SIGTERM on.  The sender ends after the
# byte of the last signal it sent came back: every signal sent was
# handled, and none is on its way when the target is told to stop.
kill -TERM "$_sp"
wait "$_sp" || fail "sender: $(cat "$T/send")"
sent=$(sed -n 's/^sent \([0-9]*\)$/\1/p' "$T/send")
[ -n "$sent" ] || fail "sender: $(cat "$T/send")"
kill -TERM "$_tp"
wait "$_tp" || fail "target exit status $?: $(cat "$T/out")"
cat "$T/send" "$T/out"
expect "target's counts" "$(grep usr1= "$T/out")" \
	"usr1=$(((sent + 2) / 3)) usr2=$(((sent + 1) / 3)) alrm=$((sent / 3))"
