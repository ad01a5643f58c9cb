#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A returned handler's signal frame is not a firing cut short.  Go's
# signal stacks lie in its heap next to its threads' stacks, and its
# preemption signal often interrupts a trampoline: when the handler has
# returned, the frame's bytes stay, a few KB above another thread's
# stack pointer.  fp-altstack makes that place deterministic: a thread
# whose alternate signal stack is the 32 KB just above its own stack
# takes a signal there, its handler returns, and once pidtrace has put
# a trampoline on fa_work() the frame's saved rip is made a pc of that
# trampoline (a record block's first push with -x fastpath=record, the
# trampoline's first byte with its context block first); the thread then
# waits on its stack, about 36 KB below the frame.
# Asserts, for each way: pidtrace stopped with SIGINT says nothing on
# stderr (no drop: nothing of the firing was cut, the handler had
# returned; no "left mapped"); the entries equal the calls; after detach
# the text equals the file and no mapping is new; then the thread finds
# its stale frame as it left it (a dead frame is not rewritten), and the
# output is the untraced one's but for that line.
. "$top_srcdir/t/fastpath/fplib.sh"

[ "$FP_MODE" = fast ] || skip "a test of the fast path's endings"
FP_ALT=$TARGETS/fp-altstack
[ -x "$FP_ALT" ] || skip "fp-altstack not built"
n=$((1000 * FT_SCALE))
reference alt "$FP_ALT" $n
grep -q "^calls=$n " "$T/alt.want" && grep -q '^no trampoline$' "$T/alt.want" ||
	fail "untraced: $(cat "$T/alt.want")"

for mode in record on; do
	say "== -x fastpath=$mode"
	rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
	spawn tp 120 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" \
		"$FP_ALT" $n
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
	maps_snap "$TPID" >"$T/maps0"
	D='BEGIN { trace("armed"); }
		pid$target::fa_work:entry { @e = count(); }
		END { printa("entry %@d\n", @e); }'
	spawn pp 120 "$PIDTRACE" -x fastpath=$mode -q -n "$D" \
		-p "$TPID" >"$T/alt.d" 2>"$T/alt.err"
	ptp=$(child_of "$pp") || fail "no pidtrace pid"
	wait_for "$T/alt.d" '^armed' 60
	echo go >&3
	wait_for "$T/in.out" '^stale$|^no trampoline$' 60
	grep -q '^stale$' "$T/in.out" ||
		fail "fa_work has no trampoline: $(cat "$T/in.out")"
	kill -INT "$ptp"
	wait "$pp"; rc=$?
	cat "$T/alt.d" "$T/alt.err"
	[ $rc = 0 ] || fail "pidtrace exited $rc"
	no_drops "$T/alt.err"
	expect "entries" "$(count "$T/alt.d" entry)" $n
	[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
		fail "target still traced after pidtrace exited"
	text_clean "$TPID"
	maps_clean "$TPID" "$T/maps0"
	echo check >&3
	wait_for "$T/in.out" '^done' 60
	exec 3>&-
	wait "$tp" || fail "target exited $?: $(cat "$T/in.out")"
	grep -q '^frame kept$' "$T/in.out" ||
		fail "the stale frame was changed: $(cat "$T/in.out")"
	say "ok: the stale frame is as the program left it"
	sed -e 's/^ready pid=.*/ready/' -e '/^frame kept$/d' \
	    -e 's/^stale$/no trampoline/' "$T/in.out" >"$T/alt.out"
	same_output "$T/alt.want" "$T/alt.out"
done
say "PASS"
