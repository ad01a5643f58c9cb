#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The end of a vfork is the parent's to see: under pidtrace -c, fp-load's
# vfork child exits its leader at once (which ends the parent's vfork)
# while a thread of its own waits on a pipe, so no tracer hears of the
# child's exit until the parent has called the probed fp_work() N times
# and released that thread.  The vfork child runs with its parent's TCB:
# its records are the parent's by key and are dropped until its vfork
# ends.  Keyed on the child's exit instead, the parent's own firings
# between the end of its vfork and that exit were dropped, and said
# nowhere (one of 5000 lost in t/fastpath/fork-record.sh, under load;
# here all N, every run).
# Asserts: fp_work's entries and returns by pid are exactly the
# target's own count (N), no drops reported, the output equals the
# untraced output, nothing else on stderr.
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((1000 * FT_SCALE))
D='pid$target::fp_work:entry { @e[pid] = count(); }
	pid$target::fp_work:return { @r[pid] = count(); }
	END { printa("e %d %@d\n", @e); printa("r %d %@d\n", @r); }'

reference vr "$FP_LOAD" vfrel $n
bounded 60 "${PT[@]}" -q -o "$T/vr.d" -n "$D" -c "$FP_LOAD vfrel $n" \
	</dev/null >"$T/vr.raw" 2>"$T/vr.err" ||
	fail "pidtrace exited $?: $(cat "$T/vr.err")"
cat "$T/vr.raw" "$T/vr.d" "$T/vr.err"
sed 's/^ready pid=.*/ready/' "$T/vr.raw" >"$T/vr.g"
same_output "$T/vr.want" "$T/vr.g"
no_drops "$T/vr.err" "$SLOW_WORK"
PID=$(sed -n 's/^ready pid=//p' "$T/vr.raw")
expect "fp_work entries" "$(count "$T/vr.d" "e $PID")" $n
expect "fp_work returns" "$(count "$T/vr.d" "r $PID")" $n
