#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Four threads hammer probed functions while attached; threads come and go
# (each "go" makes new ones, adopted on their clone event), and a 10 ms
# timer wakes the loop (tr_wake_async, for tick probes) all along.
# Asserts: exact hit counts for every entry, every thread's exit
# reported, wakes delivered.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive -w $(entry_sites "$COUNTER" work mix leaf tail) -p "$TPID"
echo "go 5000 4" >&3
wait_for "$T/out" '^done'
echo "go 3000 4" >&3
wait_for "$T/out" '^done.*work=32000'
stop_drive
[ "$(hits "$T/drv" work)" = 32000 ] || fail "work hits"
[ "$(hits "$T/drv" tail)" = 32000 ] || fail "tail hits"
[ "$(hits "$T/drv" mix)" = "$(field "$T/out" done mix)" ] || fail "mix hits"
[ "$(hits "$T/drv" leaf)" = "$(field "$T/out" done leaf)" ] || fail "leaf hits"
grep -q ' exited=8$' "$T/drv" || fail "thread exits not all reported"
grep -q '^wakes [1-9]' "$T/drv" || fail "no wakes from the 10 ms timer"
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 5000 4\ngo 3000 4\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
