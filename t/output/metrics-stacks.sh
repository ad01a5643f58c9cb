#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Stack keys in the Prometheus text (-x metrics-file): profile-997 on
# t/targets/pf-split, keyed by ustack(2) (count) and ustack(1)
# (quantize).  Samples at different offsets of one function fold to the
# same label (frames named, root first, offsets dropped), and those
# entries are one series, merged: no series is given twice, promtool
# accepts the text, each stack series holds its function chain's
# samples, and the counts and histogram counts add up to the samples
# the same run counted in D.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
SPLIT=$TARGETS/pf-split
[ -x "$SPLIT" ] || skip "pf-split not built"

bounded 60 "$PIDTRACE" -q -x metrics-file="$T/m.prom" -n '
	profile-997 { @st[ustack(2)] = count(); @q[ustack(1)] = quantize(arg1 & 0xff);
		@n = count(); }
	END { printa("samples %@d\n", @n); }' -c "$SPLIT 0.3" >"$T/out" \
	2>"$T/err" || fail "pidtrace: $(cat "$T/err")"
n=$(sed -n 's/^samples \([0-9]*\)$/\1/p' "$T/out")
[ -n "$n" ] && [ "$n" -gt 20 ] || fail "samples: $(cat "$T/out")"
grep -v '^#' "$T/m.prom" | sed 's/ [^ ]*$//' | sort | uniq -d >"$T/twice"
[ -s "$T/twice" ] && fail "series given twice: $(head -n 3 "$T/twice")"
if command -v promtool >/dev/null; then
	promtool check metrics <"$T/m.prom" 2>&1 | grep -v 'no help text' |
		grep . && fail "promtool rejects the stack labels"
fi
cat "$T/m.prom" | grep -v bucket
awk -v n="$n" '
	/^pidtrace_st_total\{key0="/ { st += $NF; rows++ }
	/^pidtrace_st_total\{key0="pf-split`a;pf-split`work::spin\(unsigned long\)"\} / { a = $NF }
	/^pidtrace_q_count\{key0="/ { q += $NF }
	/\+0x/ { print "an offset: " $0; exit 1 }
	END {
		if (st != n || q != n) { print "st " st " q " q " of " n; exit 1 }
		if (a < n / 2) { print "a;work::spin holds " a " of " n; exit 1 }
	}' "$T/m.prom" || fail "stack series"
exit 0
