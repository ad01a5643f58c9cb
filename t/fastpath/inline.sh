#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Entry probes at the copies of a function the compiler inlined
# (t/targets/fp-inl.c, -O2 -g).  A copy lies inside the function it was
# inlined into: the jump laid there replaces that function's bytes, so
# the fast path proves them from the enclosing function's code, and its
# .cold part's, as it does a function's own at its entry:
#  - twice() inlined into fi_a, fi_b and fi_c (fi_c with a .cold part),
#    each copy after a store of the caller's: every site of
#    twice:entry, the copies and the function, runs fast;
#  - spin() starts with a 1-byte nop and its loop's head right after it,
#    the target of the loop's back edge (objdump shows it, below), in
#    its own code and in its copy in fi_loop: a jump there would cover
#    that head, so both sites stay int3 (the expected report).
# Asserts: -l -v plans both entry clauses in the process (an int3 site
# runs its clause in pidtrace: the report says which); each count
# equals the target's own (a copy counts as the function would); the
# output equals the untraced output; the fast path's report is exactly
# spin's two sites; after detach the text equals the file and no mapping
# is left (fplib.sh).
. "$top_srcdir/t/fastpath/fplib.sh"

TG=$TARGETS/fp-inl
[ -x "$TG" ] || skip "$TG not built"
command -v objdump >/dev/null || skip "needs objdump (binutils)"
# The compiler's layout the test is about: no call of twice or spin is
# left in fi_*, and the back edge of fi_loop's copy of spin's loop, and
# of spin's own, lands 1 to 4 bytes past the nop that starts it (inside
# the 5 bytes a jump replaces).
objdump -d --no-show-raw-insn "$TG" >"$T/dis"
awk '/^[0-9a-f]+ <fi_(a|b|c|loop)>:/ { u = 1; next } /^$/ { u = 0 }
	u && /call.*<(twice|spin)>/ { n++ } END { exit n > 0 }' "$T/dis" ||
	skip "gcc left calls of twice or spin in fi_*"
for f in fi_loop spin; do
	# shellcheck disable=SC2046
	set -- $(awk -v f="<$f>:" '$2 == f { u = 1; next } /^$/ { u = 0 }
	    u && $2 == "nop" && nop == "" { nop = $1 }
	    u && $2 == "jg" { t = $3 }
	    END { sub(/:$/, "", nop); print nop, t }' "$T/dis")
	[ $# = 2 ] && [ $((16#$2)) -gt $((16#$1)) ] &&
	    [ $((16#$2)) -lt $((16#$1 + 5)) ] ||
		skip "gcc laid $f's loop otherwise: $(grep -A14 "<$f>:" "$T/dis")"
done

n=$((500 * FT_SCALE))
reference ref "$TG" $n
attach_run inl 'pid$target::twice:entry { @t = count(); }
	pid$target::spin:entry { @s = count(); }
	END { printa("twice %@d\n", @t); printa("spin %@d\n", @s); }' "$TG" $n
same_output "$T/ref.want" "$T/inl.out"
no_drops "$T/inl.err" "\
code may jump into the bytes a jump would replace: pid:fp-inl:spin:entry, pid:fp-inl:spin:entry"
paths_is inl "BEGIN, line 1: in pidtrace
END, line 3: in pidtrace
twice entry, line 1: in the process
spin entry, line 2: in the process"
for f in twice spin; do
	expect "$f entries" "$(count "$T/inl.d" "$f")" \
	    "$(sed -n "s/^$f calls=//p" "$T/inl.out")"
done
