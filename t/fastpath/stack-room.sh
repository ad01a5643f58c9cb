#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The main stack's room to grow (t/targets/fp-stackroom.c, under
# `setarch -R` and an 8 MiB stack limit): the target reserves every free
# range near libc but a window 900 MiB below it and the 6 MiB under its
# [stack], then probes' pages for getppid in libc must go to the window.
# The kernel grows a stack down to RLIMIT_STACK and no nearer than its
# guard gap (256 pages) to an accessible mapping (mm/mmap.c,
# expand_downwards), so a chunk of ours in those 6 MiB would leave the
# target's 5 MiB recursion a SIGSEGV it does not get untraced (pidtrace
# before this rule: "killed by signal 11").  Nor may a page go past the
# stack, to the end of the address space (an mmap there is ENOMEM).
# Asserts: the output equals the untraced one (the recursion ran);
# nothing of pidtrace's in [stack - max(limit, 128 MiB) - 1 MiB, end of
# user space); getppid's entries equal the target's 1000 calls, fast, no
# drop; after detach the text equals the files and nothing was left.
. "$top_srcdir/t/fastpath/fplib.sh"

case $PIDTRACE_X in *fastpath=off*)
	skip "the int3 path's pages look within 1 GiB of libc: none here" ;;
esac
bin=$TARGETS/fp-stackroom
[ -x "$bin" ] || skip "$bin not built"
setarch -R true 2>/dev/null ||
	skip "setarch -R refused: libc's place is randomized"
run=(sh -c 'ulimit -S -s 8192 && exec setarch -R "$0"' "$bin")
"${run[@]}" </dev/null >/dev/null 2>&1 ||
	skip "the 8 MiB stack and layout the target needs: $("${run[@]}" \
	    </dev/null 2>&1 | head -1)"

# stack_room PID MAPS0: nothing new from the stack's room to the end.
stack_room()
{
	_sp=$1 _m0=$2
	_slo=$(awk '$NF == "[stack]" { split($1, r, "-"); print r[1] }' \
	    "/proc/$_sp/maps")
	[ -n "$_slo" ] || fail "no [stack] in /proc/$_sp/maps"
	_slo=$((16#$_slo))
	_lim=$(awk '/^Max stack size/ { print $4 }' "/proc/$_sp/limits")
	[ "$_lim" = 8388608 ] || fail "stack limit $_lim, want 8388608"
	_lo=$((_slo - (128 << 20) - (1 << 20)))
	maps_snap "$_sp" | grep -vxF -f "$_m0" >"$T/room.new"
	say "stack at $(printf '%x' "$_slo"), room from $(printf '%x' \
	    "$_lo"); pidtrace's mappings:"
	cat "$T/room.new"
	[ -s "$T/room.new" ] || fail "no mapping of pidtrace's at all"
	while read -r _range _rest; do
		_hi=$((16#${_range#*-}))
		[ "$_hi" -le "$_lo" ] ||
			fail "a mapping of pidtrace's in the stack's room: $_range"
	done <"$T/room.new"
	say "ok: nothing in the stack's room or past the stack"
}
AT_DONE=stack_room

reference room "${run[@]}"
grep -qx 'calls=1000 deep=80' "$T/room.want" ||
	fail "untraced $bin: $(cat "$T/room.want")"
attach_run room 'pid$target:libc.so.6:getppid:entry { @e = count(); }
END { printa("e %@d\n", @e); }' "${run[@]}"
same_output "$T/room.want" "$T/room.out"
no_drops "$T/room.err"
expect "getppid entries" "$(count "$T/room.d" e)" 1000
say "PASS: the stack's room kept free, the probe fast in the window"
