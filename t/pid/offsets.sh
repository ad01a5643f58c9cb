#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# An empty probe name makes entry, return and a probe on every
# instruction, named by its offset in hex, as in Oracle's Linux DTrace
# (test/unittest/pid/tst.offsets.sh: pid$target:a.out:loopfunc: counts
# each instruction objdump shows in loopfunc, those of the loop once per
# turn, the others once per call).  The reference is objdump's listing
# of pd-prog's loopfunc and the program's own calls: `pd-prog run 2`
# calls loopfunc(3) twice, 3 turns each.  A glob name ("1*") takes the
# offsets it matches, and no entry or return.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
command -v objdump >/dev/null || skip "objdump not installed"
CALLS=2 TURNS=3

objdump -d --no-show-raw-insn "$TARGETS/pd-prog" >"$T/dis" ||
	fail "objdump failed"
# The instructions of loopfunc: offset, then a back jump's target; the
# padding after its last ret or jmp is no part of it (its symbol's size).
start= offs=() jfrom= jto= seenret=
while read -r addr rest; do
	case $rest in
	nop*|cs\ *|xchg*|int3*|data16*) [ -n "$seenret" ] && continue ;;
	esac
	case $rest in ret*|jmp*) seenret=1 ;; *) seenret= ;; esac
	a=$((16#${addr%:}))
	[ -z "$start" ] && start=$a
	off=$((a - start))
	offs+=("$off")
	case $rest in
	j*'<loopfunc+0x'*'>')
		t=${rest##*<loopfunc+0x}
		t=$((16#${t%>}))
		if [ "$t" -le "$off" ]; then jfrom=$off jto=$t; fi
		;;
	esac
done < <(sed -n '/^[0-9a-f]* <loopfunc>:$/,/^$/p' "$T/dis" |
    grep '^ *[0-9a-f]*:')
[ "${#offs[@]}" -ge 4 ] || fail "objdump shows too few instructions"
[ -n "$jfrom" ] || fail "no back jump in loopfunc"
say "loopfunc: ${#offs[@]} instructions, loop from $jto to $jfrom"
{
	echo "entry $CALLS"
	echo "return $CALLS"
	for o in "${offs[@]}"; do
		if [ "$o" -ge "$jto" ] && [ "$o" -le "$jfrom" ]; then
			printf '%x %d\n' "$o" $((CALLS * TURNS))
		else
			printf '%x %d\n' "$o" "$CALLS"
		fi
	done
} | sort >"$T/want"

bounded 60 "$PIDTRACE" -q -n 'pid$target:a.out:loopfunc: { @[probename] = count(); }' \
    -n 'END { printa("%s %@d\n", @); }' -c "$TARGETS/pd-prog run $CALLS" \
    >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 0 ] || fail "exit $rc"
grep -q '^done ' "$T/out" || fail "pd-prog did not finish"
grep -v '^$' "$T/out" | grep -v '^done ' | sort >"$T/got"
same_output "$T/want" "$T/got"

say "a glob name: the offsets it matches, no entry or return"
grep '^1' "$T/want" >"$T/want1"
[ -s "$T/want1" ] || skip "loopfunc has no offset 1*"
bounded 60 "$PIDTRACE" -q -n 'pid$target:a.out:loopfunc:1* { @[probename] = count(); }' \
    -n 'END { printa("%s %@d\n", @); }' -c "$TARGETS/pd-prog run $CALLS" \
    >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 0 ] || fail "glob: exit $rc"
grep -v '^$' "$T/out" | grep -v '^done ' | sort >"$T/got"
same_output "$T/want1" "$T/got"
