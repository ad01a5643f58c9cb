#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Captured bytes pidtrace reads too late are drops, said, never wrong
# bytes: each call of ip-burst big copies in 60000 bytes (its own
# buffer, whose first and last bytes it sets for the call, 'A' + i % 26
# and 'a' + i % 26, and overwrites with '#' after it), a thread's
# capture ring holds 1 MB, so a pidtrace stopped (SIGSTOP) while the
# target makes 200 calls finds most of them overwritten when it runs on
# (SIGCONT).
# Asserts: the clause runs from the record with its bytes captured
# (-l -v); every line printed has the two bytes of one call (the same
# letter in both cases: bytes of two calls never mix, none is '#'); the
# lines and the drops said add up to the calls; some were dropped (the
# ring cannot hold 200 calls' bytes); the process ends as untraced.
. "$top_srcdir/t/inproc/iplib.sh"

n=200
D='pid$target::ip_str:entry {
	this->b = (char *)copyin(arg0, arg1);
	printf("call %c %c\n", *this->b, *(this->b + 59999)); }'
list_paths big "$D" -c "$IP_BURST big 1"
paths_is big "ip_str entry, line 1: in pidtrace, from the firing's record, the bytes it reads captured at the firing: it records data (printf, trace...)"

rm -f "$T/in" "$T/in.out"; mkfifo "$T/in"
spawn _tp 300 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" \
	"$IP_BURST" big $n
exec 3>"$T/in"
wait_for "$T/in.out" '^ready pid='
TPID=$(sed -n 's/^ready pid=//p' "$T/in.out")
spawn _pp 300 "${PT[@]}" -q -n "BEGIN { printf(\"armed\\n\"); } $D" \
	-p "$TPID" >"$T/big.d" 2>"$T/big.err"
_ptp=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/big.d" '^armed' 60
# BEGIN fires before pidtrace lets the target go on (as dtrace fires it
# once tracing is enabled): stopping pidtrace then would keep the target
# in its trace stop.  Handshake: the target sleeps in its read of "go",
# released.
w=0
until [ "$(sed 's/.*) //' "/proc/$TPID/stat" | cut -d' ' -f1)" = S ]; do
	w=$((w + 1))
	[ $w -lt 6000 ] || fail "the target still stopped a minute after BEGIN"
	sleep 0.01
done
kill -STOP "$_ptp"
echo go >&3
wait_for "$T/in.out" '^done' 120
kill -CONT "$_ptp"
kill -INT "$_ptp"
wait "$_pp"; rc=$?
cat "$T/big.err"
[ $rc = 0 ] || fail "pidtrace exited $rc: $(cat "$T/big.err")"
exec 3>&-
wait "$_tp" || fail "target exited $?: $(cat "$T/in.out")"
grep -q '^big calls=200$' "$T/in.out" || fail "target: $(cat "$T/in.out")"

# A line's two bytes: one call's ('A' + k and 'a' + k).
grep '^call ' "$T/big.d" >"$T/lines"
bad=$(awk '$2 !~ /^[A-Z]$/ || tolower($2) != $3' "$T/lines" | head -n 3)
[ -z "$bad" ] || fail "bytes not the call's: $bad"
got=$(wc -l <"$T/lines")
dropped=$(drops "$T/big.err")
balance "calls" "$got" "$dropped" $n
[ "$dropped" -gt 0 ] || fail "no drop: the ring held 200 calls' 60000 bytes"
