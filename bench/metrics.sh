#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/metrics.sh [KEYS]: what one Prometheus scrape of pidtrace costs.
# A D program fills KEYS (default 1000) keys of a count() and a
# quantize() (64 le buckets each) from a 1 ms tick, then:
#  - scrape: the median time of 20 GETs of /metrics (curl), against the
#    same for node_exporter's default collectors on this machine (peer);
#  - render: the tracing thread's CPU per rendering, as the difference of
#    pidtrace's CPU time over 10 s with and without -x metrics (one
#    rendering a second), divided by the renderings.
# Run by hand from the build tree: bench/metrics.sh [KEYS]
set -eu
keys=${1:-1000}
PT=${PIDTRACE:-./pidtrace}
NE=$(command -v prometheus-node-exporter || command -v node_exporter || true)
prog="tick-1ms { @c[timestamp % $keys] = count();
	@lat[timestamp % $keys] = quantize(timestamp % 100000); }
	tick-10s { exit(0); }"
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
scrape() {
	for _ in $(seq 1 20); do
		curl -s -o /dev/null -w '%{time_total}\n' "$1"
	done | median
}

cpu() {	# user+sys seconds of a 10 s run
	/usr/bin/time -f '%U %S' "$@" >/dev/null 2>"$tmp/time" || true
	tail -n 1 "$tmp/time" | awk '{ print $1 + $2 }'
}

base=$(cpu "$PT" -q -n "$prog")
with=$(cpu "$PT" -q -x metrics=127.0.0.1:0 -n "$prog")
render_ms=$(echo "$with $base" | awk '{ printf "%.2f", ($1 - $2) * 1000 / 10 }')

"$PT" -q -x metrics=127.0.0.1:0 -n "$prog" >/dev/null 2>"$tmp/err" &
for _ in $(seq 1 100); do
	grep -q 'metrics on' "$tmp/err" 2>/dev/null && break
	sleep 0.1
done
addr=$(sed -n 's|^pidtrace: metrics on \(.*\)$|\1|p' "$tmp/err")
sleep 3	# the keys fill in
bytes=$(curl -s "$addr" | wc -c)
lines=$(curl -s "$addr" | wc -l)
pt=$(scrape "$addr")
echo "pidtrace: $keys keys, $lines lines, $bytes bytes a scrape"
echo "pidtrace scrape (median of 20): ${pt}s"
echo "pidtrace rendering on the tracing thread: ${render_ms} ms CPU each"
if [ -n "$NE" ]; then
	port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	"$NE" --web.listen-address=127.0.0.1:$port >/dev/null 2>&1 &
	for _ in $(seq 1 100); do
		curl -sf -o /dev/null "http://127.0.0.1:$port/metrics" && break
		sleep 0.1
	done
	ne=$(scrape "http://127.0.0.1:$port/metrics")
	nel=$(curl -s "http://127.0.0.1:$port/metrics" | wc -l)
	echo "node_exporter scrape, default collectors, $nel lines (median of 20): ${ne}s"
	echo "ratio pidtrace/node_exporter: $(echo "$pt $ne" | awk '{ printf "%.2f", $1 / $2 }')"
fi
