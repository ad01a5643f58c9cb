#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x flamegraph=FILE on pf-split's profile: the SVG is valid XML; each
# frame's width is its share of the samples, and the samples of a frame
# are the folded counts of the stacks through it (-x stackfmt=folded in
# the same run); in headless chromium the page loads, and a click on
# pf-split`a (the page's ?f=ID clicks it on load, through its click
# handler) zooms: a spans the width, its ancestors stay, c's frames hide.
. "$top_srcdir/t/lib.sh"

command -v xmllint >/dev/null || skip "xmllint is not installed (libxml2-utils)"
bounded 60 "$PIDTRACE" -q -x stackfmt=folded -x flamegraph="$T/fg.svg" \
    -n 'profile-997 { @[ustack()] = count(); }' \
    -c "$TARGETS/pf-split 0.5" >"$T/out" 2>"$T/err" ||
	fail "pidtrace exited $?: $(cat "$T/err")"
xmllint --noout "$T/fg.svg" || fail "not valid XML"

# data-n of a frame (by name), from the SVG as written.
frame() { grep -o "id=\"f[0-9]*\" data-s=\"[0-9]*\" data-n=\"[0-9]*\" data-d=\"[0-9]*\" data-name=\"$1\"" "$T/fg.svg" | head -n 1; }
field() { sed -n "s/.*$1=\"\\([^\"]*\\)\".*/\\1/p"; }
total=$(awk '/ [0-9]+$/ && !/^a=/ { t += $NF } END { print t }' "$T/out")
[ "$(frame all | field data-n)" = "$total" ] ||
	fail "root has $(frame all | field data-n) samples, folded $total"
for f in 'pf-split`a' 'pf-split`c'; do
	chain="pf-split\`main;$f;"
	want=$(awk -v c="$chain" 'index($0, c) { t += $NF } END { print t + 0 }' "$T/out")
	got=$(frame "$f" | field data-n)
	[ "$got" = "$want" ] || fail "$f: $got samples in the SVG, $want folded"
	[ "$want" -gt 0 ] || fail "$f: no samples"
done
# widths: (1200 - 2 * 10) * n / total, to the 0.1 printed
awk -v total="$total" '
	/<g class="f"/ {
		n = $0; sub(/.*data-n="/, "", n); sub(/".*/, "", n)
		w = $0; sub(/.*<rect [^>]*width="/, "", w); sub(/".*/, "", w)
		want = 1180 * n / total
		if (w - want > 0.06 || want - w > 0.06) {
			print "width " w " for " n " samples, want " want; bad = 1 }
	}
	END { exit bad }' "$T/fg.svg" || fail "widths do not match the counts"

command -v chromium >/dev/null || skip "chromium is not installed"
id=$(frame 'pf-split`a' | sed 's/^id="\([^"]*\)".*/\1/')
bounded 90 chromium --headless --no-sandbox --disable-gpu \
    --disable-background-networking --no-first-run \
    --user-data-dir="$T/chromium" --dump-dom "file://$T/fg.svg?f=$id" \
    >"$T/dom" 2>"$T/chromium.err" || fail "chromium exited $?: $(tail -n 3 "$T/chromium.err")"
grep -q "<g class=\"f\" id=\"$id\"[^>]*><title>[^<]*</title><rect x=\"10.0\" y=\"[0-9]*\" width=\"1180.0\"" "$T/dom" ||
	fail "the clicked frame does not span the width: $(grep "id=\"$id\"" "$T/dom")"
grep -q 'class="f parent"[^>]*data-name="pf-split`main"' "$T/dom" ||
	fail "main is not kept as a parent"
grep -q 'data-name="pf-split`c" style="display: none;"' "$T/dom" ||
	fail "c is not hidden after the zoom"
exit 0
