#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Forks in a row while traced, and the tracer detaches (SIGINT) in the
# middle of them: a child caught between its fork and its parent's fork
# event must still get its int3s written back before it runs.  Asserts:
# every child exits 0 (a missed one dies of SIGTRAP), the parent's count
# of its own work() is exact while traced.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" work mix leaf) -p "$TPID"
echo "forks 100" >&3
wait_for "$T/out" '^forks ok='
grep -q '^forks ok=100$' "$T/out" || fail "children: $(cat "$T/out")"
echo "forks 300" >&3
wait_child "$TPID"	# the forks have begun: detach in their midst
stop_drive
grep -q ' forks=[1-9]' "$T/drv" || fail "no fork child released"
wait_count "$T/out" '^forks ok=' 2 60	# the first batch's line is there
grep -q '^forks ok=300$' "$T/out" || fail "children: $(cat "$T/out")"
[ "$(hits "$T/drv" work)" = 0 ] || fail "children's work counted"
echo quit >&3
wait_for "$T/out" '^exit work=0 '
