#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A probed program makes children every way: fork, clone without
# CLONE_VM (both start with our int3s in their copy of the text: they
# must be cleaned and let go), vfork with the child calling the probed
# function (it shares the parent's int3s), system, popen and posix_spawn
# (vfork-like CLONE_VM children that share the int3s until they exec).
# Asserts: the output, children's included, equals the untraced run's;
# work:entry counts the parent's calls exactly (children's are not
# counted, the vfork child's included: its calls show in the parent's
# own count, which it shares); execve, called only by the CLONE_VM
# children, is not counted.  On each path: -x fastpath=on (the default),
# record and off.
. "$top_srcdir/t/tracer/trlib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

SPAWN=$TARGETS/fe-spawn
N=${SPAWN_N:-2000}
bounded 60 "$SPAWN" "$N" >"$T/want" 2>&1 || fail "untraced run failed"
grep -q "^parent work=$((7 * N)) " "$T/want" || fail "untraced: $(cat "$T/want")"
printf 'work %d\n\n' $((6 * N)) >"$T/dwant"
# Each path: clauses in the process, from records, at stops.
for fp in on record off; do
	say "== -x fastpath=$fp"
	rm -f "$T/d"	# -o appends, as dtrace's does
	bounded 60 "$PIDTRACE" -x fastpath=$fp -q -o "$T/d" -n 'pid$target::work:entry,
		pid$target:libc.so.6:execve:entry { @[probefunc] = count(); }
		END { printa("%s %@d\n", @); }' -c "$SPAWN $N" >"$T/got" \
		2>"$T/err" || fail "pidtrace failed: $(cat "$T/err")"
	cat "$T/got" "$T/d" "$T/err"
	same_output "$T/want" "$T/got"
	[ ! -s "$T/err" ] || fail "pidtrace said: $(cat "$T/err")"
	same_output "$T/dwant" "$T/d"
done
