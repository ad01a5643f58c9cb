#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x oformat=json with -c: the command's own standard output goes to
# pidtrace's standard error, so the JSON stream on standard output stays
# JSON Lines for jq (pidtrace(1), "JSON OUTPUT").  The demo prints a
# line per run; with -o the command keeps standard output.
# Asserts: jq reads every line of standard output; the aggregation holds
# the demo's puts; the demo's line is on standard error (or, with -o, on
# standard output, the JSON in the file).
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
command -v jq >/dev/null || fail "jq not installed (Debian package jq)"
KV=$top_builddir/demo/kvdemo

bounded 60 "$PIDTRACE" -q -x oformat=json -n 'pid$target::*Store*Put*:entry
	{ @[probefunc] = count(); }' -c "$KV 12 0" >"$T/out" 2>"$T/err" ||
	fail "pidtrace: $(cat "$T/err")"
cat "$T/out" "$T/err"
jq -e . "$T/out" >/dev/null || fail "jq rejects standard output"
[ "$(jq -r 'select(.type == "aggregation") | .value' "$T/out")" = 12 ] ||
	fail "aggregation: $(cat "$T/out")"
grep -qx 'kvdemo: 12 puts, 12 gets' "$T/err" || fail "the demo's line is not on stderr"

bounded 60 "$PIDTRACE" -q -x oformat=json -o "$T/json" -n 'pid$target::*Store*Put*:entry
	{ @[probefunc] = count(); }' -c "$KV 5 0" >"$T/out" 2>"$T/err" ||
	fail "pidtrace -o: $(cat "$T/err")"
grep -qx 'kvdemo: 5 puts, 5 gets' "$T/out" || fail "-o: the demo's line: $(cat "$T/out")"
[ "$(jq -r 'select(.type == "aggregation") | .value' "$T/json")" = 5 ] ||
	fail "-o: $(cat "$T/json")"
