#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Attach to a process stopped by SIGSTOP (group-stop before we came):
# the attach completes, the process stays stopped while traced and after
# detach, and SIGCONT resumes it with the sites working meanwhile.
. "$top_srcdir/t/tracer/trlib.sh"

state() { sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$TPID/status"; }

start_counter
kill -STOP "$TPID"
while [ "$(state)" != T ]; do sleep 0.01; done
start_drive $(entry_sites "$COUNTER" work mix) -p "$TPID"
echo "go 40 1" >&3
sleep 0.3
grep -q '^done' "$T/out" && fail "ran while stopped"
kill -CONT "$TPID"
wait_for "$T/out" '^done work=40 '
kill -STOP "$TPID"
sleep 0.1
stop_drive
[ "$(hits "$T/drv" work)" = 40 ] || fail "work hits"
sleep 0.2
[ "$(state)" = T ] || fail "not stopped after detach: $(state)"
kill -CONT "$TPID"
echo quit >&3
wait_for "$T/out" '^exit work=40 '
