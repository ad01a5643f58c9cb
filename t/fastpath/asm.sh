#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Function shapes (t/targets/fp-asm.S): entry probes on functions
# that start with endbr64, a rip-relative load, a loop back into their
# first 5 bytes, a call in their first 5 bytes, a jump table, a tail call,
# `xor %eax,%eax; ret`, and return probes after `pop; ret`, `leave; ret`
# and `add $N,%rsp; pop; pop; ret`, and fa_jtab's (its jmp *%rax, with
# no CFI to say it stays inside, is a site that never fires: int3; its
# rets fire).  pidtrace -p attaches between the target's "ready" and its
# work.
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
# The shapes that must stay int3, and why (t/targets/fp-asm.S): a return
# by a tail jmp (fa_tail's, and fa_jtab's jmp *%rax at 0x14), a jump
# table (fa_jtab's entry and its five rets: 0x1b, 0x21, ...), a call or
# a function too short for a jump, entry and return sites whose bytes
# overlap, a loop back into the first 5 bytes.
no_drops "$T/asm.err" "\
a return by a jump fires only when the jump leaves the function: pid:fp-asm:fa_tail:return at offset 0x4, pid:fp-asm:fa_jtab:return at offset 0x14
an indirect jump (jump table?) in the function: pid:fp-asm:fa_jtab:entry, pid:fp-asm:fa_jtab:return at offset 0x1b, pid:fp-asm:fa_jtab:return at offset 0x21 and 3 more
an instruction a jump would replace cannot move: pid:fp-asm:fa_call5:entry, pid:fp-asm:fa_tiny:entry, pid:fp-asm:fa_loop:return at offset 0xa and 1 more
another site lies in the bytes a jump would replace: pid:fp-asm:fa_leaf:entry, pid:fp-asm:fa_tail:entry, pid:fp-asm:fa_call5:return at offset 0x8 and 1 more
code may jump into the bytes a jump would replace: pid:fp-asm:fa_loop:entry"

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
