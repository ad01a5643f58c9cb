#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The host ends the session from the hit handler (D's exit()) while four
# threads are firing: every thread is stopped, threads in XOL slots are
# moved back to the original code, int3s rewound, sites restored, all
# detached.  Asserts: the target completes with the untraced checksum.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive -x 20000 $(insn_sites "$COUNTER" work mix leaf tail) -p "$TPID"
echo "go 20000 4" >&3
wait_for "$T/drv" '^stats' 60
cat "$T/drv"
wait_for "$T/out" '^done' 60
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 20000 4\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
