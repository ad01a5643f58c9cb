#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Ft_work() called by 8 threads at once, 100,000 times in
# all (1,000,000 with FT_SCALE=10), under pidtrace -c with entry probes,
# return probes, both, and a self-> latency quantize.  Asserts: each count
# equals the target's own counter, the quantize holds one sample per call,
# and the target's output (counts, checksum) is the untraced output.
. "$top_srcdir/t/faults/ftlib.sh"

n=$((100000 * FT_SCALE))
bounded 60 "$STRESS" conc 8 $n | sed "s/pid=[0-9]*//" >"$T/want" || fail "untraced run"
grep -q "^work=$n " "$T/want" || fail "untraced: $(cat "$T/want")"

# run NAME SCRIPT: traced run; its target output in $T/NAME.out, checked.
run()
{
	# Every record counted: a ring of 64 MB a shard holds the burst.
	bounded 120 "$PIDTRACE" ${FT_X:--x bufsize=256m} -q -n "$2" \
	    -c "$STRESS conc 8 $n" \
	    >"$T/$1.out" 2>"$T/$1.err" || fail "$1: $(cat "$T/$1.err")"
	cat "$T/$1.err"		# a drops line, in the log if a count is short
	grep -e "^ready" -e "^work=" "$T/$1.out" | sed "s/pid=[0-9]*//" >"$T/$1.got"
	same_output "$T/want" "$T/$1.got"
}

run entry 'pid$target::ft_work:entry { @e = count(); }
	END { printa("e %@d\n", @e); }'
expect "entry count" "$(agg "$T/entry.out" e)" $n

run return 'pid$target::ft_work:return { @r = count(); }
	END { printa("r %@d\n", @r); }'
expect "return count" "$(agg "$T/return.out" r)" $n

run both 'pid$target::ft_work:entry { @e = count(); }
	pid$target::ft_work:return { @r = count(); }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r); }'
expect "entry count (both)" "$(agg "$T/both.out" e)" $n
expect "return count (both)" "$(agg "$T/both.out" r)" $n

# Latency: every return finds its own thread's self->ts (never 0, never
# another thread's), so the quantize has exactly n samples.
run lat 'pid$target::ft_work:entry { self->ts = timestamp; }
	pid$target::ft_work:return /self->ts == 0/ { @bad = count(); }
	pid$target::ft_work:return /self->ts/ {
		@q = quantize(timestamp - self->ts); @n = count();
		self->ts = 0; }
	END { printa("n %@d\n", @n); printa("bad %@d\n", @bad);
	      printa(@q); }'
cat "$T/lat.out"
expect "latency samples" "$(agg "$T/lat.out" n)" $n
expect "returns without an entry" "$(agg "$T/lat.out" bad)" ""
# The quantize's buckets add up to n too.
got=$(awk '/\|/ { s += $NF } END { print s }' "$T/lat.out")
expect "quantize total" "$got" $n
