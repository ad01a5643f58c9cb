#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# profile-997 on pf-split (75% of its CPU under main -> a, 25% under
# main -> c -> b, measured by the target itself): the sampled split is
# within 5 points of the target's own; the stacks are the call chains,
# C++ frames demangled (raw with -x mangled), the stripped library's
# frame named from .dynsym and walked by frame pointer (it has no CFI);
# ustack() prints in dtrace's layout in a pid clause.
. "$top_srcdir/t/lib.sh"

SPLIT=$TARGETS/pf-split
LIB=$TARGETS/libpf-split.so

# The premises: the library has no .symtab and no FDE at all.
readelf -S "$LIB" | grep -q '\.symtab' && fail "libpf-split.so is not stripped"
readelf --debug-dump=frames "$LIB" | grep -q FDE &&
	fail "libpf-split.so has unwind information"

bounded 60 "$PIDTRACE" -q -x stackfmt=folded \
    -n 'profile-997 { @[ustack()] = count(); }' -c "$SPLIT 1.5" \
    >"$T/out" 2>"$T/err" || fail "pidtrace exited $?: $(cat "$T/err")"
own=$(sed -n 's/^a=\([0-9]*\) c=\([0-9]*\)$/\1 \2/p' "$T/out")
[ -n "$own" ] || fail "the target did not finish: $(tail -n 3 "$T/out")"
set -- $own
A_PATH='pf-split`main;pf-split`a;pf-split`work::spin(unsigned long)'
B_PATH='pf-split`main;pf-split`c;pf-split`b;libpf-split.so`pf_lib_spin'
awk -v a="$1" -v c="$2" -v ap="$A_PATH" -v bp="$B_PATH" '
	/ [0-9]+$/ {
		n = $NF; s = $0; sub(/ [0-9]+$/, "", s); total += n
		if (index(s, ap) > 0) pa += n
		else if (index(s, bp) > 0) pb += n
		if (s ~ /work::spin\(unsigned long\)$/) la += n
		if (s ~ /pf_lib_spin$/) lb += n
	}
	END {
		if (total < 500) { print "only " total " samples"; exit 1 }
		want = 100 * a / (a + c); got = 100 * pa / (pa + pb)
		printf "samples %d; under main;a %.1f%% (target %.1f%%)\n", \
		    total, got, want
		if (got - want > 5 || want - got > 5) {
			print "split off by more than 5 points"; exit 1 }
		# the leaves must (nearly) all sit on their full chains
		if (pa < 0.95 * la) { print "a chains broken: " pa "/" la; exit 1 }
		if (pb < 0.95 * lb) { print "b chains broken: " pb "/" lb; exit 1 }
		if ((pa + pb) < 0.9 * total) {
			print "only " pa + pb " of " total " on the chains"; exit 1 }
	}' "$T/out" || fail "sampled stacks wrong: $(sort -t' ' -k2 -n "$T/out" | tail -n 5)"

# -x mangled keeps the C++ name as in the file.
bounded 60 "$PIDTRACE" -q -x mangled -x stackfmt=folded \
    -n 'profile-997 { @[ustack()] = count(); }' -c "$SPLIT 0.3" \
    >"$T/out" 2>"$T/err" || fail "pidtrace -x mangled exited $?"
grep -q 'pf-split`_ZN4work4spinEm ' "$T/out" ||
	fail "-x mangled: no raw name: $(head -n 3 "$T/out")"

# ustack() in a pid clause, in dtrace's layout: a newline, one frame a
# line indented 14, module`function[+0xoff].
cat >"$T/want" <<'W'

              pf-split`b
              pf-split`c+OFF
              pf-split`main+OFF
W
bounded 30 "$PIDTRACE" -q -n 'pid$target::b:entry { ustack(3); exit(0); }' \
    -c "$SPLIT 0.1" >"$T/out" 2>"$T/err" || fail "ustack(3) exited $?"
grep -v '^ready$' "$T/out" | sed 's/+0x[0-9a-f]*$/+OFF/' | head -n 4 >"$T/got"
same_output "$T/want" "$T/got"
exit 0
