#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# pidtrace on ft-insns (t/targets/ft-insns.S), whose
# functions start with rip-relative load/store/lea/cmp-imm, call, jmp,
# push, endbr64 and a PLT-like jmp *mem(%rip): an entry and a return
# probe on every function, and the offset probe insn_jcc:4 (a jcc).
# Asserts: the traced output (each result checked by the target, and
# the checksum) is the untraced output; every count is exact.
# Real PLT stubs (foo@plt) are probed in t/probes/plt-count.sh.
. "$top_srcdir/t/faults/ftlib.sh"

r=$((2000 * FT_SCALE))
bounded 60 "$INSNS" $r >"$T/want" || fail "untraced run"
bounded 120 "$PIDTRACE" ${FT_X:-} -q -n '
	pid$target::insn_*:entry, pid$target::ft_add1:entry,
	pid$target::insn_*:return, pid$target::ft_add1:return,
	pid$target::insn_jcc:4 { @[probefunc, probename] = count(); }
	END { printa("%s:%s %@d\n", @); }' -c "$INSNS $r" \
	>"$T/out" 2>"$T/err" || fail "traced run: $(cat "$T/err")"
cat "$T/out" "$T/err"
grep -e '^ready' -e '^ft-insns' "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
for f in lea_rip mov_rip store_rip cmp_rip call jmp jcc push endbr jmp_mem; do
	expect "insn_$f entry" "$(agg "$T/out" insn_$f:entry)" $r
	expect "insn_$f return" "$(agg "$T/out" insn_$f:return)" $r
done
expect "insn_jcc:4" "$(agg "$T/out" insn_jcc:4)" $r
expect "ft_add1 entry" "$(agg "$T/out" ft_add1:entry)" $((2 * r))
expect "ft_add1 return" "$(agg "$T/out" ft_add1:return)" $((2 * r))
expect "probes that fired" "$(grep -c '^[a-z_0-9]*:[a-z0-9]* [0-9]' "$T/out")" 23
