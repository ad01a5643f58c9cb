#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Code that enters a function past its first instruction
# (t/targets/fp-into.S): fi_a ends in a jmp to fi_b's second instruction
# (libc's __mempcpy_avx512_unaligned_erms into memcpy, which killed ls
# with SIGILL when memcpy's entry was probed), and a symbol, fi_c2,
# starts at fi_c's second instruction and is called through a pointer,
# and fi_f takes the address of fi_g's second instruction (lea) and
# jumps there through a register.
# A jump laid over those entries' first 5 bytes would be torn; they stay
# int3, and the report says why.  fi_d's first instruction is 10 bytes:
# fi_e jumps to its second, and a jump over that one instruction alone
# is safe, so fi_d runs fast.  Probed at entry under -p.
# Asserts: the counts equal the calls (a jump into fi_b's middle is not a
# call of fi_b: its entry probe does not fire), the program's output is
# the untraced one (no wrong result, no death), the report names exactly
# fi_b, fi_c and fi_g; after detach the text equals the file and no mapping is
# left.
. "$top_srcdir/t/fastpath/fplib.sh"

FP_INTO=$TARGETS/fp-into
[ -x "$FP_INTO" ] || skip "fp-into not built"
n=$((2000 * FT_SCALE))
reference into "$FP_INTO" $n
grep -q '^wrong=0$' "$T/into.want" || fail "untraced: $(cat "$T/into.want")"
attach_run into 'pid$target::fi_b:entry, pid$target::fi_c:entry,
	pid$target::fi_d:entry, pid$target::fi_a:entry, pid$target::fi_g:entry
	{ @e[probefunc] = count(); }
	END { printa("e %s %@d\n", @e); }' "$FP_INTO" $n
same_output "$T/into.want" "$T/into.out"
no_drops "$T/into.err" "code may jump into the bytes a jump would replace: \
pid:fp-into:fi_b:entry, pid:fp-into:fi_c:entry, pid:fp-into:fi_g:entry"
for f in fi_a fi_b fi_c fi_d fi_g; do
	expect "$f entries" "$(count "$T/into.d" "e $f")" $n
done
