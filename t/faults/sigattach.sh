#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Signals across attach and detach: signals sent to
# ft-stress sigs, each after the previous one was handled, while
# pidtrace -p attaches, fires for a moment and detaches, 5 times (50
# with FT_SCALE=10); then the sender and the target are told to stop
# (SIGTERM).  A signal that arrives while threads are being seized or
# parked must be delivered once, neither dropped (the sender would wait
# forever) nor delivered twice (the target's counts would exceed).
# Asserts: more than one attach cycle while the signals flow, exact
# counts, every pidtrace exits 0 having fired, the target exits 0.
#
# Bounded by attach cycles, not by a number of signals: one round trip
# takes two wake-ups, and 20,000 of them took 55-90 s untraced at load
# 25-35 on 2 CPUs, and a cycle 5-18 s at load 38.  20,000 signals stay
# the cap (a fast machine ends there).  The bounds are hang guards.
# Liveness is read from bash's table of its jobs: the pid of a command
# that is gone is reused within minutes on a busy machine, and `kill -0`
# then says yes.
. "$top_srcdir/t/faults/ftlib.sh"

n=$((20000 * FT_SCALE))
cycles=$((5 * FT_SCALE))

# running PID: our background job PID has not ended (bash's own table:
# bash reaps its children as they end, so /proc or kill -0 could name a
# stranger that took the pid).
running()
{
	jobs -rp | grep -qx "$1"
}

mkfifo "$T/ack"
spawn _tp $((240 * FT_SCALE)) "$STRESS" sigs $n "$T/ack" >"$T/out" 2>&1
wait_for "$T/out" '^ready'
TPID=$(child_of "$_tp") || fail "no target pid"
spawn _sp $((240 * FT_SCALE)) "$STRESS" send "$TPID" $n "$T/ack" >"$T/send"
child_of "$_sp" >/dev/null || fail "no sender pid"
k=0 fired=0
while [ $k -lt $cycles ] && running "$_sp" && running "$_tp"; do
	spawn _pp 60 "$PIDTRACE" ${FT_X:-} -q -n 'BEGIN { printf("armed\n"); }
		pid$target::ft_work:entry, pid$target::ft_onsig:entry {
			@[probefunc] = count(); }' -p "$TPID" >"$T/p.out" 2>"$T/p.err"
	PPID_=$(child_of "$_pp") || fail "no pidtrace pid"
	# (the target may finish meanwhile: then pidtrace ends by itself)
	while ! grep -q armed "$T/p.out" && running "$_pp"; do
		sleep 0.01
	done
	sleep 0.1
	kill -INT "$PPID_" 2>/dev/null
	if ! wait "$_pp"; then
		# The last signal handled, the target exits while the sender
		# winds down: this attach met it exiting or gone, which
		# pidtrace rightly refuses.  Anything else is a failure.
		grep -Eq "^pidtrace: attach: (process $TPID is exiting|process $TPID exited during attach|ptrace\(PTRACE_SEIZE, $TPID\): No such process)" \
		    "$T/p.err" && ! grep -q '^armed' "$T/p.out" &&
		    wait_for "$T/send" "^sent $n\$" 10 && break
		fail "pidtrace failed: $(cat "$T/p.err")"
	fi
	f=$(agg "$T/p.out" ft_onsig | head -n 1)
	fired=$((fired + ${f:-0}))
	k=$((k + 1))
done
say "attached and detached $k times; ft_onsig fired $fired times"
[ $k -ge 2 ] || fail "$k attach cycles while sending, wanted 2 or more"
# Through timeout, which passes SIGTERM on.
running "$_sp" && kill -TERM "$_sp"
wait "$_sp" || fail "sender: $(cat "$T/send")"
sent=$(sed -n 's/^sent \([0-9]*\)$/\1/p' "$T/send")
[ -n "$sent" ] || fail "sender: $(cat "$T/send")"
# Every signal sent was handled (its byte came back): the target is
# told to stop unless it stopped by itself after the last one.
[ "$sent" -lt $n ] && kill -TERM "$_tp"
wait "$_tp" || fail "target exit status $?"
cat "$T/send" "$T/out"
expect "target's counts" "$(grep usr1= "$T/out")" \
	"usr1=$(((sent + 2) / 3)) usr2=$(((sent + 1) / 3)) alrm=$((sent / 3))"
