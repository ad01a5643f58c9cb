#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A traced process forks (the child inherits our int3s: they must be
# written back in the child, which is then let go), vforks and execs,
# and runs system() (posix_spawn: a CLONE_VM child that shares our int3s
# with the parent).  Asserts: the fork child runs its probed functions
# correctly and untraced, every child exits 0/3 as untraced, and the
# parent's sites are still armed afterwards (exact count).
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" work mix leaf tail) -p "$TPID"
echo "fork 1000" >&3
wait_for "$T/out" '^forked'
echo "go 100 1" >&3
wait_for "$T/out" '^done'
stop_drive
[ "$(hits "$T/drv" work)" = 100 ] || fail "parent's work hits (sites lost?)"
grep -q ' forks=1 ' "$T/drv" || fail "fork child not released once"
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'fork 1000\ngo 100 1\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
