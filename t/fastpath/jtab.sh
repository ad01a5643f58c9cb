#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Indirect jumps (t/targets/fp-jtab.S, fp-jtab-main.c), in fp-jtab (PIE:
# jump tables of offsets relative to the table) and fp-jtab-nopie (tables of
# absolute addresses, `jmp *T(,%rax,8)`, the shape of Debian's node).
# The fast path proves where a switch's table and a tail call through a
# loaded pointer land, and keeps int3 where it cannot:
#  - fj_abs (a bounded table through a base register), fj_ptr (a tail
#    call through a pointer loaded from memory), fj_hand (through a table
#    of handlers, no bound check), and two C switches gcc
#    -O2 makes jump tables of (fj_sw, with a .cold part; fj_state, a
#    switch in a loop whose table address is set before the loop) run
#    fast, entries and returns;
#  - fj_into's table has an entry at offset 1, inside the bytes an entry
#    jump would replace: its entry stays int3, its returns run fast;
#  - fj_nobound (an index masked, no bound check) and fj_land (a branch
#    into the bound check's path) keep every site on int3; fj_reg (a
#    tail call through an argument register, a function pointer the
#    caller passed, as an indirect call's) runs fast;
#  - postgres' shapes: the index compared in memory and read again from
#    the same word (fj_memidx, a stack slot; fj_memglob, a global), and
#    a table whose entry lands in code no symbol bounds (fj_far, in
#    .text.unlikely), run fast; a store between the compare and the
#    reload (fj_memst) keeps int3, and so does fj_victim's entry, whose
#    offset 1 is an entry of fj_xland's table (fj_xland runs fast); a
#    table base set once before the loop around its switch, the register
#    used otherwise after it (fj_loopbase), runs fast, and stays int3
#    when a case loops back with another table's address (fj_loopbad);
#    a tail call through an argument kept across a branch and a call
#    (fj_walk, postgres' expression_tree_walker) runs fast, one through
#    a word popped from the stack (fj_popjmp) stays int3; fj_cgoto's
#    computed goto counts as a way into every label, one of which
#    reaches its switch with the base register cleared: int3.
# Every indirect jmp is also a return site that stops the thread
# (retsite.h).  pidtrace -p attaches between the target's "ready" and
# its work.
# Asserts, for each binary: every entry and return count equals the
# target's calls, sum(arg1) of the returns that return a value equals
# the target's sum, the output equals the untraced output, the fast
# path's report is exactly the list above (the expected paths follow
# from the shapes in fp-jtab.S); after detach the text equals the files
# and no mapping was left (fplib.sh).
. "$top_srcdir/t/fastpath/fplib.sh"

command -v objdump >/dev/null || skip "needs objdump (binutils)"
n=$((1000 * FT_SCALE))
A='fj_into fj_abs fj_nobound fj_land fj_ptr fj_reg fj_helper fj_hand fj_helper2'
# fj_ptr's, fj_reg's and fj_hand's returns fire at their tail jmp, before
# the value exists; fj_regcall's too.
V='fj_into fj_abs fj_nobound fj_land fj_sw fj_state'
M='fj_memidx fj_memglob fj_memst fj_far fj_xland fj_victim fj_loopbase
   fj_loopbad fj_walk fj_popjmp fj_cgoto'

