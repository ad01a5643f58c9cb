#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A SIGSEGV the program handles itself, raised by a probed function's
# first instruction while it runs out of line (ft-fault: the handler
# siglongjmps out, or moves rip past the load).  Asserts: the output is
# the untraced output, entry fires per call, return per normal return.
. "$top_srcdir/t/faults/ftlib.sh"

FAULT=$TARGETS/ft-fault
n=$((2000 * FT_SCALE))
bounded 60 "$FAULT" $n >"$T/want" || fail "untraced run"
cat "$T/want"
bounded 60 "$PIDTRACE" ${FT_X:-} -q -n 'pid$target::ft_load:entry { @e = count(); }
	pid$target::ft_load:return { @r = count(); }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r); }' \
	-c "$FAULT $n" >"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out"
grep -e '^ready' -e '^calls=' "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
expect "entries" "$(agg "$T/out" e)" $((2 * n))
expect "returns" "$(agg "$T/out" r)" "$(sed -n 's/.* returns=\([0-9]*\) .*/\1/p' "$T/want")"
