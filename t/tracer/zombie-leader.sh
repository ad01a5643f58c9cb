#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Attach to a process whose leader has called pthread_exit: the leader is
# a zombie that never stops, while its other thread works.  Asserts: the
# attach completes, sites fire in the live thread (exact count), detach
# works, the process exits correctly.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
echo zombie >&3
wait_for "$T/out" '^zombie'
start_drive $(entry_sites "$COUNTER" work mix) -p "$TPID"
echo "go 300 2" >&3
wait_for "$T/out" '^done work=600 '
stop_drive
[ "$(hits "$T/drv" work)" = 600 ] || fail "work hits"
[ "$(hits "$T/drv" mix)" = 1200 ] || fail "mix hits"

# pidtrace too, given the live thread's id: $target is the process, the
# probes resolve through the live thread (the leader's maps are empty).
if [ -x "$PIDTRACE" ]; then
	tid=$(ls "/proc/$TPID/task" | grep -vx "$TPID" | head -n 1)
	spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed %d\n", $target); }
		pid$target::work:entry { @[probeprov] = count(); }' \
		-p "$tid" >"$T/p.out" 2>"$T/p.err"
	PP=$(child_of "$_pp")
	wait_for "$T/p.out" "^armed $TPID\$"
	echo "go 50 1" >&3
	wait_for "$T/out" '^done work=650 '
	kill -INT "$PP"
	wait_for "$T/p.out" "pid$TPID +50\$"
fi
echo quit >&3
wait_for "$T/out" '^exit work=650 '
