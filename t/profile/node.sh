#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The seed 003 story: profile-97 on node --perf-basic-prof running a
# known hot function (pf-hot.js's hotLoop): its JIT frame is named from
# /tmp/perf-PID.map, and the stack with the most samples ends in it,
# with jstack(100, 8000) (JIT names within its string space, as dtrace's
# helpers), with ustack() (JIT names in full, as bpftrace's ustack()),
# and in tools/pidtrace-profile's folded flame-graph lines, which use
# ustack().  Skips when node is missing.
#
# Only samples taken once node printed "ready" count: node's start-up
# (reading its CA certificates) is CPU work that sampling stretches, and
# on a loaded machine its stacks outnumbered hotLoop's two seconds of
# wall time.  The D runs start counting at node's first write to
# standard output; pidtrace-profile attaches (-p) after "ready".
. "$top_srcdir/t/lib.sh"

NODE=$(command -v node) || skip "node is not installed"
JS=$(cd "$top_srcdir" && pwd)/t/targets/pf-hot.js
PIDTRACE=$(cd "$(dirname "$PIDTRACE")" && pwd)/pidtrace
PROFILE=$(cd "$top_srcdir" && pwd)/tools/pidtrace-profile
export PIDTRACE
# node --perf-basic-prof also writes isolate-*-v8.log where it runs
cd "$T" || fail "cd $T"

# top FILE: the folded stack with the most samples
top()
{
	grep ';.* [0-9][0-9]*$' "$1" | awk '
	{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); c[s] += n }
	END { for (s in c) if (c[s] > best) { best = c[s]; top = s }
	      print top }'
}

for stack in 'jstack(100, 8000)' 'ustack()'; do
	say "== profile-97 { @[$stack] = count(); }"
	bounded 60 "$PIDTRACE" -q -x stackfmt=folded -n "
	    BEGIN { printf(\"target %d\\n\", \$target); }
	    syscall::write:entry /arg0 == 1/ { ready = 1; }
	    profile-97 /ready/ { @[$stack] = count(); }" \
	    -c "$NODE --perf-basic-prof $JS 2" >"$T/out" 2>"$T/err"
	rc=$?
	pid=$(sed -n 's/^target //p' "$T/out")
	# another user's stale map of that pid: node cannot write its own
	# and aborts (say so)
	map=$(ls -l "/tmp/perf-$pid.map" 2>/dev/null)
	[ -n "$pid" ] && rm -f "/tmp/perf-$pid.map"
	[ $rc = 0 ] || fail "pidtrace exited $rc: $(cat "$T/err")"
	grep -q '^done true$' "$T/out" ||
		fail "node did not finish: $(tail -n 3 "$T/out") (its map: ${map:-none})"
	t=$(top "$T/out")
	case $t in
	*'JS:'*hotLoop*) say "top stack ends ...${t: -60}" ;;
	*) fail "the top stack does not end in hotLoop: ...${t: -200}" ;;
	esac
done

say "== pidtrace-profile -f (ustack()) names JavaScript without jstack()"
cp "$JS" "$T/pf-hot.js" || fail "cp $JS"
spawn _np 120 "$NODE" --perf-basic-prof "$T/pf-hot.js" 60 >"$T/node.out" \
    2>&1
NPID=$(child_of "$_np") || fail "no node pid"
wait_for "$T/node.out" '^ready' 60
bounded 90 "$PROFILE" -F 97 -f -p "$NPID" 2 >"$T/out" 2>"$T/err"
rc=$?
kill "$NPID"
rm -f "/tmp/perf-$NPID.map"
[ $rc = 0 ] || fail "pidtrace-profile exited $rc: $(cat "$T/err")"
t=$(top "$T/out")
case $t in
*'JS:'*hotLoop*) say "top stack ends ...${t: -60}" ;;
*) fail "pidtrace-profile's top stack does not end in hotLoop: ...${t: -200}" ;;
esac
exit 0
