#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Calls among the bytes an entry jump replaces (t/targets/fp-call.S,
# fp-call-main.c), in fp-call (PIE) and fp-call-nopie (the shape of
# Debian's node, where OpenSSL's CRYPTO_THREAD_unlock is `push; mov;
# call`).  A call that ends those bytes moves into the trampoline as a
# push of its original return address and a jump: fc_rel (`call rel32`),
# fc_mem (`call *disp(%rip)`) and fc_reg (`call *%rax`) run fast, entries
# and returns; fc_mid's `call *%rsi` is followed by more of the bytes (its
# callee would return into the jump): its entry stays int3, its return
# (`add; pop; ret` after the call) runs fast.
# Asserts, for each binary: every entry and return count equals the
# target's calls, sum(arg1) of the returns equals the target's sum, the
# output equals the untraced output (the callee saw its original return
# address at every call and backtrace() unwound through it: the target
# counts both), the fast path's report is exactly fc_mid's entry
# (the expected paths follow from the shapes in fp-call.S); after detach
# the text equals the files and no mapping was left (fplib.sh).
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((1000 * FT_SCALE))
A='fc_rel fc_mem fc_reg fc_mid'

run()
{
	tag=$1 bin=$2
	[ -x "$bin" ] || skip "$bin not built"
	reference "$tag" "$bin" $n
	grep -qx 'wrong=0 returns=0 backtraces=0' "$T/$tag.want" ||
	    fail "$tag untraced: $(cat "$T/$tag.want")"
	ent=$(for f in $A; do printf 'pid$target::%s:entry,' $f; done)
	ret=$(for f in $A; do printf 'pid$target::%s:return,' $f; done)
	attach_run "$tag" "${ent%,} { @e[probefunc] = count(); }
	${ret%,} { @r[probefunc] = count(); @s[probefunc] = sum(arg1); }
	END { printa(\"e %s %@d\\n\", @e); printa(\"r %s %@d\\n\", @r);
	      printa(\"s %s %@d\\n\", @s); }" "$bin" $n
	same_output "$T/$tag.want" "$T/$tag.out"
	b=$(basename "$bin")
	no_drops "$T/$tag.err" "\
an instruction a jump would replace cannot move: pid:$b:fc_mid:entry"
	calls() { sed -n "s/^$1 calls=\([0-9]*\).*/\1/p" "$T/$tag.out"; }
	sums() { sed -n "s/^$1 calls=.* sum=//p" "$T/$tag.out"; }
	for f in $A; do
		expect "$tag $f entries" "$(count "$T/$tag.d" "e $f")" \
		    "$(calls $f)"
		expect "$tag $f returns" "$(count "$T/$tag.d" "r $f")" \
		    "$(calls $f)"
		expect "$tag $f sum(arg1)" "$(count "$T/$tag.d" "s $f")" \
		    "$(sums $f)"
	done
}

run pie "$TARGETS/fp-call"
run nopie "$TARGETS/fp-call-nopie"
