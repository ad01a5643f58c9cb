#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Attach and detach again and again while eight threads run through
# functions with a site on every instruction: each detach must leave no
# int3 and no thread in a slot, each attach must find the code as it was.
# Every window attaches to running threads: the batch is started first,
# the attach begins once its eight workers exist, and the window counts
# only if they still run once the sites are armed (else the batch was
# too short for this machine: the next window's is twice as long).
# Asserts: 4 windows attached to running threads, each saw hits, and the
# run ends with the untraced checksum.
. "$top_srcdir/t/tracer/trlib.sh"

start_counter
sites=$(insn_sites "$COUNTER" work mix leaf tail)
windows=0 n=1000000 i=0
cmds=
while [ $windows -lt 4 ]; do
	i=$((i + 1))
	[ $i -le 12 ] || fail "only $windows of 12 windows met running threads"
	cmds="${cmds}go $n 8\\n"
	echo "go $n 8" >&3
	# Its eight workers running, or the batch already over.
	w=0
	until [ "$(ntasks "$TPID")" -ge 9 ] ||
	    [ "$(grep -c '^done' "$T/out")" -ge $i ]; do
		w=$((w + 1))
		[ $w -lt 6000 ] || fail "window $i: no worker and no done"
		sleep 0.01
	done
	if [ "$(ntasks "$TPID")" -lt 9 ]; then
		say "window $i: the batch of $n ended before its workers were seen"
		n=$((n * 2))
		wait_count "$T/out" '^done' "$i" 120
		continue
	fi
	start_drive $sites -p "$TPID"
	running=$(ntasks "$TPID")
	stop_drive >/dev/null
	if [ "$running" -ge 9 ]; then
		windows=$((windows + 1))
		grep -q "^stats hits=[1-9]" "$T/drv" ||
			fail "window $i: attached to running threads, no hit: $(cat "$T/drv")"
	else
		say "window $i: the batch of $n ended before the sites were armed"
		n=$((n * 2))
	fi
	rm -f "$T/drv" "$T/drv.err"
	wait_count "$T/out" '^done' "$i" 120
done
say "$windows windows attached to running threads, in $i"
echo quit >&3
wait_for "$T/out" '^exit'
sed 's/pid=[0-9]*//' "$T/out" >"$T/got"
reference "${cmds}quit\\n" >"$T/want"
same_output "$T/want" "$T/got"
