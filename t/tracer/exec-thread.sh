#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# exec from a non-leader thread, as in `(sleep 1 & exec true)` run in a
# thread: the exec event comes from the leader's tid, the other threads
# vanish (strace's README-linux-ptrace, "execve under ptrace").  Asserts: the
# tracer follows, re-arms the new image, counts exactly, and the target
# keeps its pid and runs correctly.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" work mix) -p "$TPID"
echo "go 100 2" >&3
wait_for "$T/out" '^done'
echo "texec" >&3
wait_for "$T/drv.err" '^armed 2 \(2\)'
wait_for "$T/out" "^ready pid=$TPID\$"
echo "go 300 3" >&3
wait_for "$T/out" '^done work=900 '
stop_drive
# 200 before, 1 in the exec'ing thread, 900 after.
[ "$(hits "$T/drv" work)" = 1101 ] || fail "work hits across exec"
echo quit >&3
wait_for "$T/out" '^exit work=900 '
