#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tr-insns (t/targets/tr-insns.S) with a site on every instruction of its
# functions: SSE loads and stores through %rip, calls through %rip memory
# and a register, jmp through a register, mov r32, jcc rel8/rel32, rep
# ret.  Asserts: the traced output is the untraced output, each entry
# fired once per round, and tr_next_pc predicted every next hit.
. "$top_srcdir/t/tracer/trlib.sh"

TI=$TARGETS/tr-insns
[ -x "$TI" ] || skip "tr-insns not built"
fns="ti_movdqa ti_movss ti_callmem ti_callreg ti_jmpreg ti_add1 ti_mov32 ti_jcc"
sites=$(insn_sites "$TI" $fns)
bounded 60 "$TRDRIVE" -n $sites -c "$TI" 3000 >"$T/drv" 2>"$T/drv.err" ||
	fail "traced run failed: $(cat "$T/drv.err")"
grep -v '@' "$T/drv"; cat "$T/drv.err"
grep -q "^armed $(($(echo $sites | wc -w) / 2)) " "$T/drv.err" ||
	fail "not all sites armed"
bounded 60 "$TI" 3000 >"$T/want" || fail "untraced run failed"
grep -v -e ' hits ' -e '^stats' -e '^target' -e '^nextpc' "$T/drv" >"$T/got"
same_output "$T/want" "$T/got"
for f in $fns; do
	n=$(hits "$T/drv" $f)
	case $f in
	ti_add1) [ "$n" = 9000 ] || fail "$f hits $n" ;;
	*) [ "$n" = 3000 ] || fail "$f hits $n" ;;
	esac
done
grep -q '^nextpc checked=[1-9][0-9]* bad=0$' "$T/drv" || fail "tr_next_pc: $(grep nextpc "$T/drv")"
