#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Forced unwinding: threads leave ft_inner and ft_outer
# (both with return probes) by pthread_exit, or by pthread_cancel (its
# signal, SIGCANCEL, passes through the tracer), which glibc implements
# by unwinding the stack (ft-cancel, 2,000 threads; 20,000 with
# FT_SCALE=10).  Asserts: the output is the untraced output; entries =
# calls; returns = the normal returns the target counted.  FT_X: flags
# for pidtrace (int3.sh, record.sh: the other paths).
. "$top_srcdir/t/faults/ftlib.sh"

CANCEL=$TARGETS/ft-cancel
n=$((2000 * FT_SCALE))
bounded 60 "$CANCEL" $n >"$T/want" || fail "untraced run"
cat "$T/want"
# shellcheck disable=SC2086
bounded 120 "$PIDTRACE" ${FT_X:-} -q -n 'pid$target::ft_*:entry,
	pid$target::ft_*:return { @[probefunc, probename] = count(); }
	END { printa("%s:%s %@d\n", @); }' -c "$CANCEL $n" \
	>"$T/out" 2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out"
grep -e '^ready' -e '^calls=' "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
rets=$(sed -n 's/.* returns=\([0-9]*\) .*/\1/p' "$T/want")
for f in ft_inner ft_outer; do
	expect "$f entry" "$(agg "$T/out" $f:entry)" $n
	expect "$f return" "$(agg "$T/out" $f:return)" $rets
done
expect "frames unwound" "$(sed -n 's/.* cleanups=\([0-9]*\) .*/\1/p' "$T/out")" $((n - rets))
