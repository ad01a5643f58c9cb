#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Ctrl-C in the middle of a burst, with the counts in the threads'
# buffers: pidtrace folds them with every thread stopped, before the
# area goes.
#  - 8 threads call ip_one() K times each and wait, alive, their counts
#    still in the area; SIGINT then; the threads go on untraced.
#  - 8 threads in a burst of calls; SIGINT at a random moment.  Each
#    thread checks, before each call, that ip_one's first byte is still
#    ours, and stops at the first call that finds it restored: the
#    calls it made are those of the trace, but for its last (made just
#    after a detach that came between the check and the call).
# Asserts: the clauses run in the process (-l -v); in the first, the
# entries and returns printed equal the calls the target counted before
# the detach (its "paused calls="), exactly; in the second, the returns
# printed are the calls the target made under the trace, but for one a
# thread at most (its last: untraced, or moved out between its entry
# and return), and the entries lie between the returns and the calls;
# no drop; both targets finish untraced and correctly, their text and
# mappings as before.
. "$top_srcdir/t/inproc/iplib.sh"

D='pid$target::ip_one:entry { @e = count(); }
	pid$target::ip_one:return { @r = count(); }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r); }'
k=$((20000 * FT_SCALE)) n=$((200000 * FT_SCALE))
# long enough that a SIGINT within half a second finds it running
long=$((5000000 * FT_SCALE))

# start ARGS...: ip-burst ARGS under pidtrace -p (SIGINT later); sets
# TPID, PTP.
start()
{
	rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
	spawn tp 300 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" \
		"$IP_BURST" "$@"
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
	maps_snap "$TPID" >"$T/maps0"
	spawn pp 300 "${PT[@]}" -q -n "BEGIN { trace(\"armed\"); } $D" \
		-p "$TPID" >"$T/p.d" 2>"$T/p.err"
	PTP=$(child_of "$pp") || fail "no pidtrace pid"
	wait_for "$T/p.d" '^armed' 60
	echo go >&3
}

# stop: SIGINT, then the process as before, finishing its work.
stop()
{
	kill -INT "$PTP"
	wait "$pp" || fail "pidtrace exited $?: $(cat "$T/p.err")"
	cat "$T/p.d" "$T/p.err"
	no_drops "$T/p.err"
	[ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$TPID/status")" = 0 ] ||
		fail "the target is still traced"
	text_clean "$TPID"
	maps_clean "$TPID" "$T/maps0"
}

list_paths cc "BEGIN { trace(\"armed\"); } $D" -c "$IP_BURST threads 1 1"
paths_is cc "BEGIN, line 1: in pidtrace
END, line 3: in pidtrace
ip_one entry, line 1: in the process
ip_one return, line 2: in the process"

start pause 8 $n $k
wait_for "$T/in.out" '^paused calls=' 300
paused=$(sed -n 's/^paused calls=//p' "$T/in.out")
stop
expect "entries: the calls before the detach" "$(count "$T/p.d" e)" "$paused"
expect "returns: the calls before the detach" "$(count "$T/p.d" r)" "$paused"
echo on >&3
exec 3>&-
wait "$tp" || fail "target exited $?: $(cat "$T/in.out")"
grep -q "^threads calls=$((8 * n)) " "$T/in.out" ||
	fail "the target after the detach: $(cat "$T/in.out")"

start watch 8 $long
sleep "0.$(printf '%03d' $((RANDOM % 500)))"
stop
exec 3>&-
wait "$tp" || fail "target exited $?: $(cat "$T/in.out")"
line=$(grep '^watch calls=' "$T/in.out") ||
	fail "the target after the detach: $(cat "$T/in.out")"
c=$(printf '%s\n' "$line" | sed 's/^watch calls=\([0-9]*\) .*/\1/')
st=$(printf '%s\n' "$line" | sed 's/.* stopped=\([0-9]*\)$/\1/')
if [ "$st" = 0 ]; then
	say "(the burst was over before the detach)"
	expect "the target's calls" "$c" $((8 * long))
fi
e=$(count "$T/p.d" e) r=$(count "$T/p.d" r)
[ -n "$e" ] && [ -n "$r" ] || fail "no count printed"
# Each thread's calls but its last were traced whole (its check saw our
# byte after the call returned); its last one may have entered after the
# detach, or been moved out between its entry and return: per thread,
# calls - 1 <= returns <= entries <= calls.
[ "$e" -le "$c" ] && [ "$r" -le "$e" ] && [ "$r" -ge $((c - 8)) ] ||
	fail "entries $e, returns $r, of $c calls the target made traced"
say "ok: $e entries, $r returns of the $c calls made before the detach \
($st threads saw it)"
