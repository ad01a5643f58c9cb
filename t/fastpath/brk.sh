#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The program break (t/targets/fp-brk.c), in fp-brk (PIE) and
# fp-brk-nopie: pidtrace's pages (the fast path's memfd chunks, the int3
# path's out-of-line pages) go in a free gap near the code, but never
# where the heap grows: a mapping at the break's end makes brk(2) fail,
# and glibc's malloc then falls back to mmap (the tracee is changed).
# pidtrace -p attaches between the target's "ready" and its sbrk() loop.
# Asserts, for each binary: the target's output (64 steps of 1 MB, each
# sbrk() returning the previous break) equals the untraced output;
# fb_step's entries equal the target's steps; at "done", with pidtrace
# still attached, it has mapped something new, nothing new lies in
# [start_brk, break + 1 GiB) (start_brk: /proc/PID/stat field 47; the
# break: the end of [heap] at "ready"; 1 GiB: the room doc/TRACER.md
# says pidtrace keeps),
# and the maps' [heap] ends exactly the target's own count of bytes
# ("grown=", from its sbrk() results) past where it ended before attach;
# after detach the text equals the files and no mapping was left.
#
# With address space randomization the heap starts up to 32 MB past the
# bss (arch_randomize_brk), and a gap end between the two is nearer to
# the code than the heap's end: the targets run under `setarch -R` where
# the kernel allows it, so that the heap follows the bss and its end is
# the nearest free address (the case that breaks when the heap's room is
# not kept).  Where it does not (a seccomp profile may refuse the
# personality), the same assertions hold on a randomized layout.
. "$top_srcdir/t/fastpath/fplib.sh"

ROOM=$((1 << 30))
NORAND=()
if setarch -R true 2>/dev/null; then
	NORAND=(setarch -R)
	say "layout not randomized (setarch -R)"
else
	say "setarch -R refused: a randomized layout"
fi

# At "ready": where the heap ends before the target's sbrk() loop.
AT_READY=heap_ready

# brk_room PID MAPS0: pidtrace mapped pages, none in the heap's room, and
# the heap grew by the target's count.
brk_room()
{
	_bp=$1 _m0=$2
	_grown=$(sed -n 's/.* grown=\([0-9]*\) .*/\1/p' "$T/in.out")
	[ -n "$_grown" ] || fail "no grown= in the target's output"
	expect "the heap's growth in the maps" \
	    $(($(heap_end "$_bp") - HEAP0)) "$_grown"
	_sb=$(start_brk "$_bp") || fail "start_brk: $_sb"
	maps_snap "$_bp" | grep -vxF -f "$_m0" >"$T/brk.new"
	say "start_brk $(printf '%x' "$_sb"); pidtrace's mappings:"
	cat "$T/brk.new"
	[ -s "$T/brk.new" ] || fail "pidtrace mapped nothing in pid $_bp"
	while read -r _range _rest; do
		_lo=$((16#${_range%-*})); _hi=$((16#${_range#*-}))
		[ "$_hi" -le "$_sb" ] || [ "$_lo" -ge $((HEAP0 + ROOM)) ] ||
			fail "a mapping of pidtrace's in the heap's room: $_range $_rest"
	done <"$T/brk.new"
	say "ok: no mapping in [start_brk, break + 1 GiB)"
}
AT_DONE=brk_room

run()
{
	tag=$1 bin=$2
	[ -x "$bin" ] || skip "$bin not built"
	reference "$tag" "${NORAND[@]}" "$bin"
	grep -qx 'steps=64 grown=67108864 failed=0 moved=0 sum=2080' \
	    "$T/$tag.want" || fail "untraced $bin: $(cat "$T/$tag.want")"
	attach_run "$tag" 'pid$target::fb_step:entry { @e = count(); }
	END { printa("e %@d\n", @e); }' "${NORAND[@]}" "$bin"
	same_output "$T/$tag.want" "$T/$tag.out"
	no_drops "$T/$tag.err"
	expect "$tag fb_step entries" "$(count "$T/$tag.d" e)" 64
}

run pie "$TARGETS/fp-brk"
run nopie "$TARGETS/fp-brk-nopie"
say "PASS: pidtrace keeps the heap's room free, PIE and not"
