#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x stackfmt=folded is what FlameGraph's stackcollapse.pl makes of
# dtrace's stacks (its header: frames root first joined by ';', a space
# and the count; offsets such as +0xd stripped, and the stacks that then
# read the same merged, their counts summed; its lines sorted; nothing
# else).  profile-997 on t/targets/pf-split keyed by ustack(2), whose
# samples land at many offsets of the same functions; then a pid probe
# on every PLT stub of kvdemo keyed by ustack(1).
# Asserts: no blank or other line, no stack twice, sorted (C order), no
# offset and no bare address, the counts add up to the samples counted
# in the same run; each PLT stub's frame is named foo@plt, as the pid
# provider names its probe, with that probe's count.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
SPLIT=$TARGETS/pf-split
KV=$top_builddir/demo/kvdemo
[ -x "$SPLIT" ] || skip "pf-split not built"

bounded 60 "$PIDTRACE" -q -x stackfmt=folded -n '
	profile-997 { @st[ustack(2)] = count(); @n = count(); }
	END { printa("samples %@d\n", @n); }' -c "$SPLIT 0.3" >"$T/out" \
	2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/out"
n=$(sed -n 's/^samples \([0-9]*\)$/\1/p' "$T/out")
[ -n "$n" ] && [ "$n" -gt 20 ] || fail "samples: $(cat "$T/out")"
# The folded lines: everything after the samples line (the target's own
# output comes first, END's printa next).
sed '1,/^samples /d' "$T/out" >"$T/folded"
[ -s "$T/folded" ] || fail "no folded line"
grep -vn '^[^ ;].*[^ ] [0-9][0-9]*$' "$T/folded" && fail "a line that is not 'stack count'"
grep -n '+0x' "$T/folded" && fail "an offset left in a frame"
grep -En '(^|;)(0x)?[0-9a-f]+ ' "$T/folded" | grep -v '`' && fail "a bare address"
sed 's/ [0-9]*$//' "$T/folded" | sort | uniq -d >"$T/twice"
[ -s "$T/twice" ] && fail "stacks given twice, not merged: $(head -n 3 "$T/twice")"
LC_ALL=C sort -c "$T/folded" || fail "lines not sorted"
sum=$(awk '{ s += $NF } END { print s + 0 }' "$T/folded")
[ "$sum" = "$n" ] || fail "the folded counts add up to $sum, the samples to $n"
grep -q '^pf-split`a;pf-split`work::spin(unsigned long) [0-9]' "$T/folded" ||
	fail "no a;work::spin line"

# PLT stubs: one frame each, named as the pid provider names the probe.
[ -x "$KV" ] || fail "demo/kvdemo not built"
bounded 60 "$PIDTRACE" -q -x stackfmt=folded -n '
	pid$target:a.out:*@plt:entry { @f[ustack(1)] = count();
		@c[probefunc] = count(); }
	END { printa("%s|%@d\n", @c); }' -c "$KV 20 0" >"$T/plt" \
	2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
cat "$T/plt"
grep '|' "$T/plt" | sed 's/^\(.*\)|\([0-9]*\)$/kvdemo`\1 \2/' | LC_ALL=C sort >"$T/want"
[ -s "$T/want" ] || fail "no PLT stub fired"
grep -v '|' "$T/plt" | grep '`' | LC_ALL=C sort >"$T/got"
same_output "$T/want" "$T/got"
