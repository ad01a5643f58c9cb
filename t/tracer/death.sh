#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The target dies of a signal while traced: the tracer reports it
# (status killed by SIGTERM) and returns; and a target that exits
# normally under launch mode reports its exit code.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" work) -p "$TPID"
echo "go 10 1" >&3
echo "die" >&3
wait_for "$T/drv" '^stats'
grep -q '^target killed by signal 15$' "$T/drv" || fail "death not reported: $(cat "$T/drv")"
[ "$(hits "$T/drv" work)" = 10 ] || fail "work hits"

printf 'go 7 1\n' | bounded 20 "$TRDRIVE" $(entry_sites "$COUNTER" work) \
	-c "$COUNTER" >"$T/drv2" 2>&1
grep -q '^target exited 0$' "$T/drv2" || fail "exit not reported: $(cat "$T/drv2")"
[ "$(hits "$T/drv2" work)" = 7 ] || fail "launch work hits"
