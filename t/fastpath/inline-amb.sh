#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# An entry probe at a copy of a function the compiler inlined into a
# function whose .cold part its name does not tell (t/targets/fp-inl2.c,
# -O2 -g): twice() is inlined into a static fi_s with a .cold part, and
# another file's static fi_s has one too, so two symbols fi_s.cold.  A
# jump at the copy replaces fi_s's bytes, which the fast path proves from
# fi_s's code and its .cold part's: which part is fi_s's is not known,
# so that site stays int3 and the report says why; the out-of-line twice
# runs fast.
# Asserts: the report is exactly that site; the count equals the
# target's own (a copy counts as the function would); the output equals
# the untraced output; after detach the text equals the file and no
# mapping is left (fplib.sh).
. "$top_srcdir/t/fastpath/fplib.sh"

TG=$TARGETS/fp-inl2
[ -x "$TG" ] || skip "$TG not built"
command -v objdump >/dev/null || skip "needs objdump (binutils)"
command -v nm >/dev/null || skip "needs nm (binutils)"
# The compiler's layout the test is about: two fi_s.cold at two
# addresses, and no call of twice left in either fi_s.
[ "$(nm "$TG" | awk '$3 == "fi_s.cold" { print $1 }' | sort -u |
    grep -c .)" = 2 ] || skip "gcc did not make two fi_s.cold: $(nm "$TG" |
    grep fi_s)"
objdump -d --no-show-raw-insn "$TG" >"$T/dis"
awk '/^[0-9a-f]+ <fi_s>:/ { u = 1; next } /^$/ { u = 0 }
	u && /call.*<twice>/ { n++ } END { exit n > 0 }' "$T/dis" ||
	skip "gcc left a call of twice in fi_s"

n=$((500 * FT_SCALE))
reference ref "$TG" $n
attach_run amb 'pid$target::twice:entry { @t = count(); }
	END { printa("twice %@d\n", @t); }' "$TG" $n
same_output "$T/ref.want" "$T/amb.out"
no_drops "$T/amb.err" "\
an inlined copy in a function whose bounds or .cold part its symbols do not give: pid:fp-inl2:twice:entry"
paths_is amb "BEGIN, line 1: in pidtrace
END, line 2: in pidtrace
twice entry, line 1: in the process"
expect "twice entries" "$(count "$T/amb.d" twice)" \
    "$(sed -n "s/^twice calls=//p" "$T/amb.out")"
