#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x oformat=json: JSON Lines.  Asserts: the records of every output
# action and aggregating function are exactly t/output/aggs.r (types,
# keys, bucket bounds, a uint64 past 2^53); strings from a traced process
# with any byte (control bytes, invalid UTF-8, encoded surrogates) come
# out as valid JSON that python's strict UTF-8 reading and jq both accept,
# with each bad byte as U+FFFD and valid text intact; the count equals the
# target's own count of its calls; a faulting clause's records are
# dropped; an unknown oformat is a one-line error.  (The default text
# output, byte for byte, is what t/dsl's .r files assert.)
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
command -v jq >/dev/null || skip "jq not installed (Debian package jq)"
PY=/usr/bin/python3.11
[ -x "$PY" ] || PY=python3
JL=$top_srcdir/t/output/jsonlines.py

say "every record type"
bounded 30 "$PIDTRACE" -q -x oformat=json -s "$top_srcdir/t/output/aggs.d" \
	>"$T/aggs.json" 2>"$T/err" || fail "aggs.d: $(cat "$T/err")"
"$PY" "$JL" "$T/aggs.json" --strip >"$T/aggs.got" || fail "aggs.d: bad JSON"
same_output "$top_srcdir/t/output/aggs.r" "$T/aggs.got"
jq -e . "$T/aggs.json" >/dev/null || fail "jq rejects aggs.d's output"

say "hostile strings from the tracee"
bounded 30 "$PIDTRACE" -q -x oformat=json -n 'pid$target::hostile:entry {
	printf("%d %s", arg0, copyinstr(arg1));
	trace(copyinstr(arg1));
	@s[copyinstr(arg1)] = count();
	@n = count(); }' -c "$TARGETS/out-strings counts" \
	>"$T/h.json" 2>"$T/err" || fail "hostile: $(cat "$T/err")"
# The target's own "calls=" line is on stderr (json-child.sh): stdout
# is JSON Lines only.
grep -q '^calls=' "$T/h.json" && fail "the target's output is in the JSON"
cp "$T/h.json" "$T/h.jl"
"$PY" "$JL" "$T/h.jl" >"$T/h.got" || fail "hostile: bad JSON"
jq -e . "$T/h.jl" >/dev/null || fail "jq rejects the hostile strings"
"$PY" -m json.tool --json-lines "$T/h.jl" >/dev/null ||
	fail "python3 -m json.tool rejects the hostile strings"
jq -a -c 'select(.type == "trace") | .value' "$T/h.jl" >"$T/values"
cat >"$T/want" <<'END'
"plain"
"quote\" backslash\\ slash/"
"ctl\u0001\u0002\u001b[0m\t\r\n\u007f"
"utf8 \u00e9 \u20ac \ud83d\ude00"
"lone \ufffd\ufffd continuation"
"overlong \ufffd\ufffd slash"
"surrogate \ufffd\ufffd\ufffd half"
"ff \ufffd\ufffd bytes"
"truncated \ufffd\ufffd"
"{\"json\":[1,2]}"
END
same_output "$T/want" "$T/values"
# printf's output and its string argument hold the same text
jq -r 'select(.type == "printf") | (.output == "\(.args[0]) \(.args[1])")' \
	"$T/h.jl" | sort -u >"$T/same"
echo true | same_output - "$T/same"
want=$(sed -n 's/^calls=\([0-9]*\) .*/\1/p' "$T/err")
got=$(jq 'select(.type == "aggregation" and .name == "n") | .value' "$T/h.jl")
[ -n "$want" ] && [ "$want" = "$got" ] || fail "count $got, target says $want"
[ "$(jq -s '[.[] | select(.name == "s")] | length' "$T/h.jl")" = 10 ] ||
	fail "one @s entry per string"

say "a faulting clause's records are dropped"
bounded 30 "$PIDTRACE" -q -x oformat=json -n 'BEGIN { trace(1); trace(copyinstr(0)); }
	BEGIN { trace(2); exit(0); }' >"$T/f.json" 2>"$T/f.err"
"$PY" "$JL" "$T/f.json" --strip >"$T/f.got" || fail "fault: bad JSON"
echo '{"type":"trace","probe":{"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN"},"value":2}' |
	same_output - "$T/f.got"
grep -q 'invalid address' "$T/f.err" || fail "no runtime error: $(cat "$T/f.err")"

say "an unknown oformat"
bounded 30 "$PIDTRACE" -x oformat=yaml -n 'BEGIN { exit(0); }' \
	>"$T/o.out" 2>"$T/o.err" && fail "oformat=yaml accepted"
cat "$T/o.err"
[ "$(wc -l <"$T/o.err")" = 1 ] && grep -q 'oformat' "$T/o.err" ||
	fail "not one line naming oformat"
exit 0
