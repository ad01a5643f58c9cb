#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Two running tr-counters traced at once with -p A -p B (t/multi/mlib.sh).
# Asserts: BEGIN fires once, after both are armed; @[pid] = count() is
# exact for each process; probeprov and execname are the firing
# process's; pid$target is the first -p only and pid<B> names the second;
# SIGINT releases both, which then run to the output of an untraced run.
. "$top_srcdir/t/multi/mlib.sh"

start_counter_as A 3
start_counter_as B 4
spawn _pp 60 "$PIDTRACE" -q -n 'BEGIN { printf("armed\n"); }
	pid*::work:entry { @w[pid] = count(); }
	pid*::mix:return { @m[probeprov] = count(); }
	pid$target::leaf:entry { @t[execname, pid] = count(); }
	pid'"$B"'::leaf:entry { @b[pid] = count(); }
	END { printa("work %d %@d\n", @w); printa("mix %s %@d\n", @m);
	    printa("target %s %d %@d\n", @t); printa("b %d %@d\n", @b); }' \
	-p "$A" -p "$B" >"$T/p.out" 2>"$T/p.err"
PT=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed$'
[ "$(traced_by "$A")" = "$PT" ] || fail "A is not traced by pidtrace"
[ "$(traced_by "$B")" = "$PT" ] || fail "B is not traced by pidtrace"
echo "go 3000 2" >&3
echo "go 1000 3" >&4
wait_for "$T/A.out" '^done work=6000 '
wait_for "$T/B.out" '^done work=3000 '
kill -INT "$PT"
wait_for "$T/p.out" '^b '
cat "$T/p.out" "$T/p.err"
[ "$(grep -c '^armed$' "$T/p.out")" = 1 ] || fail "BEGIN fired more than once"
[ "$(agg "$T/p.out" "work $A")" = 6000 ] || fail "work count of A"
[ "$(agg "$T/p.out" "work $B")" = 3000 ] || fail "work count of B"
[ "$(agg "$T/p.out" "mix pid$A")" = 12000 ] || fail "mix:return of A"
[ "$(agg "$T/p.out" "mix pid$B")" = 6000 ] || fail "mix:return of B"
grep -qx "target tr-counter $A 6000" "$T/p.out" || fail "pid\$target is not A"
[ "$(agg "$T/p.out" "b $B")" = 3000 ] || fail "pid$B:: count"
grep -q "^target tr-counter $B " "$T/p.out" && fail "pid\$target matched B"
grep -q "^b $A " "$T/p.out" && fail "pid$B:: matched A"

# Released: not traced any more, and both run on as untraced.
[ "$(traced_by "$A")" = 0 ] || fail "A still traced"
[ "$(traced_by "$B")" = 0 ] || fail "B still traced"
echo "go 10 1" >&3
echo quit >&3
echo "go 20 2" >&4
echo quit >&4
wait_for "$T/A.out" '^exit '
wait_for "$T/B.out" '^exit '
sed 's/pid=[0-9]*//' "$T/A.out" >"$T/A.got"
sed 's/pid=[0-9]*//' "$T/B.out" >"$T/B.got"
reference 'go 3000 2\ngo 10 1\nquit\n' >"$T/A.want"
reference 'go 1000 3\ngo 20 2\nquit\n' >"$T/B.want"
same_output "$T/A.want" "$T/A.got"
same_output "$T/B.want" "$T/B.got"
