#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A C++ landing pad in a function's first 5 bytes (t/targets/fp-lpad.S:
# the LSDA of fp_lpad names offset 2) is a branch target: the fast path
# must not put a jump over it (the unwinder would land in our bytes), so
# fp_lpad's entry stays int3.  Every other call throws through fp_lpad
# and is caught there.  Probed at entry and return under -p.
# Asserts: the counts equal the calls; the program's output (calls,
# catches, no wrong result) is the untraced one; the fast path says which
# sites stay int3 and why, and nothing else is said; after
# detach the text equals the file and no mapping is left.
. "$top_srcdir/t/fastpath/fplib.sh"

FP_LPAD=$TARGETS/fp-lpad
[ -x "$FP_LPAD" ] || skip "fp-lpad not built"
n=$((2000 * FT_SCALE))
reference lp "$FP_LPAD" $n
grep -q "^calls=$n caught=$((n / 2)) wrong=0\$" "$T/lp.want" ||
	fail "untraced: $(cat "$T/lp.want")"
attach_run lp 'pid$target::fp_lpad:entry { @e = count(); }
	pid$target::fp_lpad:return { @r = count(); }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r); }' "$FP_LPAD" $n
same_output "$T/lp.want" "$T/lp.out"
quiet_err "$T/lp.err" "a C++ landing pad lies in the bytes a jump would \
replace: pid:fp-lpad:fp_lpad:entry, pid:fp-lpad:fp_lpad:return at offset 0x15"
expect "entries" "$(count "$T/lp.d" e)" $n
expect "returns" "$(count "$T/lp.d" r)" $n
say "PASS"
