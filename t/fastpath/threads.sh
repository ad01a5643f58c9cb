#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Many threads on one probe: fp_work() called by 8 threads,
# 10,000 times each (FT_SCALE=100: 8 x 1,000,000), probed at
# entry and return under pidtrace -p.
# Asserts: entries + returns + the drops pidtrace reported = twice the
# calls the target counted, neither count above the calls (exact when
# nothing dropped: always on the int3 path); each return finds its own
# thread's self->ts set by its entry (when records dropped: no more
# returns without it than drops) and never a
# later timestamp than its own; nothing else on stderr; the
# output (counts, checksum) equals the untraced output; after detach the
# text equals the files and no mapping was left.
. "$top_srcdir/t/fastpath/fplib.sh"

n=$((10000 * FT_SCALE))
reference thr "$FP_LOAD" threads 8 $n
attach_run thr 'pid$target::fp_work:entry
	{ @e = count(); self->ts = timestamp; }
	pid$target::fp_work:return { @r = count(); }
	pid$target::fp_work:return /self->ts == 0/ { @bad = count(); }
	pid$target::fp_work:return /self->ts && timestamp < self->ts/
	{ @neg = count(); }
	pid$target::fp_work:return { self->ts = 0; }
	END { printa("e %@d\n", @e); printa("r %@d\n", @r);
	      printa("bad %@d\n", @bad); printa("neg %@d\n", @neg); }' \
	"$FP_LOAD" threads 8 $n
same_output "$T/thr.want" "$T/thr.out"
quiet_err "$T/thr.err" "$SLOW_WORK"
calls=$(sed -n 's/^threads calls=\([0-9]*\).*/\1/p' "$T/thr.out")
expect "calls the target counted" "$calls" $((8 * n))
e=$(count "$T/thr.d" e) r=$(count "$T/thr.d" r)
[ "$e" -le "$calls" ] && [ "$r" -le "$calls" ] ||
	fail "more records than calls: $e entries, $r returns"
d=$(drops "$T/thr.err")
balance "entries + returns" $((e + r)) "$d" $((2 * calls))
# Per-thread order and time: a return never precedes its entry in its
# thread's records, nor carries an earlier timestamp.
expect "returns with an earlier timestamp than their entry" \
	"$(count "$T/thr.d" neg)" ""
# A dropped entry leaves its return without self->ts: at most one such
# return per dropped record, none when nothing dropped.
bad=$(count "$T/thr.d" bad)
if [ "$d" = 0 ]; then
	expect "returns seen before their entry" "$bad" ""
else
	[ "${bad:-0}" -le "$d" ] ||
		fail "$bad returns without their entry, more than the $d drops"
	say "ok: ${bad:-0} returns without their entry, within $d drops"
fi
