#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/overhead-leveldown.sh [ROUNDS]: leveldown puts per second in node,
# untraced, under pidtrace's latency script and under bpftrace's
# equivalent (run by bench/overhead -l too).  One node process per round
# (t/targets/leveldown-put.js; leveldown installed under t/node as
# t/lib.sh's need_leveldown does); each SIGUSR1 runs a batch of BATCH
# puts (20000), timed from the signal to its "done" line.  The first
# batch warms up; then untraced, pidtrace -x fastpath=on (the latency
# script in the process), -x fastpath=record ("pidrec": from records),
# -x fastpath=off ("pidoff": the int3 path), bpftrace,
# one after another, the order rotated each round.  "onecpu" is pidtrace with node and
# pidtrace both on CPU 0 (taskset): what placement costs, a diagnosis.
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
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
# batch [TOOL]: run one batch, print puts per second; append to $T/cpu
# the CPU node and TOOL (a tracer's pid) spent on it, us per put (the
# uprobes' handlers and the in-process clauses count as node's): a
# second view of the cost, as the puts per second of one batch move 2x
# under load; node's own CPU a put moves with the load and placement
# too (its threads wait less or more).  node's stdout is a coprocess pipe: the read blocks,
# nothing polls while the batch runs.
batch() {
	local t0 t1 line c0 c1 k0 k1
	rm -f $T/cpu
	c0=$(ticks $np) k0=$(ticks "${1:-}")
	t0=$(now); kill -USR1 $np
	read -r line <&${NODE[0]} || { echo -; return; }
	t1=$(now)
	c1=$(ticks $np) k1=$(ticks "${1:-}")
	case $line in done*) ;; *) echo -; return;; esac
	awk -v n=$batch -v c=$((c1 - c0 + k1 - k0)) -v hz=$hz \
		'BEGIN { printf "%.2f\n", c * 1e6 / hz / n }' >$T/cpu
	awk -v n=$batch -v d=$((t1 - t0)) 'BEGIN { printf "%.0f\n", n / (d / 1e9) }'
}
# keep NAME: the last batch's CPU per put, kept as NAME's.
keep() { [ -s $T/cpu ] && cat $T/cpu >>$T/$1.cpu; }
run_untraced() { batch >>$T/untraced; keep untraced; }
# pidrun NAME FLAGS...: a batch under pidtrace FLAGS, kept as NAME.
pidrun() {
	local name=$1; shift
	$P "$@" -q -n "$pscript" -p $np >$T/p.out 2>&1 &
	pp=$!
	if waitline $T/p.out '^armed\|^pidtrace:' 30; then
		if grep -q '^armed' $T/p.out; then
			batch $pp >>$T/$name; keep $name
		else
			echo "cannot run: $(tail -n 1 $T/p.out)" >$T/$name.why
		fi
	else
		echo "pidtrace: $(tail -n 1 $T/p.out)" >$T/$name.why
	fi
	kill -INT $pp 2>/dev/null; wait $pp
	# the records and self-> stores it said it lost
	awk '/^pidtrace: [0-9]+ (dynamic variable |aggregation )?drops/ {
		n += $2 } END { print n + 0 }' $T/p.out >>$T/$name.drops
}
run_pidtrace() { pidrun pidtrace -x fastpath=on; }
run_pidrec() { pidrun pidrec -x fastpath=record; }
run_pidoff() { pidrun pidoff -x fastpath=off; }
# Diagnosis, not a mode of pidtrace: node's threads and pidtrace all on
# CPU 0 (taskset changes the target's affinity, which pidtrace never
# does), then node's affinity is given back.
run_onecpu() {
	taskset -a -p -c 0 $np >/dev/null
	$P -q -n "$pscript" -p $np >$T/p.out 2>&1 &
	pp=$!
	taskset -p -c 0 $pp >/dev/null
	if waitline $T/p.out '^armed' 30; then
		batch $pp >>$T/onecpu; keep onecpu
	fi
	kill -INT $pp; wait $pp
	taskset -a -p -c 0-$(($(nproc) - 1)) $np >/dev/null
}
run_bpftrace() {
	if ! command -v bpftrace >/dev/null; then
		echo "cannot run: bpftrace not installed" >$T/bpftrace.why
		return
	fi
	bpftrace -e "$bscript" -p $np >$T/b.out 2>&1 &
	bp=$!
	if waitline $T/b.out '^armed' 30; then
		batch $bp >>$T/bpftrace; keep bpftrace
	else
		echo "cannot run: $(grep -v '^$' $T/b.out | tail -n 1)" >$T/bpftrace.why
	fi
	kill -INT $bp; wait $bp
}
pscript='BEGIN { printf("armed\n"); }
pid$target::*DBImpl*Put*:entry { self->ts = timestamp; }
pid$target::*DBImpl*Put*:return /self->ts/ {
	@[probefunc] = quantize(timestamp - self->ts); self->ts = 0; }'
