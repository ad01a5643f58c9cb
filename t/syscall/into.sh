#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A syscall site whose bytes code jumps into stays on the stop path
# (doc/TRACER.md, "Syscall sites": no patch covers an address code can
# jump to).  t/targets/sc-into has two sites of the same shape, a jump
# over the 5 bytes before the syscall covering three instructions:
# si_ok's, which no code enters but at its start, and si_get's, whose
# third instruction is the target of a jmp in si_enter, a page away, at
# a label no symbol names.  Only the scan of the module's branches
# (made at its first site that covers more than one instruction, for
# the windows before its syscalls) sees that jmp.
# Asserts: under syscall::getppid:entry the program's own counts and
# answers are as untraced (a torn site would crash it or answer wrong),
# the aggregation counts every call it made (3N), and -v's path line
# shows si_get's site dispatched at every call, its and si_enter's (2N
# at least: refused for good), while si_ok's was patched (fewer than
# 2N + 50 dispatched in all: its first call, and libc's and the
# loader's first calls at their sites).
. "$top_srcdir/t/syscall/sclib.sh"
need_sud
INTO=$TARGETS/sc-into
[ -x "$INTO" ] || skip "sc-into not built"

N=1000
bounded 30 "$INTO" $N >"$T/own" || fail "untraced: $(cat "$T/own")"
same_output - "$T/own" <<W
getppid $((3 * N)) bad 0
W
bounded 60 "$PIDTRACE" -v -q -n 'syscall::getppid:entry { @ = count(); }
    END { printa("traced %@d\n", @); }' -c "$INTO $N" >"$T/out" \
    2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
# (the blank line pidtrace ends its output with, as dtrace does, aside)
grep -v '^$' "$T/out" >"$T/lines"
same_output - "$T/lines" <<W
getppid $((3 * N)) bad 0
traced $((3 * N))
W
line=$(grep -E 'system calls: ' "$T/err") ||
	fail "no path line: $(cat "$T/err")"
say "$line"
d=$(printf '%s\n' "$line" |
    sed -n 's/.* patched sites, \([0-9]*\) dispatched.*/\1/p')
[ -n "$d" ] && [ "$d" -ge $((2 * N)) ] && [ "$d" -lt $((2 * N + 50)) ] ||
	fail "si_get's site not refused alone: $line"
exit 0
