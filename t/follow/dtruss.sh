#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidtrace-dtruss -f (dtruss's "follow children") prints each call with
# its PID/LWP, the children's among them: follow-fe's fork child calls
# getpid() before and after its exec, its parent once; each pid the
# program says is the one dtruss shows on those calls.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
FE=$TARGETS/follow-fe
[ -x "$FE" ] || skip "follow-fe not built"
DTRUSS=$top_srcdir/tools/pidtrace-dtruss
export PIDTRACE PIDTRACE_TOOLS="$top_srcdir/tools"

bounded 60 "$DTRUSS" -f -t getpid "$FE" 3 >"$T/so" 2>"$T/dt" ||
	fail "dtruss -f exited $?: $(tail -n 3 "$T/dt")"
cat "$T/dt"
[ -s "$T/so" ] && fail "dtruss wrote to stdout: $(cat "$T/so")"
# dtruss sends everything to standard error, the command's output too
parent=$(awk '$1 == "parent" { print $2 }' "$T/dt")
child=$(awk '$1 == "child" { print $2 }' "$T/dt")
[ -n "$parent" ] && [ -n "$child" ] && [ "$parent" != "$child" ] ||
	fail "the program said: $(cat "$T/dt")"
printf '%s/%s: getpid() = %s 0\n' "$child" "$child" "$child" \
    "$child" "$child" "$child" "$parent" "$parent" "$parent" >"$T/want"
sed -n 's/^ *\([0-9]*\/[0-9]*: *getpid()\)[^=]*= \(.*\)$/\1 = \2/p' \
    "$T/dt" | sed 's/:  */: /' >"$T/got"
same_output "$T/want" "$T/got"
say pass
