#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ft-insns (t/targets/ft-insns.S) with a site on every instruction of its
# functions: rip-relative load, store, lea and cmp-with-immediate (the
# disp32 is not the last field), call, jmp, jcc, push, endbr64 and a
# PLT-like jmp *mem(%rip).  Each result is checked by the target itself.
# Asserts: the traced output is the untraced output, every entry fired
# once per round, and the tracer both emulated and ran out of line.
. "$top_srcdir/t/tracer/trlib.sh"

FT=$TARGETS/ft-insns
[ -x "$FT" ] || skip "ft-insns not built"
fns="insn_lea_rip insn_mov_rip insn_store_rip insn_cmp_rip insn_call ft_add1
	insn_jmp insn_jcc insn_push insn_endbr insn_jmp_mem"
sites=$(insn_sites "$FT" $fns)
bounded 60 "$TRDRIVE" -n $sites -c "$FT" 2000 >"$T/drv" 2>"$T/drv.err" ||
	fail "traced run failed: $(cat "$T/drv.err")"
cat "$T/drv" "$T/drv.err"
grep -q "^armed $(($(echo $sites | wc -w) / 2)) " "$T/drv.err" ||
	fail "not all sites armed"
bounded 60 "$FT" 2000 >"$T/want" || fail "untraced run failed"
grep -v -e ' hits ' -e '^stats' -e '^target' -e '^nextpc' "$T/drv" >"$T/got"
same_output "$T/want" "$T/got"
for f in $fns; do
	n=$(hits "$T/drv" $f)
	case $f in
	ft_add1) [ "$n" = 4000 ] || fail "$f hits $n" ;;
	*) [ "$n" = 2000 ] || fail "$f hits $n" ;;
	esac
done
grep -q ' emulated=[1-9]' "$T/drv" || fail "nothing emulated"
grep -q ' xol=[1-9]' "$T/drv" || fail "nothing out of line"
grep -q '^nextpc checked=[1-9][0-9]* bad=0$' "$T/drv" || fail "tr_next_pc: $(grep nextpc "$T/drv")"
