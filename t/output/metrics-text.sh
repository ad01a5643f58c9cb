#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The Prometheus exposition text, through -x metrics-file (written at the
# end of a run too): every kind of aggregation renders exactly as
# t/output/metrics.r (counters, gauges, cumulative le buckets, +Inf,
# _sum, _count, quantize's negative buckets once one is used, keys as
# labels), promtool accepts it, and label values from hostile tracee
# strings (quotes, backslashes, newlines, bytes that are not UTF-8) come
# out escaped, valid UTF-8, and accepted by promtool.  No .tmp is left.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
PY=/usr/bin/python3.11
[ -x "$PY" ] || PY=python3

bounded 30 "$PIDTRACE" -q -x metrics-file="$T/m.prom" \
	-s "$top_srcdir/t/output/metrics.d" >/dev/null 2>"$T/err" ||
	fail "metrics.d: $(cat "$T/err")"
same_output "$top_srcdir/t/output/metrics.r" "$T/m.prom"
if command -v promtool >/dev/null; then
	promtool check metrics <"$T/m.prom" || fail "promtool rejects metrics.d's text"
fi

bounded 30 "$PIDTRACE" -q -x metrics-file="$T/h.prom" -n '
	pid$target::hostile:entry { @strings[copyinstr(arg1)] = count(); }' \
	-c "$TARGETS/out-strings" >/dev/null 2>"$T/err" ||
	fail "hostile: $(cat "$T/err")"
if command -v promtool >/dev/null; then
	promtool check metrics <"$T/h.prom" || fail "promtool rejects the hostile labels"
fi
# every line valid UTF-8; each label value, unescaped, is the string
# with its bad bytes as U+FFFD (what the JSON test expects too)
"$PY" - "$T/h.prom" >"$T/labels" <<'END' || fail "bad label text"
import re, sys, json
text = open(sys.argv[1], "rb").read().decode("utf-8", errors="strict")
for line in text.split("\n"):
    m = re.match(r'^pidtrace_strings_total\{key0="((?:[^"\\]|\\.)*)"\} 1$', line)
    if m:
        v = re.sub(r'\\(.)', lambda g: "\n" if g.group(1) == "n" else g.group(1), m.group(1))
        print(json.dumps(v))
END
sort "$T/labels" >"$T/labels.got"
cat >"$T/labels.want" <<'END'
"ctl\u0001\u0002\u001b[0m\t\r\n\u007f"
"ff \ufffd\ufffd bytes"
"lone \ufffd\ufffd continuation"
"overlong \ufffd\ufffd slash"
"plain"
"quote\" backslash\\ slash/"
"surrogate \ufffd\ufffd\ufffd half"
"truncated \ufffd\ufffd"
"utf8 \u00e9 \u20ac \ud83d\ude00"
"{\"json\":[1,2]}"
END
same_output "$T/labels.want" "$T/labels.got"
ls "$T" | grep -q '\.tmp$' && fail "a .tmp file is left"
exit 0
