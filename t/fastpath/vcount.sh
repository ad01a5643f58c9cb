#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -v's per-process line counts what it says: fp-load calls the probed
# fp_work() N times in a burst (and prints the calls it counted itself),
# under pidtrace -v -c three times:
#	-x fastpath=record	every firing is a record read by pidtrace:
#				records + drops reported = the calls, and
#				no stop (the one site ran fast)
#	-x fastpath=off		every firing is a stop: 0 records, the
#				calls by a stop
#	the fast path		count() runs in the process: neither a
#				record nor a stop, and the line says that
#				such firings are not counted (not "0
#				firings fast")
# In every run count() itself equals the target's calls.
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((3000 * FT_SCALE))
prog='pid$target::fp_work:entry { @e = count(); }
	END { printa("e %@d\n", @e); }'

# run TAG FLAGS...: pidtrace -v on "fp-load burst N"; sets calls, agg,
# line (the per-process line), rec, stop, drop.
run()
{
	_t=$1; shift
	timeout -k 5 300 "$PIDTRACE" "$@" -v -q -n "$prog" \
	    -c "$FP_LOAD burst $n" </dev/null >"$T/$_t.out" 2>"$T/$_t.err" ||
		fail "$_t: pidtrace exited $?: $(cat "$T/$_t.err")"
	calls=$(sed -n 's/^burst calls=\([0-9]*\) .*/\1/p' "$T/$_t.out")
	expect "$_t: calls the target counted" "$calls" $n
	agg=$(count "$T/$_t.out" e)
	drop=$(drops "$T/$_t.err")
	line=$(grep -E '^pidtrace: pid [0-9]+: 1 probe sites: ' "$T/$_t.err") ||
		fail "$_t: no per-process line: $(cat "$T/$_t.err")"
	say "$_t: $line"
	rec=$(printf '%s\n' "$line" |
	    sed -n 's/.*; \([0-9]*\) firings read as records, .*/\1/p')
	stop=$(printf '%s\n' "$line" |
	    sed -n 's/.* records, \([0-9]*\) by a stop.*/\1/p')
	[ -n "$rec" ] && [ -n "$stop" ] || fail "$_t: line unread: $line"
}

run record -x fastpath=record
balance "record: count()" "$agg" "$drop" "$calls"
case $line in
*": 1 ran fast, 0 stopped the thread, 0 not traced; "*) ;;
*) fail "record: the site did not run fast: $line" ;;
esac
expect "record: records + drops" $((rec + drop)) "$calls"
expect "record: firings by a stop" "$stop" 0
case $line in
*"not counted"*) fail "record: nothing runs in the process: $line" ;;
esac

run off -x fastpath=off
expect "off: count()" "$agg" "$calls"
expect "off: records" "$rec" 0
expect "off: firings by a stop" "$stop" "$calls"
case $line in
*": 0 ran fast, 1 stopped the thread, 0 not traced; "*) ;;
*) fail "off: $line" ;;
esac

run fast
expect "fast: count()" "$agg" "$calls"
expect "fast: records" "$rec" 0
expect "fast: firings by a stop" "$stop" 0
case $line in
*"; firings run in the process are not counted") ;;
*) fail "fast: the line does not say in-process firings are not counted: $line" ;;
esac
exit 0
