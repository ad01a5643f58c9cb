#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# An arming that takes more than a second says so each second on stderr
# ("arming N of 2,048 sites", the total exact), and not under -q.
# PIDTRACE_TEST_SLOWARM=1000 makes each of sl-many's 2,048 sites take a
# millisecond more, so the arming lasts over 2 s.
. "$top_srcdir/t/lib.sh"
TGT=$TARGETS/sl-many
[ -x "$PIDTRACE" ] && [ -x "$TGT" ] || skip "pidtrace or sl-many not built"
D='pid$target:sl-many:f[0-7]*:entry { @ = count(); } BEGIN { exit(0); }'

say "a line of progress, with the exact total, on a slow arming"
PIDTRACE_TEST_SLOWARM=1000 bounded 120 "$PIDTRACE" -n "$D" \
	-c "$TGT" </dev/null >"$T/out" 2>"$T/err" || fail "pidtrace exited $?"
grep -E '^pidtrace: pid [0-9]+: arming [0-9,]+ of 2,048 sites$' "$T/err" ||
	fail "no progress line: $(cat "$T/err")"
say "none under -q"
PIDTRACE_TEST_SLOWARM=1000 bounded 120 "$PIDTRACE" -q -n "$D" \
	-c "$TGT" </dev/null >"$T/out" 2>"$T/err" || fail "pidtrace -q exited $?"
grep arming "$T/err" && fail "-q said: $(cat "$T/err")"
exit 0
