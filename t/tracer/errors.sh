#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# User errors: one line each, non-zero exit, the target untouched.
. "$top_srcdir/t/tracer/trlib.sh"

# No such process.
pid=999999
while kill -0 $pid 2>/dev/null; do pid=$((pid - 1)); done
bounded 10 "$TRDRIVE" -p $pid >"$T/o" 2>&1 && fail "attach to $pid succeeded"
grep -qx "trdrive: attach: ptrace(PTRACE_SEIZE, $pid): No such process" "$T/o" ||
	fail "message: $(cat "$T/o")"

# A command that does not exist.
bounded 10 "$TRDRIVE" -c "$T/nonexistent" >"$T/o" 2>&1 && fail "launch succeeded"
grep -qx "trdrive: launch: cannot execute '$T/nonexistent': No such file or directory" "$T/o" ||
	fail "message: $(cat "$T/o")"

# Already traced by another tracer: EPERM, with a hint naming it.
start_counter
start_drive $(entry_sites "$COUNTER" work) -p "$TPID"
bounded 10 "$TRDRIVE" -p "$TPID" >"$T/o" 2>&1 && fail "second attach succeeded"
cat "$T/o"
grep -qx "trdrive: attach: ptrace(PTRACE_SEIZE, $TPID): Operation not permitted" "$T/o" ||
	fail "message: $(cat "$T/o")"
grep -q "^hint: process $TPID is already traced by process $DPID (trdrive)" "$T/o" ||
	fail "hint: $(cat "$T/o")"
echo "go 10 1" >&3
wait_for "$T/out" '^done work=10 '
stop_drive
[ "$(hits "$T/drv" work)" = 10 ] || fail "work hits"
