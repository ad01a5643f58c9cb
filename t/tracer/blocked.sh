#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Attach to a process blocked in nanosleep, in read(2) and busy in a
# loop without syscalls; detach each time.  The syscalls it was in must
# restart (the XOL page is mapped by a syscall injected into a thread that
# sits in one).  Asserts: each command completes as untraced: the sleep
# ends, the read is still blocked and only a signal ends it (r=-1, as
# untraced), the spin ends.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
sites=$(entry_sites "$COUNTER" work mix leaf tail)

echo "sleep 2" >&3
wait_syscall "$TPID" 35 230	# nanosleep, or glibc's clock_nanosleep
start_drive $sites -p "$TPID"
stop_drive
wait_for "$T/out" '^slept'

echo "read" >&3
wait_for "$T/out" '^reading'
wait_syscall "$TPID" 0	# read
start_drive $sites -p "$TPID"
stop_drive
wait_untraced "$TPID"
# Still in read(2) after the detach, as untraced: it restarted.
wait_syscall "$TPID" 0
grep -q '^read r=' "$T/out" && fail "read returned after detach: $(cat "$T/out")"
kill -USR2 "$TPID"
wait_for "$T/out" '^read r=-1 usr2=1'

echo "spin 2" >&3
wait_for "$T/out" '^spinning'
start_drive $sites -p "$TPID"
stop_drive
wait_for "$T/out" '^spun'

echo quit >&3
wait_for "$T/out" '^exit'
grep -q '^exit work=3 mix=3 leaf=0 usr1=0 sum=0$' "$T/out" || fail "exit line: $(tail -n 1 "$T/out")"
