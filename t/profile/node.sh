#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The seed 003 story: profile-97 { @[jstack(100, 8000)] = count(); } on
# node --perf-basic-prof running a known hot function (pf-hot.js's
# hotLoop): its JIT frame is named from /tmp/perf-PID.map, and the
# stack with the most samples ends in it.  Skips when node is missing.
. "$top_srcdir/t/lib.sh"

NODE=$(command -v node) || skip "node is not installed"
JS=$(cd "$top_srcdir" && pwd)/t/targets/pf-hot.js
PIDTRACE=$(cd "$(dirname "$PIDTRACE")" && pwd)/pidtrace
# node --perf-basic-prof also writes isolate-*-v8.log where it runs
cd "$T" || fail "cd $T"
bounded 60 "$PIDTRACE" -q -x stackfmt=folded -n '
    BEGIN { printf("target %d\n", $target); }
    profile-97 { @[jstack(100, 8000)] = count(); }' \
    -c "$NODE --perf-basic-prof $JS 2" >"$T/out" 2>"$T/err"
rc=$?
pid=$(sed -n 's/^target //p' "$T/out")
[ -n "$pid" ] && rm -f "/tmp/perf-$pid.map"
[ $rc = 0 ] || fail "pidtrace exited $rc: $(cat "$T/err")"
grep -q '^done true$' "$T/out" || fail "node did not finish: $(tail -n 3 "$T/out")"
top=$(grep ';.* [0-9][0-9]*$' "$T/out" | awk '
	{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); c[s] += n }
	END { for (s in c) if (c[s] > best) { best = c[s]; top = s }
	      print top }')
case $top in
*'JS:'*hotLoop*) ;;
*) fail "the top stack does not end in hotLoop: ...${top: -200}" ;;
esac
exit 0
