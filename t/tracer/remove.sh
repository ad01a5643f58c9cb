#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Sites removed from the hit handler while four threads fire: a thread
# that hit a site just before its removal has a pending int3 stop that
# must be rewound to the original instruction, not delivered as the
# tracee's own SIGTRAP (which kills it).  Asserts: the target survives
# with the untraced checksum and, once removed, nothing fires.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive -R 10000 $(insn_sites "$COUNTER" work mix leaf tail) -p "$TPID"
echo "go 20000 4" >&3
wait_for "$T/out" '^done' 60
echo "go 100 1" >&3
wait_for "$T/out" '^done work=80100 '
stop_drive
grep -q '^removed 0 left' "$T/drv.err" || fail "sites not removed: $(cat "$T/drv.err")"
grep -q '^stats hits=10000 ' "$T/drv" || fail "fired after removal"
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 20000 4\ngo 100 1\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
