#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x follow on a shell script that spawns children: every write and
# openat of sh and of the cat and ls it forks and execs is counted, as
# strace -f -c counts them on an identical run (strace is the source of
# the expected counts), in three processes (pid in D is each one's own);
# without -x follow, the shell's own calls only (fewer opens).
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
command -v strace >/dev/null || skip "strace is not installed"
[ -r /etc/hostname ] || skip "no /etc/hostname"
SH=$(command -v sh)
SCRIPT='cat /etc/hostname; ls / >/dev/null'

bounded 60 strace -f -c -o "$T/strace" -e trace=write,openat \
    "$SH" -c "$SCRIPT" >"$T/own" || fail "strace run failed"
awk '$NF == "write" || $NF == "openat" { print $NF, $4 }' "$T/strace" |
    sort >"$T/want"
[ "$(wc -l <"$T/want")" = 2 ] || fail "strace's table: $(cat "$T/strace")"

D='syscall::write:entry, syscall::openat:entry { @[probefunc] = count(); @p[pid] = count(); }
END { printa("%s %@d\n", @); printa("pid %d %@d\n", @p); }'
bounded 60 "$PIDTRACE" -q -x follow -n "$D" -c "$SH -c '$SCRIPT'" \
    >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out" "$T/err"
[ -s "$T/err" ] && fail "pidtrace said: $(cat "$T/err")"
grep -E '^(write|openat) [0-9]+$' "$T/out" | sort >"$T/got"
same_output "$T/want" "$T/got"
[ "$(grep -c '^pid [0-9]* [0-9]*$' "$T/out")" = 3 ] ||
	fail "not three processes: $(grep '^pid' "$T/out")"
grep -qxF "$(cat /etc/hostname)" "$T/out" || fail "cat's output is missing"

# Without the option: sh's own calls, fewer.
bounded 60 "$PIDTRACE" -q -n "$D" -c "$SH -c '$SCRIPT'" \
    >"$T/out1" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
[ "$(grep -c '^pid [0-9]* [0-9]*$' "$T/out1")" = 1 ] ||
	fail "without -x follow: $(grep '^pid' "$T/out1")"
o1=$(awk '$1 == "openat" { print $2 }' "$T/out1")
o3=$(awk '$1 == "openat" { print $2 }' "$T/got")
[ "${o1:-0}" -lt "$o3" ] || fail "without -x follow: $o1 opens, not < $o3"
say pass
