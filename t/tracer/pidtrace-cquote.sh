#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidtrace -c splits its command into words at blanks, as dtrace does,
# and honours a shell's quotes as bpftrace's -c does: '...' as it is,
# "..." with \" and \\, a backslash before any character; no expansion.
# The words reach the program exactly: printf(1) shows them one a line.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
[ -x /usr/bin/printf ] || skip "needs /usr/bin/printf"

say "words, quotes and backslashes reach the command as a shell makes them"
bounded 30 "$PIDTRACE" -q -n 'BEGIN { }' \
    -c "/usr/bin/printf '[%s]\\n' a\\ b 'c  d' \"e\\\"f\" '' \$HOME *" \
    >"$T/out" 2>"$T/err" || fail "exit status $?: $(cat "$T/err")"
printf '[a b]\n[c  d]\n[e"f]\n[]\n[$HOME]\n[*]\n\n' >"$T/want"
same_output "$T/want" "$T/out"

say "sh -c 'a; b': one argument for sh"
bounded 30 "$PIDTRACE" -q -n 'BEGIN { }' \
    -c "/bin/sh -c 'echo one; echo two'" >"$T/out" 2>"$T/err" ||
    fail "exit status $?: $(cat "$T/err")"
printf 'one\ntwo\n\n' >"$T/want"
same_output "$T/want" "$T/out"

say "an unterminated quote: one line, exit 1, nothing run"
bounded 30 "$PIDTRACE" -q -n 'BEGIN { }' -c "/bin/sh -c 'echo x" \
    >"$T/out" 2>"$T/err"
[ $? = 1 ] || fail "unterminated quote: exit status not 1"
printf "pidtrace: -c /bin/sh -c 'echo x: unterminated ' quote\n" >"$T/want"
same_output "$T/want" "$T/err"
[ -s "$T/out" ] && fail "ran: $(cat "$T/out")"
exit 0
