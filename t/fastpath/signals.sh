#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Signals at a high rate inside probed functions: 4 threads call
# fp_work() (about 1 us each) until each took 200 SIGALRMs from its own
# timer (timer_create, SIGEV_THREAD_ID, every 200 us; and a process-wide
# setitimer every 600 us that any thread may take); the handler calls
# fp_hwork(), also probed, so handlers run while the interrupted thread
# is inside a probed function (or a trampoline) and fire probes
# themselves.  Both probed at entry and return under pidtrace -p.
# Asserts: fp_work's entries, returns and fp_hwork's entries, returns
# with the drops reported add up to twice the calls and handlers the
# target counted, each count exact when nothing dropped; nothing else on
# stderr; "sig ok" (every thread saw its signals, the output the untraced
# one); after detach the text equals the files and no mapping was left.
. "$top_srcdir/t/fastpath/fplib.sh"

k=$((200 * FT_SCALE))
reference sig "$FP_LOAD" sig 4 $k 200
grep -v '^calls=' "$T/sig.want" >"$T/sig.w"
attach_run sig 'pid$target::fp_work:entry, pid$target::fp_hwork:entry
	{ @e[probefunc] = count(); }
	pid$target::fp_work:return, pid$target::fp_hwork:return
	{ @r[probefunc] = count(); }
	END { printa("e %s %@d\n", @e); printa("r %s %@d\n", @r); }' \
	"$FP_LOAD" sig 4 $k 200
grep -v '^calls=' "$T/sig.out" >"$T/sig.g"
same_output "$T/sig.w" "$T/sig.g"
quiet_err "$T/sig.err" "$SLOW_WORK"
calls=$(sed -n 's/^calls=\([0-9]*\) .*/\1/p' "$T/sig.out")
hand=$(sed -n 's/^calls=.* handlers=//p' "$T/sig.out")
[ "$hand" -ge $((4 * k)) ] || fail "only $hand handlers ran"
ew=$(count "$T/sig.d" "e fp_work") rw=$(count "$T/sig.d" "r fp_work")
eh=$(count "$T/sig.d" "e fp_hwork") rh=$(count "$T/sig.d" "r fp_hwork")
d=$(drops "$T/sig.err")
balance "all records" $((ew + rw + eh + rh)) "$d" $((2 * calls + 2 * hand))
if [ "$d" = 0 ]; then
	expect "fp_work entries" "$ew" "$calls"
	expect "fp_work returns" "$rw" "$calls"
	expect "fp_hwork entries" "$eh" "$hand"
	expect "fp_hwork returns" "$rh" "$hand"
fi
