#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A ring that fills: pidtrace -p with a small buffer
# (-x bufsize=4k; FP_BUFSIZE to change it) on fp-load, which calls the
# probed fp_work() 20,000 times in a burst while pidtrace is held in
# SIGSTOP: a fast path's producers find the ring full and drop; the int3
# path's target waits in its first stop.  pidtrace is let go (SIGCONT) when
# the burst is over or the target is stopped in a trap, whichever comes
# first, and stopped with SIGINT after the target's "done".
# Asserts: the entries counted plus the drops pidtrace reported on stderr
# (`pidtrace: N drops...`) equal the calls the target counted, and no more
# entries than calls (zero drops, exact, on the int3 path); the burst
# ended while pidtrace was stopped on the fast path (and drops were
# reported), the target stopped in a trap on the int3 path; nothing else
# on stderr; the target's output is the untraced output; after detach the
# text equals the files and no mapping was left.
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((20000 * FT_SCALE))
reference ring "$FP_LOAD" burst $n
rm -f "$T/in"; mkfifo "$T/in"
spawn tp 300 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" \
	"$FP_LOAD" burst $n
exec 3>"$T/in"
wait_for "$T/in.out" '^ready pid='
TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
maps_snap "$TPID" >"$T/maps0"
spawn pp 300 "${PT[@]}" -x bufsize="${FP_BUFSIZE:-4k}" -q -n '
	BEGIN { trace("armed"); }
	pid$target::fp_work:entry { @e = count(); }
	END { printa("e %@d\n", @e); }' -p "$TPID" >"$T/p.out" 2>"$T/p.err"
PTP=$(child_of "$pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed' 60
kill -STOP "$PTP"
echo go >&3
# Handshake: the burst is over, or the target sits in a trap stop.
w=0
while ! grep -q '^done' "$T/in.out"; do
	[ "$(sed 's/.*) //' "/proc/$TPID/stat" | cut -d' ' -f1)" = t ] && break
	w=$((w + 1))
	[ $w -lt 6000 ] || { kill -CONT "$PTP"; fail "the burst neither ended nor stopped"; }
	sleep 0.01
done
# The fast path never stops the target: its burst ends while pidtrace
# is stopped.  The int3 path stops it at its first firing.  The other
# outcome is a path taken silently in the place of the one asked for.
filled=0
if grep -q '^done' "$T/in.out"; then
	say "the burst ended while pidtrace was stopped"
	filled=1
	[ "$FP_MODE" = fast ] || { kill -CONT "$PTP"
		fail "the int3 path let the target run through its probes"; }
else
	say "the target stopped in a trap while pidtrace was stopped"
	[ "$FP_MODE" = int3 ] || { kill -CONT "$PTP"
		fail "the fast path stopped the target in a trap"; }
fi
kill -CONT "$PTP"
wait_for "$T/in.out" '^done' 300
kill -INT "$PTP"
wait "$pp"; rc=$?
cat "$T/p.out" "$T/p.err"
[ $rc = 0 ] || fail "pidtrace exited $rc: $(cat "$T/p.err")"
quiet_err "$T/p.err"
text_clean "$TPID"
maps_clean "$TPID" "$T/maps0"
exec 3>&-
wait "$tp" || fail "target exited $?: $(cat "$T/in.out")"
sed 's/^ready pid=.*/ready/' "$T/in.out" >"$T/got"
same_output "$T/ring.want" "$T/got"
calls=$(sed -n 's/^burst calls=\([0-9]*\) .*/\1/p' "$T/got")
expect "calls the target counted" "$calls" $n
balance "entries" "$(count "$T/p.out" e)" "$(drops "$T/p.err")" "$calls"
# Nothing drained the ring during the burst: it filled, and said so.
[ $filled = 0 ] || [ "$(drops "$T/p.err")" -gt 0 ] ||
	fail "$calls calls went into a ${FP_BUFSIZE:-4k} ring unread, and no drop was reported"
