#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGINT to the tracer while four threads fire (tr_stop_async from a
# signal handler): threads are stopped wherever they are, those in XOL
# slots moved back, pending int3 stops rewound.  Then SIGKILL of a traced
# target while it fires: reported, the tracer exits.  Asserts: the first
# target completes with the untraced checksum.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
start_drive $(insn_sites "$COUNTER" work mix leaf tail) -p "$TPID"
echo "go 30000 4" >&3
wait_tasks "$TPID" 5	# the four workers run (and fire)
kill -INT "$DPID"
wait_for "$T/drv" '^stats' 20
cat "$T/drv"
wait_for "$T/out" '^done' 60
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 30000 4\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"

mkfifo "$T/in2"
spawn _tp2 60 sh -c 'exec "$0" <"$1" >"$2" 2>&1' "$COUNTER" "$T/in2" "$T/out2"
exec 4>"$T/in2"
wait_for "$T/out2" '^ready'
TPID2=$(child_of "$_tp2")
spawn _dp2 60 "$TRDRIVE" $(entry_sites "$COUNTER" work mix) -p "$TPID2" >"$T/drv2" 2>"$T/drv2.err"
wait_for "$T/drv2.err" '^armed'
echo "go 1000000 4" >&4
wait_tasks "$TPID2" 5
kill -KILL "$TPID2"
wait_for "$T/drv2" '^stats' 20
grep -q '^target killed by signal 9$' "$T/drv2" || fail "SIGKILL not reported: $(cat "$T/drv2")"
