#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Every ending unmaps what pidtrace mapped, even when a signal handler
# still has to return into it.  fp-sigframe raises SIGUSR1 (blocked) and
# runs rt_sigsuspend from fs_suspend(), whose `syscall` (offset 10) is
# probed: on the int3 path that instruction runs out of line, and the
# signal, delivered on the way out of it, saves the slot's address in the
# handler's frame.  In the last round the handler waits for a line on
# stdin while pidtrace is stopped with SIGINT: the frame's pc must be moved
# back to the original code and the page unmapped.  Three ways
# (-x fastpath=on adds the entry's trampoline and the memfd, its count()
# run in the process; record: the same trampoline, the count() from its
# records; off: int3).  Each again with a decoy (fp-sigframe's "decoy"):
# words shaped like a signal frame on the handler's stack below the live
# frame, whose restorer is none and whose uc_stack covers the stack up to
# them, as a dead frame's leftovers may look; the scan for frames must
# not take it for an alternate signal stack and stop below the live one
# (the handler then returned into an unmapped page: SIGSEGV).
# Asserts: the counts equal the rounds; pidtrace said nothing; after
# detach, before the handler returns: no tracer, the text equals the file,
# no mapping is new since before attach; then the handler returns, every
# round saw EINTR and its handler, and the output is the untraced one.
. "$top_srcdir/t/fastpath/fplib.sh"

FP_SIGFRAME=$TARGETS/fp-sigframe
[ -x "$FP_SIGFRAME" ] || skip "fp-sigframe not built"
n=$((100 * FT_SCALE))
reference sf "$FP_SIGFRAME" $n
grep -q "^rounds=$n handled=$n\$" "$T/sf.want" ||
	fail "untraced: $(cat "$T/sf.want")"

for run in on record off "on decoy" "record decoy" "off decoy"; do
	set -- $run
	mode=$1 decoy=${2:-}
	say "== -x fastpath=$mode $decoy"
	rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
	spawn tp 120 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" \
		"$FP_SIGFRAME" $n $decoy
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
	maps_snap "$TPID" >"$T/maps0"
	D='BEGIN { trace("armed"); }
		pid$target::fs_suspend:entry { @e = count(); }
		pid$target::fs_suspend:a { @s = count(); }
		END { printa("entry %@d\n", @e); printa("syscall %@d\n", @s); }'
	# The entry's count() runs in the process (fastpath=on) or from
	# its records, the offset probe stops the thread (the one whose
	# frame is moved).
	list_paths sf$mode "$D" -x fastpath=$mode -p "$TPID"
	FP_MODE=$(case $mode in on) echo fast ;; record) echo record ;;
		*) echo int3 ;; esac) \
		paths_is sf$mode "BEGIN, line 1: in pidtrace
END, line 4: in pidtrace
fs_suspend entry, line 2: in the process
fs_suspend a, line 3: in pidtrace, stopping the thread: offset probes always stop the thread"
	spawn pp 120 "$PIDTRACE" -x fastpath=$mode -q -n "$D" \
		-p "$TPID" >"$T/sf.d" 2>"$T/sf.err"
	ptp=$(child_of "$pp") || fail "no pidtrace pid"
	wait_for "$T/sf.d" '^armed' 60
	echo go >&3
	wait_for "$T/in.out" '^in handler' 60
	kill -INT "$ptp"
	wait "$pp"; rc=$?
	cat "$T/sf.d" "$T/sf.err"
	[ $rc = 0 ] || fail "pidtrace exited $rc"
	quiet_err "$T/sf.err"
	expect "entries" "$(count "$T/sf.d" entry)" $n
	expect "syscalls" "$(count "$T/sf.d" syscall)" $n
	[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
		fail "target still traced after pidtrace exited"
	text_clean "$TPID"
	maps_clean "$TPID" "$T/maps0"
	echo release >&3	# the handler returns, to the original code
	wait_for "$T/in.out" '^done' 60
	exec 3>&-
	wait "$tp" || fail "target exited $?: $(cat "$T/in.out")"
	sed 's/^ready pid=.*/ready/' "$T/in.out" >"$T/sf.out"
	same_output "$T/sf.want" "$T/sf.out"
done
say "PASS"
