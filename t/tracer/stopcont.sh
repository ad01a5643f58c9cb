#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Job control keeps working under the tracer (PTRACE_LISTEN): SIGSTOP
# stops the traced target, SIGCONT resumes it, and a detach while it is
# stopped leaves it stopped.  Asserts: state T while stopped, work
# resumes, hits exact, and the target exits correctly after SIGCONT.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" work) -p "$TPID"
kill -STOP "$TPID"
wait_state "$TPID" '[Tt]'	# t: a listening tracee is in a ptrace stop
# The command waits in the fifo, unread, until SIGCONT.
echo "go 50 1" >&3
[[ "$(task_state "$TPID")" =~ ^[Tt]$ ]] || fail "ran while stopped: $(task_state "$TPID")"
grep -q '^done' "$T/out" && fail "ran while stopped"
kill -CONT "$TPID"
wait_for "$T/out" '^done'
kill -STOP "$TPID"
wait_state "$TPID" '[Tt]'
stop_drive
[ "$(hits "$T/drv" work)" = 50 ] || fail "work hits"
wait_untraced "$TPID"
wait_state "$TPID" T
kill -CONT "$TPID"
echo quit >&3
wait_for "$T/out" '^exit work=50 '
