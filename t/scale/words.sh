#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# sl-words holds, on the stack of its thread blocked in read(2), every
# page address within 512 MB of its code: wherever pidtrace places its
# out-of-line pages and trampolines, numbers on the stack equal their
# addresses.  Numbers are not pcs a thread can come back to (only a
# signal frame's saved rip is): after the session nothing of pidtrace's
# is left mapped, nothing is said of it, and the program runs on.
# PIDTRACE_X picks the path (words-int3.sh: -x fastpath=off).
. "$top_srcdir/t/lib.sh"
TGT=$TARGETS/sl-words
[ -x "$PIDTRACE" ] && [ -x "$TGT" ] || skip "pidtrace or sl-words not built"

printf 'go 10\ngo 5\nquit\n' | bounded 30 "$TGT" >"$T/plain" ||
	fail "sl-words alone failed"
mkfifo "$T/in"
# read-write: neither open waits for the other end
exec 3<>"$T/in"
# the redirections inside: a command put in the background by a function
# would read /dev/null
spawn tp 120 sh -c 'exec "$0" <"$1" >"$2"' "$TGT" "$T/in" "$T/out"
wait_for "$T/out" '^ready '
pid=$(sed -n 's/^ready //p' "$T/out")
cp /proc/$pid/maps "$T/maps.before"

spawn pp 120 "$PIDTRACE" ${PIDTRACE_X:-} -q -n 'BEGIN { printf("armed\n"); }
	pid$target::work:entry { @ = count(); }
	END { printa("work %@d\n", @); }' -p $pid >"$T/p.out" 2>"$T/p.err"
wait_for "$T/p.out" '^armed$' 60
echo 'go 10' >&3
wait_for "$T/out" '^done ' 60
kill -INT $pp
wait $pp || fail "pidtrace exited $?: $(cat "$T/p.err")"
say "work counted 10 times"
grep -qx 'work 10' "$T/p.out" || fail "$(cat "$T/p.out")"
say "nothing left mapped, nothing said of it"
grep 'left mapped' "$T/p.err" && fail "pidtrace left its pages"
diff "$T/maps.before" /proc/$pid/maps || fail "maps differ after the session"
printf 'go 5\nquit\n' >&3
exec 3>&-
wait $tp || fail "sl-words exited $?"
grep -v '^ready ' "$T/plain" >"$T/want"
grep -v '^ready ' "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
exit 0
