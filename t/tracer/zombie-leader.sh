#!/bin/bash
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
echo quit >&3
wait_for "$T/out" '^exit work=600 '
