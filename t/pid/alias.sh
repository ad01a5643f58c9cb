#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Aliases are one probe, named by the preferred symbol, as in Oracle's
# Linux DTrace (test/unittest/pid/tst.weak1.d: of go and its weak alias
# _go, "go", the one with fewer underscores; tst.weak2.d: of a local go
# and its weak alias _go, "_go", the weak one).  pd-prog's go() has the
# global go and the weak _go; its local loc() has the weak _loc.  Each
# description of a clause is an enabling of its own, as dtrace makes an
# ECB per description: tst.weak1.d's clause naming go:entry and
# _go:entry runs twice at one call (its i reaches 2).  So a clause
# naming both names counts each call twice, by the preferred name; one
# naming either name alone, or a glob, once.  The calls are pd-prog's
# own (run 3: three of each).
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"

run()
{
	bounded 60 "$PIDTRACE" -q -n "$1 { @[probefunc] = count(); }" \
	    -n 'END { printa("%s %@d\n", @); }' -c "$TARGETS/pd-prog run 3" \
	    >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/err"
	[ $rc -eq 0 ] || fail "$1: exit $rc"
	grep -v '^$' "$T/out" | grep -v '^done ' | sort >"$T/got"
	printf '%s\n' "$2" >"$T/want"
	same_output "$T/want" "$T/got"
}

run 'pid$target:a.out:go:entry, pid$target:a.out:_go:entry' 'go 6'
run 'pid$target:a.out:go:entry' 'go 3'
run 'pid$target:a.out:_go:entry' 'go 3'
run 'pid$target:a.out:*go:entry' 'go 3'
run 'pid$target:a.out:loc:entry, pid$target:a.out:_loc:entry' '_loc 6'
run 'pid$target:a.out:loc:entry' '_loc 3'
run 'pid$target:a.out:loc:return' '_loc 3'

say "-l lists the pair's probes by the preferred name, once each"
bounded 60 "$PIDTRACE" -l -n 'pid$target:a.out:_go:entry' \
    -n 'pid$target:a.out:go:entry' -n 'pid$target:a.out:_go:return' \
    -c "$TARGETS/pd-prog run 1" >"$T/l" 2>&1
cat "$T/l"
awk 'NR > 1 { print $4, $5 }' "$T/l" | sort >"$T/got"
printf 'go entry\ngo return\n' >"$T/want"
same_output "$T/want" "$T/got"
