#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# tools/pidtrace-profile on t/targets/pf-split (75% of its CPU under
# main -> a, 25% under main -> c -> b, as the target measures it).
# Asserts: -h exits 0, bad options exit 2; -f prints bcc's folded lines
# (name;root;...;leaf count, least first) whose split is within 8
# points of the target's own (about 1000 samples: 1.4 points of chance
# either way, and a loaded machine's preemptions bias where samples
# land: 5.3 points off once in CI's plain pass, up to 3.9 in reruns at
# load 11); the default prints bcc's header and the
# stacks in dtrace's layout (frames indented 14, then the count) with
# the same samples; -g writes an SVG flame graph holding both chains;
# -p with a duration ends by itself after it and leaves the target
# running to a correct exit.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
PROFILE=$top_srcdir/tools/pidtrace-profile
SPLIT=$TARGETS/pf-split
[ -x "$SPLIT" ] || skip "pf-split not built"
export PIDTRACE

"$PROFILE" -h >"$T/h" || fail "-h exits $?"
grep -q '^Usage: pidtrace-profile ' "$T/h" || fail "-h: $(cat "$T/h")"
for bad in "-K -c true" "-F 0 -c true" "-F x -c true" "" "-p 1 -c true" \
    "-c true 1 2"; do
	"$PROFILE" $bad >/dev/null 2>&1
	[ $? = 2 ] || fail "pidtrace-profile $bad does not exit 2"
done

A='pf-split`main;pf-split`a;pf-split`work::spin(unsigned long)'
B='pf-split`main;pf-split`c;pf-split`b;libpf-split.so`pf_lib_spin'
# split FILE: the a/b split of folded lines against the target's own
split()
{
	own=$(sed -n 's/^a=\([0-9]*\) c=\([0-9]*\)$/\1 \2/p' "$1")
	[ -n "$own" ] || fail "the target did not finish: $(tail -n 3 "$1")"
	set -- $own "$1"
	awk -v a="$1" -v c="$2" -v ap="$A" -v bp="$B" '
		/ [0-9]+$/ {
			n = $NF; total += n
			if (n < last) { print "not least first"; exit 1 }
			last = n
			if ($0 !~ /^pf-split;/) { print "no name: " $0; exit 1 }
			if (index($0, ap) > 0) pa += n
			else if (index($0, bp) > 0) pb += n
		}
		END {
			if (total < 300) { print "only " total " samples"; exit 1 }
			want = 100 * a / (a + c); got = 100 * pa / (pa + pb)
			printf "samples %d; under main;a %.1f%% (target %.1f%%)\n", \
			    total, got, want
			if (got - want > 8 || want - got > 8) {
				print "split off by more than 8 points"; exit 1 }
			if (pa + pb < 0.9 * total) {
				print "only " pa + pb " on the chains"; exit 1 }
		}' "$3"
}

say "-f: folded, the 75/25 split"
bounded 60 "$PROFILE" -F 997 -f -g "$T/fg.svg" -c "$SPLIT 1" >"$T/f" \
    2>"$T/f.err" || fail "profile -f exited $?: $(cat "$T/f.err")"
grep -q '^Sampling' "$T/f" && fail "-f printed a header"
split "$T/f" || fail "folded: $(tail -n 3 "$T/f")"
grep -q '<svg' "$T/fg.svg" && grep -q 'pf_lib_spin' "$T/fg.svg" &&
    grep -q 'work::spin' "$T/fg.svg" || fail "-g: no flame graph of both"

say "default: header, dtrace's stacks"
bounded 60 "$PROFILE" -F 997 -c "$SPLIT 1" >"$T/d" 2>"$T/d.err" ||
	fail "profile exited $?: $(cat "$T/d.err")"
head -n 1 "$T/d" | grep -Eqx 'Sampling at 997 Hertz of PID [0-9]+ by user stack\.\.\. Hit Ctrl-C to end\.' ||
	fail "header: $(head -n 1 "$T/d")"
# fold dtrace's layout by hand: frames (indented 14) leaf first, then
# the count (indented 16); then the same check
awk '/^              [^ ]*`/ { f = substr($0, 15); sub(/\+0x[0-9a-f]+$/, "", f)
		s = (s == "") ? f : f ";" s; next }
	/^ +[0-9]+$/ && s != "" { print "pf-split;" s, $1; s = "" }
	/^a=/ { print }' "$T/d" >"$T/d.folded"
split "$T/d.folded" || fail "dtrace layout: $(tail -n 12 "$T/d")"

say "-p PID 1: ends after a second of sampling"
spawn _sp 60 sh -c 'exec "$0" 30 >"$1"' "$SPLIT" "$T/s.out"
wait_for "$T/s.out" '^ready'
SPID=$(child_of "$_sp")
bounded 30 "$PROFILE" -p "$SPID" 1 >"$T/p" 2>"$T/p.err" ||
	fail "profile -p exited $?: $(cat "$T/p.err")"
head -n 1 "$T/p" | grep -qx "Sampling at 49 Hertz of PID $SPID by user stack for 1 secs\." ||
	fail "header: $(head -n 1 "$T/p")"
grep -q '^              pf-split`main+0x' "$T/p" || fail "no stacks: $(cat "$T/p")"
kill -0 "$SPID" || fail "the target is gone"
grep -q TracerPid:.0 /proc/"$SPID"/status || fail "still traced"
exit 0
