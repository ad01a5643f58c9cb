#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Issue 5 item 4, signals across attach and detach: 20,000 signals
# (200,000 with FT_SCALE=10) sent to ft-stress sigs, each after the
# previous one was handled, while pidtrace -p attaches, fires for a
# moment and detaches again and again.  A signal that arrives while
# threads are being seized or parked must be delivered once, neither
# dropped (the sender would wait forever) nor delivered twice (the
# target's counts would exceed).  Asserts: exact counts, every pidtrace
# exits 0 having fired, the target exits 0.
. "$top_srcdir/t/faults/ftlib.sh"

n=$((20000 * FT_SCALE))
mkfifo "$T/ack"
spawn _tp 120 "$STRESS" sigs $n "$T/ack" >"$T/out" 2>&1
wait_for "$T/out" '^ready'
TPID=$(child_of "$_tp") || fail "no target pid"
spawn _sp 120 "$STRESS" send "$TPID" $n "$T/ack" >"$T/send"
SPID=$(child_of "$_sp") || fail "no sender pid"
k=0
while kill -0 "$SPID" 2>/dev/null; do
	spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed\n"); }
		pid$target::ft_work:entry, pid$target::ft_onsig:entry {
			@[probefunc] = count(); }' -p "$TPID" >"$T/p.out" 2>"$T/p.err"
	PPID_=$(child_of "$_pp") || fail "no pidtrace pid"
	# (the target may finish meanwhile: then pidtrace ends by itself)
	while ! grep -q armed "$T/p.out" && kill -0 "$PPID_" 2>/dev/null; do
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
	k=$((k + 1))
done
say "attached and detached $k times"
[ $k -ge 1 ] || fail "no attach while sending"
wait "$_sp" || fail "sender: $(cat "$T/send")"
wait "$_tp" || fail "target exit status $?"
cat "$T/send" "$T/out"
expect "sent" "$(cat "$T/send")" "sent $n"
expect "target's counts" "$(grep usr1= "$T/out")" \
	"usr1=$(((n + 2) / 3)) usr2=$(((n + 1) / 3)) alrm=$((n / 3))"
