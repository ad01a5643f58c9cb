#!/bin/bash
# Attach and detach again and again while eight threads run through
# functions with a site on every instruction: each detach must leave no
# int3 and no thread in a slot, each attach must find the code as it was.
# Asserts: the run ends with the untraced checksum.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
sites=$(insn_sites "$COUNTER" work mix leaf tail)
echo "go 4000000 8" >&3
rounds=0
# Up to 20 windows, until 3 saw hits: on a loaded machine a 0.2 s window
# may pass with no thread of the target scheduled.
for i in $(seq 20); do
	[ $rounds -ge 3 ] && break
	grep -q '^done' "$T/out" && break
	start_drive $sites -p "$TPID"
	sleep 0.2
	stop_drive >/dev/null
	grep -q "^stats hits=[1-9]" "$T/drv" && rounds=$((rounds + 1))
	rm -f "$T/drv" "$T/drv.err"
done
say "$rounds rounds with hits"
[ $rounds -ge 2 ] || fail "fewer than two rounds with hits"
wait_for "$T/out" '^done' 120
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference 'go 4000000 8\nquit\n' >"$T/want"
same_output "$T/want" "$T/got"
