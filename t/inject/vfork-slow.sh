#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A vfork child that takes its time: t/targets/ij-fork vslow vforks in a
# loop, each child sleeping 1.5 s before it exits, so that its parent, the
# only thread, waits in vfork nearly all the time, where no ptrace stop
# reaches it.  pidtrace attaches with a pid probe on malloc and is
# stopped by SIGINT at a random moment, 3 times (30 with FT_SCALE=10),
# with the fast path and without.  Stopping all lets such a child run for
# a second, then parks it and counts its parent as stopped; at the end
# the child runs the munmaps in the memory it shares, is let go, and the
# parent is detached when its wait ends (doc/TRACER.md, "The stop loop
# ends").  Asserts: as t/inject/spawn.sh: each session ends and says
# nothing (no page left, no thread left traced), the maps as found; then
# every vfork ran once and every child exited 3.
. "$top_srcdir/t/inject/ijlib.sh"

N=$((3 * FT_SCALE))
D='pid$target::malloc:entry { @ = count(); }'

spawn tp 900 "$IJ_FORK" vslow "$T/log" >"$T/out" 2>&1
wait_for "$T/out" '^ready pid='
TPID=$(sed -n 's/^ready pid=//p' "$T/out")
maps_all "$TPID" >"$T/maps0"
for fp in on off; do
	PT=("$PIDTRACE" -x fastpath=$fp)
	i=0
	while [ $i -lt "$N" ]; do
		i=$((i + 1))
		session "$TPID" "$D" "vslow, fastpath=$fp: session $i"
		maps_same "$TPID" "$T/maps0" "vslow, fastpath=$fp: session $i"
	done
	say "fastpath=$fp: $N sessions, each left /proc/$TPID/maps as found"
done
kill -TERM "$TPID"
wait "$tp" || fail "ij-fork exited $?: $(cat "$T/out")"
cat "$T/out"
l=$(sed -n 's/^loops=\([0-9]*\) extra=[0-9]* bad=[0-9]*$/\1/p' "$T/out")
[ -n "$l" ] || fail "ij-fork said: $(cat "$T/out")"
expect "children left over" \
	"$(sed -n 's/^loops=.* extra=\([0-9]*\) .*/\1/p' "$T/out")" 0
expect "children that exited wrong" \
	"$(sed -n 's/^loops=.* bad=\([0-9]*\)$/\1/p' "$T/out")" 0
fork_log "$T/log" "$l" nochild
say "$l loops, each vfork and write once"
