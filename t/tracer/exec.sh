#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The target execs itself: its sites are gone with the old image; the
# tracer reports the exec, stops the new program at its entry point (its
# libraries mapped, main not run) and asks to arm again.  Asserts: armed
# twice, hits counted in both images, the new image runs correctly.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" work mix leaf tail) -p "$TPID"
echo "go 100 1" >&3
wait_for "$T/out" '^done'
echo "exec" >&3
wait_for "$T/drv.err" '^armed 4 \(2\)'
wait_for "$T/out" '^ready.*' 
echo "go 200 2" >&3
wait_for "$T/out" '^done.*work=400'
stop_drive
grep -q '^exec$' "$T/drv.err" || fail "exec not reported"
[ "$(hits "$T/drv" work)" = 500 ] || fail "work hits across exec"
echo quit >&3
wait_for "$T/out" '^exit work=400 '
