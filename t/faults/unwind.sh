#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Frames left without their return instruction.  In
# ft-unwind, a C++ exception thrown by ft_thrower unwinds through
# ft_middle (both with return probes), ft_jumper longjmps out of itself,
# and ft_recurse recurses 100,000 frames deep.  pidtrace never rewrites
# return addresses, so unwinding works as untraced and a skipped return
# probe simply does not fire.  Asserts: the output and exit status are
# the untraced ones; entry counts = calls, return counts = the normal
# returns the target counted itself.
. "$top_srcdir/t/faults/ftlib.sh"

n=$((3000 * FT_SCALE))
bounded 60 "$UNWIND" $n >"$T/want"
expect "untraced exit status" $? 0
# 100,000 frames deep: the ring holds every record of the burst.
bounded 120 "$PIDTRACE" ${FT_X:--x bufsize=128m} -q -n 'pid$target::ft_*:entry,
	pid$target::ft_*:return { @[probefunc, probename] = count(); }
	END { printa("%s:%s %@d\n", @); }' -c "$UNWIND $n" \
	>"$T/out" 2>"$T/err"
expect "pidtrace exit status" $? 0
cat "$T/out" "$T/err"
grep -v -e '^ft_[a-z]*:' -e '^$' "$T/out" >"$T/got"
same_output "$T/want" "$T/got"
for f in ft_middle ft_thrower ft_jumper ft_recurse; do
	expect "$f entry" "$(agg "$T/out" $f:entry)" \
		"$(sed -n "s/^$f calls=\([0-9]*\) .*/\1/p" "$T/want")"
	expect "$f return" "$(agg "$T/out" $f:return)" \
		"$(sed -n "s/^$f .* returns=\([0-9]*\)/\1/p" "$T/want")"
done
expect "recursion depth" "$(agg "$T/out" ft_recurse:entry)" 100001
