#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# -x metrics with the real Prometheus: pidtrace serves /metrics on
# 127.0.0.1 (port 0: the kernel picks a free one, pidtrace says which)
# while tracing tr-counter; a Prometheus with its own config and storage
# scrapes it each second; a PromQL query over its HTTP API must return
# the count of work() calls the target itself counted, and
# histogram_quantile over the latency histogram must give a number.
# Keys are the labels key0, key1, ... by position: a two-key count
# (a string and an integer) is found by both labels, and a stack key
# (work's caller, folded) holds every call in one series per chain.  The
# exposition text itself is checked with promtool, and for series given
# twice.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
command -v prometheus >/dev/null ||
	skip "prometheus not installed (Debian package prometheus)"
command -v curl >/dev/null || skip "curl not installed"
command -v jq >/dev/null || skip "jq not installed (Debian package jq)"

start_counter
spawn _pp 60 "$PIDTRACE" -q -x metrics=127.0.0.1:0 -n '
	pid$target::work:entry { @calls[probefunc] = count(); self->t = timestamp; }
	pid$target::work:entry { @pair[probefunc, 7] = count(); @st[ustack(2)] = count(); }
	pid$target::work:return /self->t/ {
		@lat = quantize(timestamp - self->t); self->t = 0; }' \
	-p "$TPID" >"$T/p.out" 2>"$T/p.err"
wait_for "$T/p.err" 'metrics on http://127\.0\.0\.1:[0-9]+/metrics'
addr=$(sed -n 's|^pidtrace: metrics on http://\(.*\)/metrics$|\1|p' "$T/p.err")
say "pidtrace serves $addr"

echo "go 3000 2" >&3
wait_for "$T/out" '^done work=6000 '
want=$(field "$T/out" done work)

# a port for Prometheus itself: bind 0, read it, let it go
pport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$T/prom.yml" <<END
global:
  scrape_interval: 1s
  evaluation_interval: 1s
scrape_configs:
  - job_name: pidtrace
    static_configs:
      - targets: ['$addr']
END
spawn _prom 60 prometheus --config.file="$T/prom.yml" \
	--storage.tsdb.path="$T/data" --web.listen-address=127.0.0.1:"$pport" \
	--log.level=warn
say "prometheus on 127.0.0.1:$pport"

# the exposition must pass promtool's own check
if command -v promtool >/dev/null; then
	curl -sf "http://$addr/metrics" >"$T/metrics" || fail "no /metrics"
	promtool check metrics <"$T/metrics" 2>&1 | grep -v 'no help text' |
		grep . && fail "promtool rejects the exposition"
fi
curl -sf "http://$addr/metrics" | grep -v '^#' | sed 's/ [^ ]*$//' | sort |
	uniq -d >"$T/twice"
[ -s "$T/twice" ] && fail "series given twice: $(head -n 3 "$T/twice")"

# poll the query API until the scraped sample is there (a handshake)
query()
{
	curl -sf "http://127.0.0.1:$pport/api/v1/query" --data-urlencode "query=$1" |
		jq -r '.data.result[0].value[1] // empty' 2>/dev/null
}
got=
for _i in $(seq 1 200); do
	got=$(query 'pidtrace_calls_total{key0="work",job="pidtrace"}')
	[ "$got" = "$want" ] && break
	sleep 0.1
done
say "PromQL pidtrace_calls_total{key0=\"work\"} = $got, the target counted $want"
[ "$got" = "$want" ] || fail "Prometheus says $got calls, the target $want"
p99=$(query 'histogram_quantile(0.99, sum by (le) (pidtrace_lat_bucket))')
say "p99 of work() latency: $p99 ns"
case $p99 in
[0-9]*) ;;
*) fail "histogram_quantile gave '$p99'" ;;
esac
n=$(query 'sum(pidtrace_lat_count)')
[ "$n" = "$want" ] || fail "pidtrace_lat_count $n, want $want"
n=$(query 'pidtrace_pair_total{key0="work",key1="7"}')
[ "$n" = "$want" ] || fail "pidtrace_pair_total{key0=work,key1=7} $n, want $want"
n=$(query 'sum(pidtrace_st_total{key0=~"tr-counter`[a-z_]+;tr-counter`work"})')
say "work() by caller (stack keys): $n"
[ "$n" = "$want" ] || fail "stack-keyed series hold $n calls, want $want"
n=$(query 'count(pidtrace_st_total)')
[ "$n" -le 3 ] || fail "$n series for work's callers (offsets not folded)"

kill -INT "$(child_of "$_pp")"
echo quit >&3
wait_for "$T/out" '^exit work=6000 '
exit 0
