#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x metrics-file with the real node_exporter: pidtrace writes the
# exposition atomically each second to a .prom file in a folder that
# node_exporter's textfile collector reads; node_exporter's own /metrics
# must then carry pidtrace's counter with the count the target made, and
# no textfile scrape error.  No temporary file is left behind.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
NE=$(command -v prometheus-node-exporter || command -v node_exporter) ||
	skip "node_exporter not installed (Debian package prometheus-node-exporter)"
command -v curl >/dev/null || skip "curl not installed"

mkdir "$T/textfile"
start_counter
spawn _pp 60 "$PIDTRACE" -q -x metrics-file="$T/textfile/pidtrace.prom" \
	-n 'pid$target::work:entry { @calls[probefunc] = count(); }' \
	-p "$TPID" >"$T/p.out" 2>"$T/p.err"
# armed: the first rendering (empty: nothing aggregated yet) is there
for _i in $(seq 1 200); do
	[ -e "$T/textfile/pidtrace.prom" ] && break
	sleep 0.1
done
[ -e "$T/textfile/pidtrace.prom" ] || fail "no metrics file: $(cat "$T/p.err")"
echo "go 2500 2" >&3
wait_for "$T/out" '^done work=5000 '
want=$(field "$T/out" done work)
wait_for "$T/textfile/pidtrace.prom" "^pidtrace_calls_total\{key0=\"work\"\} $want\$"

nport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
spawn _ne 60 "$NE" --web.listen-address=127.0.0.1:"$nport" \
	--collector.textfile.directory="$T/textfile" \
	--collector.disable-defaults --collector.textfile
for _i in $(seq 1 200); do
	curl -sf "http://127.0.0.1:$nport/metrics" >"$T/ne" 2>/dev/null && break
	sleep 0.1
done
grep "^pidtrace_calls_total" "$T/ne" || fail "node_exporter does not serve pidtrace_calls_total"
grep -q "^pidtrace_calls_total{key0=\"work\"} $want\$" "$T/ne" ||
	fail "node_exporter has another count than the target's $want"
grep -q '^node_textfile_scrape_error 0$' "$T/ne" ||
	fail "textfile scrape error: $(grep textfile "$T/ne")"

kill -INT "$(child_of "$_pp")"
echo quit >&3
wait_for "$T/out" '^exit work=5000 '
ls "$T/textfile" >"$T/left"
echo pidtrace.prom | same_output - "$T/left"
exit 0
