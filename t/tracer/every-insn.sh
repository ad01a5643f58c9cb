#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Launch mode with a site on every instruction of five functions: pushes,
# rip-relative lock adds and the ret run out of line; mov, lea, jcc,
# call, jmp and the tail-call jmp are emulated.  Asserts: the target's
# output is the same as untraced (a wrong emulation changes the sum), and
# each entry's count is the target's own.
. "$top_srcdir/t/tracer/trlib.sh"

printf 'go 3000 3\nsig 50\nquit\n' >"$T/cmds"
bounded 60 "$TRDRIVE" -n $(insn_sites "$COUNTER" work mix leaf tail on_usr1) \
	-c "$COUNTER" <"$T/cmds" >"$T/drv" 2>"$T/drv.err" || fail "trdrive failed: $(cat "$T/drv.err")"
cat "$T/drv"
n=$(insn_sites "$COUNTER" work mix leaf tail on_usr1 | wc -w)
grep -q "^armed $((n / 2)) " "$T/drv.err" || fail "not all sites armed: $(cat "$T/drv.err")"
grep -v -e ' hits ' -e '^stats' -e '^target' -e '^nextpc' "$T/drv" | sed 's/pid=[0-9]*//' >"$T/got"
reference "$(cat "$T/cmds")\n" >"$T/want"
same_output "$T/want" "$T/got"
[ "$(hits "$T/drv" work)" = 9000 ] || fail "work hits"
[ "$(hits "$T/drv" mix)" = 18000 ] || fail "mix hits"
[ "$(hits "$T/drv" on_usr1)" = 50 ] || fail "on_usr1 hits"
grep -q '^target exited 0' "$T/drv" || fail "exit status"
grep -q '^nextpc checked=[1-9][0-9]* bad=0$' "$T/drv" || fail "tr_next_pc: $(grep nextpc "$T/drv")"