bscript="BEGIN { printf(\"armed\\n\"); }
uprobe:$lib:*DBImpl*Put* { @s[tid] = nsecs; }
uretprobe:$lib:*DBImpl*Put* /@s[tid]/ {
	@[probe] = hist(nsecs - @s[tid]); delete(@s[tid]); }"
order=(untraced pidtrace pidrec pidoff bpftrace onecpu)
for r in $(seq $rounds); do
	rm -rf $T/db
	coproc NODE { exec node t/targets/leveldown-put.js $pre $T/db $batch 2>&1; }
	np=$NODE_PID
	read -r line <&${NODE[0]}
	case $line in ready*) ;; *) echo "node did not start: $line"; exit 1;; esac
	batch >/dev/null	# warm up
	# Rotate the order each round: no tool always runs first.
	for i in 0 1 2 3 4 5; do
		run_${order[(i + r) % 6]}
	done
	kill -TERM $np; wait $np
done
u=$(median <$T/untraced)
uc=$(get untraced.cpu)
printf 'leveldown puts/s, median of %s rounds of %s (load: %s)\n' $rounds $batch "$(load)"
echo "mode: puts/s, then CPU us a put (node's and the tracer's)"
for k in untraced pidtrace pidrec pidoff bpftrace onecpu; do
	v=$(get $k)
	c=$(get $k.cpu)
	printf '%-10s %8s' $k "$v"
	[ "$v" != - ] && awk -v v=$v -v u=$u 'BEGIN { printf "  (%.2f of untraced)", v / u }'
	printf '  %6s' "$c"
	[ "$c" != - ] && [ "$uc" != - ] &&
		awk -v c=$c -v u=$uc 'BEGIN { if (u > 0) printf " (%.2f of untraced)", c / u }'
	[ -s $T/$k.drops ] && printf '  drops %s' \
		"$(awk '{ n += $1 } END { print n }' $T/$k.drops)"
	[ -f $T/$k.why ] && printf '  %s' "$(cat $T/$k.why)"
	echo
done
v=$(get pidtrace)
[ "$v" != - ] && awk -v v=$v -v u=$u \
	'BEGIN { printf "pidtrace/untraced (goal >= 0.95) %.2f\n", v / u }'
# The same from each round's pair (one node process, batches close in
# time): the load moves single batches 2x, a round's pair less.
[ "$v" != - ] && printf 'pidtrace/untraced, median of the rounds'"'"' ratios %s\n' \
	"$(paste $T/untraced $T/pidtrace | awk '$1 != "-" && $2 != "-" && $1 > 0 {
		printf "%.3f\n", $2 / $1 }' | median)"
[ "$uc" != - ] && [ -s $T/pidtrace.cpu ] && awk -v u=$uc \
	-v c=$(median <$T/pidtrace.cpu) 'BEGIN { if (c > 0)
	printf "untraced/pidtrace, CPU a put %.2f\n", u / c }'
b=$(get bpftrace)
for k in pidtrace pidrec pidoff; do
	v=$(get $k)
	[ "$v" != - ] && [ "$b" != - ] &&
		awk -v k=$k -v v=$v -v b=$b 'BEGIN { printf "%s/bpftrace %.2f\n", k, v / b }'
done
exit 0
