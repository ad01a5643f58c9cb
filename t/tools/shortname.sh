#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A function's short name finds it, qualified, in whichever module holds
# it: pidtrace-funclatency's Put and Put* (in the executable), Store::Put
# and kv::Store::Put (in every module, -m's default for it), and a D
# description's Put, all find kv::Store::Put(...) in the demo; a name
# that matches nothing gets a suggestion that is not the input again.
# Asserts: one histogram, of kv::Store::Put, holding exactly the puts
# kvdemo says it made; the exact error line of a miss.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
KV=$top_builddir/demo/kvdemo
[ -x "$KV" ] || fail "demo/kvdemo not built"
FL=$top_srcdir/tools/pidtrace-funclatency
export PIDTRACE

# Put and Put* in the executable: a sanitizer build's runtime has its own
# Put (__sanitizer::StackDepotBase<...>::Put), called from within
# kv::Store::Put, which would take its timing; the qualified forms in
# every module.
for f in Put 'Put*' Store::Put kv::Store::Put; do
	m=
	case $f in Put*) m="-m a.out" ;; esac
	bounded 60 "$FL" $m -c "$KV 30 0" "$f" >"$T/o" 2>"$T/e" ||
		fail "funclatency '$f': $(cat "$T/e")"
	grep -q '^kvdemo: 30 puts' "$T/o" || fail "kvdemo: $(cat "$T/o")"
	names=$(grep -c '^  [a-zA-Z]' "$T/o")
	[ "$names" = 1 ] || fail "funclatency '$f': $names histograms: $(cat "$T/o")"
	grep -q '^  kv::Store::Put(' "$T/o" || fail "funclatency '$f': $(cat "$T/o")"
	n=$(awk '$2 ~ /^\|/ { n += $NF } END { print n + 0 }' "$T/o")
	[ "$n" = 30 ] || fail "funclatency '$f': $n calls in the histogram, 30 puts"
	say "ok: funclatency '$f' finds kv::Store::Put, 30 calls"
done

bounded 60 "$PIDTRACE" -q -n 'pid$target::Put:entry { @[probefunc] = count(); }' \
	-c "$KV 7 0" >"$T/o" 2>"$T/e" || fail "D 'Put': $(cat "$T/e")"
grep -Eq '^  kv::Store::Put\(.*\) +7$' "$T/o" || fail "D 'Put': $(cat "$T/o")"
say "ok: pid\$target::Put:entry finds kv::Store::Put"

# A miss: the suggestion is a form that matches, never the input.
bounded 60 "$PIDTRACE" -n 'pid$target:a.out:Putt*:entry {}' -c "$KV 1 0" \
	>"$T/o" 2>&1 && fail "Putt* matched"
cat "$T/o"
grep -qx "pidtrace: invalid probe specifier pid\$target:a.out:Putt\*:entry {}: no function matches 'Putt\*' in a.out; did you mean 'Put\*'?" "$T/o" ||
	fail "the miss: $(cat "$T/o")"