run()
{
	tag=$1 bin=$2
	[ -x "$bin" ] || skip "$bin not built"
	# Without jump tables in the C switches there is nothing to prove.
	for f in fj_sw fj_state; do
		objdump -d --no-show-raw-insn "$bin" |
		    awk -v f="<$f>:" '$2 == f { p = 1; next } /^$/ { p = 0 }
			p && /jmp +\*/ { n++ } END { exit n == 0 }' ||
		    skip "the compiler made no jump table of $f in $bin"
	done
	reference "$tag" "$bin" $n
	ent=$(for f in $A; do printf 'pid$target::%s:entry,' $f; done)
	ret=$(for f in $A; do printf 'pid$target::%s:return,' $f; done)
	attach_run "$tag" "${ent%,} { @e[probefunc] = count(); }
	${ret%,} { @r[probefunc] = count(); @s[probefunc] = sum(arg1); }
	END { printa(\"e %s %@d\\n\", @e); printa(\"r %s %@d\\n\", @r);
	      printa(\"s %s %@d\\n\", @s); }" "$bin" $n
	same_output "$T/$tag.want" "$T/$tag.out"
	no_drops "$T/$tag.err" "\
a return by a jump fires only when the jump leaves the function: pid:$(basename "$bin"):fj_into:return at offset 0x1c, pid:$(basename "$bin"):fj_abs:return at offset 0xe, pid:$(basename "$bin"):fj_nobound:return at offset 0x13 and 4 more
an indirect jump (jump table?) in the function: pid:$(basename "$bin"):fj_nobound:entry, pid:$(basename "$bin"):fj_land:entry, pid:$(basename "$bin"):fj_nobound:return at offset 0x1a and 5 more
code may jump into the bytes a jump would replace: pid:$(basename "$bin"):fj_into:entry"
	calls() { sed -n "s/^$1 calls=\([0-9]*\).*/\1/p" "$T/$tag.out"; }
	sums() { sed -n "s/^$1 calls=.* sum=//p" "$T/$tag.out"; }
	for f in $A; do
		expect "$tag $f entries" "$(count "$T/$tag.d" "e $f")" \
		    "$(calls $f)"
		expect "$tag $f returns" "$(count "$T/$tag.d" "r $f")" \
		    "$(calls $f)"
	done
	for f in fj_into fj_abs fj_nobound fj_land; do
		expect "$tag $f sum(arg1)" "$(count "$T/$tag.d" "s $f")" \
		    "$(sums $f)"
	done

	# The C switches: their entries run fast, no site says "indirect
	# jump"; which of their returns stop depends on gcc's layout.
	attach_run "$tag-c" 'pid$target::fj_sw:entry,pid$target::fj_state:entry
	{ @e[probefunc] = count(); }
	pid$target::fj_sw:return,pid$target::fj_state:return
	{ @r[probefunc] = count(); @s[probefunc] = sum(arg1); }
	END { printa("e %s %@d\n", @e); printa("r %s %@d\n", @r);
	      printa("s %s %@d\n", @s); }' "$bin" $n
	same_output "$T/$tag.want" "$T/$tag-c.out"
	if [ "$FP_MODE" != int3 ]; then
		slow "$T/$tag-c.err" >"$T/$tag-c.slow"
		grep -E 'indirect jump|:entry' "$T/$tag-c.slow" &&
		    fail "$tag: a C switch's site stayed int3 for its table"
		grep -q 'fj_sw:return' "$T/$tag-c.slow" ||
		    fail "$tag: fj_sw's table jmp is no return site: $(cat "$T/$tag-c.slow")"
	fi
	for f in fj_sw fj_state; do
		expect "$tag $f entries" "$(count "$T/$tag-c.d" "e $f")" \
		    "$(calls $f)"
		expect "$tag $f returns" "$(count "$T/$tag-c.d" "r $f")" \
		    "$(calls $f)"
		expect "$tag $f sum(arg1)" "$(count "$T/$tag-c.d" "s $f")" \
		    "$(sums $f)"
	done

	# The shapes of postgres' switches: the entries of fj_memidx,
	# fj_memglob, fj_far, fj_xland and fj_loopbase run fast; fj_memst's
	# stays int3 (a store between the compare and the reload), so does
	# fj_victim's, where fj_xland's table lands at offset 1, and
	# fj_loopbad's (another table's address reaches the dispatch);
	# fj_walk's tail call through the walker argument, kept in a saved
	# register across a branch and a call, runs fast, fj_popjmp's
	# through a popped word stays int3, and so does fj_cgoto, whose
	# computed goto may reach a label from which the switch's base
	# register holds no table.
	ent=$(for f in $M; do printf 'pid$target::%s:entry,' $f; done)
	attach_run "$tag-m" "${ent%,} { @e[probefunc] = count(); }
	END { printa(\"e %s %@d\\n\", @e); }" "$bin" $n
	same_output "$T/$tag.want" "$T/$tag-m.out"
	no_drops "$T/$tag-m.err" "\
an indirect jump (jump table?) in the function: pid:$(basename "$bin"):fj_memst:entry, pid:$(basename "$bin"):fj_loopbad:entry, pid:$(basename "$bin"):fj_popjmp:entry and 1 more
code may jump into the bytes a jump would replace: pid:$(basename "$bin"):fj_victim:entry"
	for f in $M; do
		expect "$tag $f entries" "$(count "$T/$tag-m.d" "e $f")" \
		    "$(calls $f)"
	done
}

run pie "$TARGETS/fp-jtab"
run nopie "$TARGETS/fp-jtab-nopie"
