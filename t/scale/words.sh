#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# sl-words holds, on the stack of its thread blocked in read(2), every
# page address within 512 MB of its code: wherever pidtrace places its
# out-of-line pages and trampolines, numbers on the stack equal their
# addresses.  Numbers are not pcs a thread can come back to (only a
# signal frame's saved rip is): after the session nothing of pidtrace's
# is left mapped, nothing is said of it, and the program runs on.
# PIDTRACE_X picks the path (words-int3.sh: -x fastpath=off).
. "$top_srcdir/t/scale/sllib.sh"
sl_start sl-words 'go 10\ngo 5\nquit\n'

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
sl_finish sl-words 'go 5\nquit\n'
exit 0
