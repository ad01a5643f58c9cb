#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A probe on every function of sl-many (2,048 functions, two aliases):
# each firing counted exactly, 2,050 a round (DTrace fires every enabled
# probe at an address, so an alias counts its calls too); the aliases
# share their function's site without a word; the process's maps and
# its code are identical before and after (the sites' bytes go in and
# out in batches of page runs), and it runs on correctly.  PIDTRACE_X
# picks the path (many-int3.sh: -x fastpath=off).
. "$top_srcdir/t/scale/sllib.sh"
sl_start sl-many 'go 3\ngo 1\nquit\n'
# text TAG: sl-many's code as the process holds it, in $T/text.TAG
text() {
	grep " r-xp .*/sl-many\$" "$T/maps.before" | while read -r r _; do
		dd if=/proc/$pid/mem bs=4096 iflag=skip_bytes,count_bytes \
		    skip=$((16#${r%-*})) count=$((16#${r#*-} - 16#${r%-*})) \
		    2>/dev/null
	done >"$T/text.$1"
	[ -s "$T/text.$1" ] || fail "cannot read sl-many's text in pid $pid"
}
text before

spawn pp 300 "$PIDTRACE" ${PIDTRACE_X:-} -q -v -n 'BEGIN { printf("armed\n"); }
	pid$target:sl-many:f[0-7]*:entry, pid$target:sl-many:al_*:entry
	{ @ = count(); @f[probefunc] = count(); }
	END { printa("total %@d\n", @); printa("%s %@d\n", @f); }' \
	-p $pid >"$T/p.out" 2>"$T/p.err"
wait_for "$T/p.out" '^armed$' 240
echo 'go 3' >&3
wait_for "$T/out" '^done ' 60
kill -INT $pp
wait $pp || fail "pidtrace exited $?: $(cat "$T/p.err")"

say "every firing counted: 2,050 probes, 3 calls each"
grep '^total' "$T/p.out" >"$T/total"
echo 'total 6150' >"$T/want"
same_output "$T/want" "$T/total"
say "each function and alias 3 times"
for f in f0000 f1234 f3777 al_first al_last; do
	grep -qx "$f 3" "$T/p.out" || fail "$f: $(grep "^$f " "$T/p.out")"
done
[ "$(grep -c ' 3$' "$T/p.out")" = 2050 ] ||
	fail "$(grep -c ' 3$' "$T/p.out") probes counted 3, not 2050"

say "-v: 2,048 sites, every one traced, 6,144 firings of a site by either path"
grep -E "^pidtrace: pid $pid: 2048 probe sites: [0-9]+ ran fast, [0-9]+ stopped the thread, 0 not traced; [0-9]+ firings read as records, [0-9]+ by a stop(; firings run in the process are not counted)?$" \
	"$T/p.err" >"$T/paths" || fail "no per-path line: $(cat "$T/p.err")"
# not in a pipeline: fail must end the test, not a subshell
read -r a b <<EOF
$(sed 's/.*; \([0-9]*\) firings read as records, \([0-9]*\) by a stop.*/\1 \2/' "$T/paths")
EOF
case ${PIDTRACE_X:-} in
*fastpath=off*)
	grep -q ' 0 ran fast, 2048 stopped' "$T/paths" ||
		fail "fastpath=off: $(cat "$T/paths")"
	[ "$a $b" = "0 6144" ] || fail "firings $a fast + $b by a stop" ;;
*)
	# count() runs in the process: its firings make no record, and the
	# line counts records (the totals above are the exact check)
	[ $((a + b)) -le 6144 ] || fail "firings $a fast + $b by a stop" ;;
esac

say "aliases share a site silently: nothing is said of a site"
grep -E 'cannot trace|left mapped|drops' "$T/p.err" &&
	fail "pidtrace said: $(cat "$T/p.err")"

say "the process's maps as before, every byte of its code too, and it runs on"
diff "$T/maps.before" /proc/$pid/maps || fail "maps differ after the session"
text after
cmp "$T/text.before" "$T/text.after" ||
	fail "sl-many's code differs after the session"
sl_finish sl-many 'go 1\nquit\n'
exit 0
