#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Function shapes (t/targets/fp-asm.S): entry probes on functions
# that start with endbr64, a rip-relative load, a loop back into their
# first 5 bytes, a call in their first 5 bytes, a jump table, a tail call,
# `xor %eax,%eax; ret`, and return probes after `pop; ret`, `leave; ret`
# and `add $N,%rsp; pop; pop; ret`, and fa_jtab's (its jmp *%rax, with
# no CFI to say it stays inside, is a site that never fires: int3; its
# rets fire, fast: the table's bound and entries are proven, none lands
# inside a jump's bytes).  pidtrace -p attaches between the target's
# "ready" and its work.
# Asserts: every entry and return count equals the target's calls, every
# sum(arg1) of a return probe equals the sum of the values the target got
# (not fa_tail's: its return fires at the tail jmp, before the value
# exists), the output equals the untraced output, nothing dropped; after
# detach the text equals the files and no mapping was left (fplib.sh).
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((2000 * FT_SCALE))
reference asm "$FP_ASM" $n
R='fa_endbr fa_riprel fa_loop fa_call5 fa_leaf fa_tail fa_tiny fa_frame
	fa_leave fa_addsp fa_jtab'
ret=$(for f in $R; do printf 'pid$target::%s:return,' $f; done)
attach_run asm 'pid$target::fa_*:entry { @e[probefunc] = count(); }
	'"${ret%,}"' { @r[probefunc] = count(); @s[probefunc] = sum(arg1); }
	END { printa("e %s %@d\n", @e); printa("r %s %@d\n", @r);
	      printa("s %s %@d\n", @s); }' "$FP_ASM" $n
same_output "$T/asm.want" "$T/asm.out"
# Every clause fits the process (count() and sum() keyed by probefunc);
# the returns by a jump stop the thread whatever the clause (retsite.h),
# and the report below says which sites the tracer kept int3.
paths_is asm "BEGIN, line 1: in pidtrace
END, line 3: in pidtrace
$(for f in fa_endbr fa_riprel fa_loop fa_call5 fa_leaf fa_jtab fa_tail \
    fa_tiny fa_frame fa_leave fa_addsp; do
	echo "$f entry, line 1: in the process"; done)
$(for f in fa_endbr fa_riprel fa_loop fa_call5 fa_leaf fa_tail fa_tiny \
    fa_frame fa_leave fa_addsp fa_jtab; do
	case $f in
	fa_tail|fa_jtab) echo "$f return, line 2: in pidtrace, stopping the thread: a return by a jump fires only when the jump leaves the function" ;;
	*) echo "$f return, line 2: in the process" ;;
	esac; done)"
# The shapes that must stay int3, and why (t/targets/fp-asm.S): a return
# by a tail jmp (fa_tail's, and fa_jtab's jmp *%rax at 0x14), a return
# whose bytes hold a jcc (fa_loop's), entry and return sites whose
# bytes overlap where one trampoline cannot take both (fa_tail's entry
# and its tail jmp, fa_call5's call and ret: its entry, a call that ends
# the 5 bytes, takes the jump), a loop back into the first 5 bytes, and
# fa_tiny (3 bytes): a jump over it would cover fa_frame's first bytes.
# fa_leaf (`lea; ret`, 5 bytes) runs fast: one trampoline takes its
# entry and return, its jump covering its ret.
no_drops "$T/asm.err" "\
a return by a jump fires only when the jump leaves the function: pid:fp-asm:fa_tail:return at offset 0x4, pid:fp-asm:fa_jtab:return at offset 0x14
an instruction a jump would replace cannot move: pid:fp-asm:fa_loop:return at offset 0xa
another site lies in the bytes a jump would replace: pid:fp-asm:fa_tail:entry, pid:fp-asm:fa_call5:return at offset 0x8
code may jump into the bytes a jump would replace: pid:fp-asm:fa_loop:entry, pid:fp-asm:fa_tiny:entry, pid:fp-asm:fa_tiny:return at offset 0x2"

calls() { sed -n "s/^$1 calls=\([0-9]*\).*/\1/p" "$T/asm.out"; }
sums() { sed -n "s/^$1 calls=.* sum=//p" "$T/asm.out"; }
for f in $R; do
	expect "$f entries" "$(count "$T/asm.d" "e $f")" "$(calls $f)"
done
for f in $R; do
	expect "$f returns" "$(count "$T/asm.d" "r $f")" "$(calls $f)"
done
for f in fa_endbr fa_riprel fa_loop fa_call5 fa_tiny fa_frame fa_leave \
    fa_addsp fa_jtab; do
	expect "$f sum(arg1)" "$(count "$T/asm.d" "s $f")" "$(sums $f)"
done
# fa_leaf's arguments are x (from fa_call5, returning 2x + 1) and x + 5
# (from fa_tail, returning x + 6): its returns add up to both.
expect "fa_leaf sum(arg1)" "$(count "$T/asm.d" "s fa_leaf")" \
	$(( ($(sums fa_call5) + n) / 2 + $(sums fa_tail) ))
