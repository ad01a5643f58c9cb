#!/bin/bash
# bench/overhead-leveldown.sh [ROUNDS]: leveldown puts per second in node,
# untraced, under pidtrace's latency script and under bpftrace's
# equivalent (run by bench/overhead -l too).  One node process per round
# (t/targets/leveldown-put.js; leveldown installed under t/node as
# t/lib.sh's need_leveldown does); each SIGUSR1 runs a batch of BATCH
# puts (20000), timed from the signal to its "done" line.  The first
# batch warms up; then untraced, pidtrace, bpftrace, one after another.
set -u
cd "$(dirname "$0")/.."
top=$PWD
rounds=${1:-3}
batch=${BATCH:-20000}
P=$top/pidtrace
pre=$top/t/node
lib=$(ls $pre/node_modules/leveldown/prebuilds/linux-x64/*glibc*.node 2>/dev/null | head -n 1)
if [ -z "$lib" ]; then
	(cd $pre 2>/dev/null || mkdir -p $pre && cd $pre &&
	    npm install --no-audit --no-fund --ignore-scripts --prefix $pre leveldown) >/dev/null 2>&1
	lib=$(ls $pre/node_modules/leveldown/prebuilds/linux-x64/*glibc*.node 2>/dev/null | head -n 1)
	[ -n "$lib" ] || { echo "cannot run: leveldown not installed (npm install failed)"; exit 1; }
fi
T=$(mktemp -d /tmp/ovld.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf $T' EXIT
ulimit -l 8192 2>/dev/null
now() { date +%s%N; }
# waitline FILE REGEX [COUNT]: until FILE has COUNT lines matching REGEX.
waitline() {
	local i
	for i in $(seq 6000); do
		[ "$(grep -c "$2" "$1" 2>/dev/null)" -ge "${3:-1}" ] && return 0
		sleep 0.005
	done
	return 1
}
# batch N: run the Nth batch, print puts per second.
batch() {
	local t0 t1
	t0=$(now); kill -USR1 $np
	waitline $T/out '^done' $1 || { echo -; return; }
	t1=$(now)
	awk -v n=$batch -v d=$((t1 - t0)) 'BEGIN { printf "%.0f\n", n / (d / 1e9) }'
}
pscript='BEGIN { printf("armed\n"); }
pid$target::*DBImpl*Put*:entry { self->ts = timestamp; }
pid$target::*DBImpl*Put*:return /self->ts/ {
	@[probefunc] = quantize(timestamp - self->ts); self->ts = 0; }'
bscript="BEGIN { printf(\"armed\\n\"); }
uprobe:$lib:*DBImpl*Put* { @s[tid] = nsecs; }
uretprobe:$lib:*DBImpl*Put* /@s[tid]/ {
	@[probe] = hist(nsecs - @s[tid]); delete(@s[tid]); }"
for r in $(seq $rounds); do
	rm -rf $T/db; : >$T/out
	node t/targets/leveldown-put.js $pre $T/db $batch >$T/out 2>&1 &
	np=$!
	waitline $T/out '^ready' || { echo "node did not start: $(cat $T/out)"; exit 1; }
	n=1; batch $n >/dev/null
	n=$((n + 1)); batch $n >>$T/untraced
	$P -q -n "$pscript" -p $np >$T/p.out 2>&1 &
	pp=$!
	if waitline $T/p.out '^armed'; then
		n=$((n + 1)); batch $n >>$T/pidtrace
	else
		echo "pidtrace: $(tail -n 1 $T/p.out)" >$T/pidtrace.why
	fi
	kill -INT $pp; wait $pp
	if command -v bpftrace >/dev/null; then
		bpftrace -e "$bscript" -p $np >$T/b.out 2>&1 &
		bp=$!
		if waitline $T/b.out '^armed'; then
			n=$((n + 1)); batch $n >>$T/bpftrace
		else
			echo "cannot run: $(grep -v '^$' $T/b.out | tail -n 1)" >$T/bpftrace.why
		fi
		kill -INT $bp; wait $bp
	else
		echo "cannot run: bpftrace not installed" >$T/bpftrace.why
	fi
	kill -TERM $np; wait $np
done
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
u=$(median <$T/untraced)
printf 'leveldown puts/s, median of %s rounds of %s (load: %s)\n' $rounds $batch "$(cut -d' ' -f1-3 /proc/loadavg)"
for k in untraced pidtrace bpftrace; do
	v=$( [ -s $T/$k ] && median <$T/$k || echo -)
	printf '%-10s %8s' $k "$v"
	[ "$v" != - ] && awk -v v=$v -v u=$u 'BEGIN { printf "  (%.2f of untraced)", v / u }'
	[ -f $T/$k.why ] && printf '  %s' "$(cat $T/$k.why)"
	echo
done
