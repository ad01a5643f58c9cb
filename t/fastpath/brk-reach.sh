#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The heap's room when it is the only way past the heap
# (t/targets/fp-reach.c, non-PIE): the target reserves every free range
# below its start_brk, so the only free addresses within rel32 reach of
# its code lie past the heap, where the room pidtrace keeps for the heap
# ([start_brk, break + 1 GiB), doc/TRACER.md "Where our pages go") ends;
# the gap past the heap runs up to the libraries, out of reach, so its
# own ends are of no use.  Under `setarch -R` the heap follows the bss
# and the room's end is about 1 GiB from the code, within the 1.5 GiB
# pidtrace looks for a trampoline chunk: fr_step must run fast, its
# chunk at the room's end exactly.
# Asserts: the output equals the untraced one; no report of a slower
# path, no drop; fr_step's entries equal the target's 1000 calls; at
# "done", with pidtrace still attached, nothing new lies in [start_brk,
# break at "ready" + 1 GiB) and a chunk (r-xs memfd) starts at that
# range's end; after detach the text equals the files and no mapping
# was left.
# Without `setarch -R` (a seccomp profile may refuse the personality)
# the heap starts up to 1 GiB past the bss and the room's end may be out
# of reach: what the test asserts would depend on the layout, so it
# skips.
. "$top_srcdir/t/fastpath/fplib.sh"

case $PIDTRACE_X in *fastpath=off*)
	skip "the int3 path's pages look within 1 GiB: none for this layout" ;;
esac
bin=$TARGETS/fp-reach
[ -x "$bin" ] || skip "$bin not built"
setarch -R true 2>/dev/null ||
	skip "setarch -R refused: the heap's place is randomized"
ROOM=$((1 << 30))

AT_READY=heap_ready

# reach_room PID MAPS0: nothing new in the heap's room, a chunk at its end.
reach_room()
{
	_bp=$1 _m0=$2
	_sb=$(start_brk "$_bp") || fail "start_brk: $_sb"
	_end=$((HEAP0 + ROOM))
	maps_snap "$_bp" | grep -vxF -f "$_m0" >"$T/reach.new"
	say "start_brk $(printf '%x' "$_sb"), room's end $(printf '%x' \
	    "$_end"); pidtrace's mappings:"
	cat "$T/reach.new"
	_at=
	while read -r _range _perm _rest; do
		_lo=$((16#${_range%-*})); _hi=$((16#${_range#*-}))
		[ "$_hi" -le "$_sb" ] || [ "$_lo" -ge "$_end" ] ||
			fail "a mapping of pidtrace's in the heap's room: $_range"
		[ "$_lo" = "$_end" ] && [ "$_perm" = r-xs ] && _at=$_range
	done <"$T/reach.new"
	[ -n "$_at" ] || fail "no chunk at the room's end"
	say "ok: nothing in [start_brk, break + 1 GiB), a chunk at its end"
}
AT_DONE=reach_room

reference reach setarch -R "$bin"
grep -qx 'calls=1000 sum=500500' "$T/reach.want" ||
	fail "untraced $bin: $(cat "$T/reach.want")"
attach_run reach 'pid$target::fr_step:entry { @e = count(); }
END { printa("e %@d\n", @e); }' setarch -R "$bin"
same_output "$T/reach.want" "$T/reach.out"
no_drops "$T/reach.err"
expect "fr_step entries" "$(count "$T/reach.d" e)" 1000
say "PASS: a chunk past the heap's room when nothing below is free"
