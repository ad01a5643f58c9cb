#!/bin/bash
# Attach and detach again and again while eight threads run through
# functions with a site on every instruction: each detach must leave no
# int3 and no thread in a slot, each attach must find the code as it was.
# Asserts: the run ends with the untraced checksum.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
sites=$(insn_sites "$COUNTER" work mix leaf tail)
# Each window attaches, starts a batch of work (its threads are born
# traced), detaches while the threads still run, and waits for the batch
# to end untraced.  Odd windows start the batch before attaching, so an
# attach also meets running threads; such a window may see no hits when
# the attach takes longer than the batch (ASan on a loaded machine), so
# the even windows, which always see hits, carry the count.  Up to 12
# windows, until 3 saw hits.
rounds=0
cmds=
for i in $(seq 12); do
	[ $rounds -ge 3 ] && break
	cmds="${cmds}go 1000000 8\\n"
	if [ $((i % 2)) -eq 1 ]; then
		echo "go 1000000 8" >&3
		start_drive $sites -p "$TPID"
	else
		start_drive $sites -p "$TPID"
		echo "go 1000000 8" >&3
	fi
	sleep 0.5
	stop_drive >/dev/null
	grep -q "^stats hits=[1-9]" "$T/drv" && rounds=$((rounds + 1))
	rm -f "$T/drv" "$T/drv.err"
	wait_count "$T/out" '^done' "$i" 120
done
say "$rounds rounds with hits"
[ $rounds -ge 2 ] || fail "fewer than two rounds with hits"
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference "${cmds}quit\\n" >"$T/want"
same_output "$T/want" "$T/got"
