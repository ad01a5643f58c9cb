#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Job control keeps working under the tracer (PTRACE_LISTEN): SIGSTOP
# stops the traced target, SIGCONT resumes it, and a detach while it is
# stopped leaves it stopped.  Asserts: state T while stopped, work
# resumes, hits exact, and the target exits correctly after SIGCONT.
. "$top_srcdir/t/tracer/trlib.sh"

state() { sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$TPID/status"; }
wait_state()
{
	_i=0
	while ! [[ "$(state)" =~ ^$1$ ]]; do
		_i=$((_i + 1))
		[ $_i -lt 500 ] || fail "state $(state), wanted $1"
		sleep 0.01
	done
}

start_counter
start_drive $(entry_sites "$COUNTER" work) -p "$TPID"
kill -STOP "$TPID"
wait_state '[Tt]'	# t: a listening tracee is in a ptrace stop
echo "go 50 1" >&3
sleep 0.3
grep -q '^done' "$T/out" && fail "ran while stopped"
kill -CONT "$TPID"
wait_for "$T/out" '^done'
kill -STOP "$TPID"
wait_state '[Tt]'
stop_drive
[ "$(hits "$T/drv" work)" = 50 ] || fail "work hits"
sleep 0.2
wait_state T
kill -CONT "$TPID"
echo quit >&3
wait_for "$T/out" '^exit work=50 '
