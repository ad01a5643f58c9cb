#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A burst: 8 threads each call ip_one() (`lea 1(%rdi),%rax; ret`: one
# trampoline takes its entry and return) 100,000 times (1,000,000 with
# FT_SCALE=10), under pidtrace -p with the default options: count() on
# entry and on return, then the latency script (self->ts at entry,
# quantize of the difference at return).  The clauses run in the
# process: nothing is recorded, nothing can be dropped, whatever the
# rate.  Asserts: -l -v puts every clause in the process and the run
# says no site stops; the counts equal the calls the target counted,
# exactly; the quantize holds one value a call; no drop of any kind;
# the target's output is the untraced output; after detach its text
# equals the files and no mapping of ours is left.
. "$top_srcdir/t/inproc/iplib.sh"

n=$((100000 * FT_SCALE))
calls=$((8 * n))
reference burst "$IP_BURST" threads 8 $n

attach_run cnt 'pid$target::ip_one:entry { @e = count(); }
	pid$target::ip_one:return { @r = count(); }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r); }' \
	"$IP_BURST" threads 8 $n
same_output "$T/burst.want" "$T/cnt.out"
paths_is cnt "BEGIN, line 1: in pidtrace
END, line 3: in pidtrace
ip_one entry, line 1: in the process
ip_one return, line 2: in the process"
no_drops "$T/cnt.err"
expect "the target's calls" "$(sed -n 's/^threads calls=\([0-9]*\) .*/\1/p' \
	"$T/cnt.out")" $calls
expect "entries" "$(count "$T/cnt.d" e)" $calls
expect "returns" "$(count "$T/cnt.d" r)" $calls

attach_run lat 'pid$target::ip_one:entry { self->ts = timestamp; }
	pid$target::ip_one:return /self->ts/ {
		@q = quantize(timestamp - self->ts); @n = count();
		@s = sum(timestamp >= self->ts); self->ts = 0; }
	END { printa("n %@d\n", @n); printa("s %@d\n", @s); printa(@q); }' \
	"$IP_BURST" threads 8 $n
same_output "$T/burst.want" "$T/lat.out"
paths_is lat "BEGIN, line 1: in pidtrace
END, line 5: in pidtrace
ip_one entry, line 1: in the process
ip_one return, line 2: in the process"
no_drops "$T/lat.err"
expect "returns that found their entry's self->ts" "$(count "$T/lat.d" n)" \
	$calls
# The quantize's counts add up to the calls (dtrace's layout: value,
# bar, count); a thread may move between CPUs between its entry and
# return, whose TSCs may differ by a few ns: @s counts the others.
q=$(awk '/^ +-?[0-9]+ \|/ { n += $NF } END { print n + 0 }' "$T/lat.d")
expect "values in the quantize" "$q" $calls
s=$(count "$T/lat.d" s)
[ $((calls - s)) -le $((calls / 1000)) ] ||
	fail "$((calls - s)) of $calls returns before their entry's time"
say "ok: $((calls - s)) returns a few ns before their entry (TSCs of two CPUs)"
