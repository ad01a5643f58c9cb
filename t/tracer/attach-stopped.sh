#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Attach to a process stopped by SIGSTOP (group-stop before we came):
# the attach completes, the process stays stopped while traced and after
# detach, and SIGCONT resumes it with the sites working meanwhile.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
kill -STOP "$TPID"
wait_state "$TPID" T
start_drive $(entry_sites "$COUNTER" work mix) -p "$TPID"
# Traced, the group-stop shows as a ptrace stop (t) or stays T; the
# command waits in the fifo, unread, until SIGCONT.
wait_state "$TPID" '[Tt]'
echo "go 40 1" >&3
[[ "$(task_state "$TPID")" =~ ^[Tt]$ ]] || fail "ran while stopped: $(task_state "$TPID")"
grep -q '^done' "$T/out" && fail "ran while stopped"
kill -CONT "$TPID"
wait_for "$T/out" '^done work=40 '
kill -STOP "$TPID"
wait_state "$TPID" '[Tt]'
stop_drive
[ "$(hits "$T/drv" work)" = 40 ] || fail "work hits"
wait_untraced "$TPID"
[ "$(task_state "$TPID")" = T ] || fail "not stopped after detach: $(task_state "$TPID")"
kill -CONT "$TPID"
echo quit >&3
wait_for "$T/out" '^exit work=40 '
