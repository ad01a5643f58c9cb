#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -c of a #! script whose program the descriptions do not match: dtrace
# refuses such a script with exit status 1 and, under -x errtags, the
# tag of the error (Oracle's Linux DTrace test
# test/unittest/pid/err.D_PROC_FUNC.badfunc.d: a function that is not
# in a.out, [D_PROC_FUNC]).  pidtrace resolves a #! script's
# descriptions in the program it execs; once that program matches
# nothing and nothing else can fire, it ends the same way instead of
# tracing nothing until killed, and the program it started is gone.
# The control: the same script exec'ing pd-prog with a description
# that matches counts pd-prog's own 3 calls of go().
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

printf '#!/bin/sh\nexec "%s" "$@"\n' "$TARGETS/pd-prog" >"$T/wrap"
chmod +x "$T/wrap"
printf 'pid$target:a.out:ahl_r00lz:entry\n{\n}\n' >"$T/badfunc.d"

bounded 60 "$PIDTRACE" -xerrtags -s "$T/badfunc.d" -c "$T/wrap sleep" \
    >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 1 ] || fail "exit $rc, not 1"
grep -q "^pidtrace: failed to compile script .*badfunc.d: .*badfunc.d:1:1: \[D_PROC_FUNC\] .*ahl_r00lz" \
    "$T/err" || fail "no error with [D_PROC_FUNC]"
running_with "$TARGETS/pd-prog sleep" 2>/dev/null && fail "pd-prog left running"

bounded 60 "$PIDTRACE" -s "$T/badfunc.d" -c "$T/wrap sleep" \
    >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 1 ] || fail "exit $rc without -x errtags, not 1"
grep -q '\[D_' "$T/err" && fail "a tag without -x errtags"

say "control: a description that matches the exec'd program"
bounded 60 "$PIDTRACE" -q -n 'pid$target:a.out:go:entry { @ = count(); }' \
    -n 'END { printa("go %@d\n", @); }' -c "$T/wrap run 3" \
    >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err" "$T/out"
[ $rc -eq 0 ] || fail "control: exit $rc"
grep -q '^done ' "$T/out" || fail "control: pd-prog did not finish"
grep -qx 'go 3' "$T/out" || fail "control: not 3 calls of go"
exit 0
