#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# stack() in a pid probe is the kernel's stack, empty for a process
# traced from user space, as Oracle's Linux DTrace has it
# (test/unittest/pid/tst.emptystack.d and .r: @[stack()] = sum(0) over
# every pid probe of a.out prints one empty key, its sum 0: a blank
# line, the empty stack's line, then the value at dtrace's width).
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

bounded 60 "$PIDTRACE" -q -n 'pid$target:a.out::return,
    pid$target:a.out::, pid$target:a.out::entry { @[stack()] = sum(0); }' \
    -c "$TARGETS/pd-prog run 2" >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 0 ] || fail "exit $rc"
grep -v '^done ' "$T/out" >"$T/got"
printf '\n\n                0\n' >"$T/want"
same_output "$T/want" "$T/got"
exit 0
