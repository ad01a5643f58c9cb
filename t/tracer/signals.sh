#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Signals pass through the tracer exactly once: the target raises SIGUSR1
# 500 times, each one a signal-delivery-stop re-injected on restart, and
# the probed handler must run 500 times.  A SIGTRAP at an address we did
# not patch would be the tracee's own (not tested: it kills tr-counter).
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(entry_sites "$COUNTER" on_usr1 work) -p "$TPID"
echo "sig 500" >&3
wait_for "$T/out" '^sig usr1='
stop_drive
grep -q '^sig usr1=500$' "$T/out" || fail "target counted $(field "$T/out" sig usr1)"
[ "$(hits "$T/drv" on_usr1)" = 500 ] || fail "on_usr1 hits"
grep -q ' signals=500 ' "$T/drv" || fail "signals passed"
echo quit >&3
wait_for "$T/out" '^exit.* usr1=500 '
