#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/inproc.sh [ROUNDS]: D in the traced process against records and
# the peers, in one run.  t/targets/ip-burst: 8 threads, N calls each of
# a one-instruction function (`lea 1(%rdi),%rax; ret`), probed at entry
# and return:
#  - the burst: count() on entry and on return;
#  - the latency script: self->ts at entry, quantize of the difference
#    at return (the README's), on ip_push (the same work in a frame: the
#    prologue uftrace's -P patches and the kernel's uprobes emulate).
# Each under pidtrace -p with the default options (clauses in the
# process), -x fastpath=record (every clause in pidtrace from records),
# and, for the latency script, bpftrace's uprobes (-p, the same script
# in its words) and `uftrace record -P` (which launches the program:
# its figure is the total).  CPU is read from /proc (utime + stime) of
# the target and of the tool, the target waiting after its work; the
# drops each tool reported are printed beside: a figure whose tool
# dropped times less work than the calls made.  Prints, per tool, the
# tool's CPU, the target's CPU, ns of CPU per traced call (both, less
# the untraced target's), the drops, and the ratios the goals name:
# pidtrace's CPU / the target's in the burst (goal < 5%), ns per call
# of the latency script (goal <= 60), bpftrace/pidtrace.
#	N (1000000): calls a thread under pidtrace; NSLOW (20000): under
#	bpftrace (a uprobe traps into the kernel: 1-10 us)
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
top=$PWD
B=$top/t/targets/ip-burst P=$top/pidtrace
for x in $B $P; do
	[ -x $x ] || { echo "bench/inproc.sh: $x missing: make check TESTS= first" >&2; exit 1; }
done
rounds=${1:-3} n=${N:-1000000} ns=${NSLOW:-20000}
T=$(mktemp -d /tmp/inproc.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf $T' EXIT
# start CALLS [MODE]: ip-burst MODE (threads) 8 CALLS, waiting at its
# "ready"; sets TP.
start() { fifo_start $B ${2:-threads} 8 $1; }
# finish NAME CALLS TOOLPID: let the target go, at its "done" read both
# CPUs, stop the tool (SIGINT), keep "tool target calls drops toolrun"
# in NAME: toolrun is the tool's CPU from the go to the done, without
# its attach (for pidtrace: reading the symbol tables, arming).
finish() {
	local name=$1 calls=$2 tp=$3 tc pc p0=0
	[ -n "$tp" ] && p0=$(tcpu $tp)
	echo go >&3
	waitline $T/t.out '^done' || { echo "cannot run: no done" >$T/$name.why; return; }
	tc=$(cpu $TP)
	pc=$( [ -n "$tp" ] && tcpu $tp || echo 0)
	[ -n "$tp" ] && { kill -INT $tp; wait $tp; }
	exec 3>&-; wait $TP
	drops=$(dropsum $T/p.err)
	echo "$pc $tc $calls ${drops:-0} $((pc - p0))" >>$T/$name
}
# untraced CALLS SUFFIX MODE
untraced() {
	start $1 $3
	finish untraced$2 $((8 * $1)) ""
}
# pid NAME MODE D BURST: pidtrace -x fastpath=MODE -n D -p, on ip-burst
# BURST (threads: ip_one, push: ip_push).
pid() {
	local name=$1 mode=$2 d=$3 pp
	start $n $4
	$P -x fastpath=$mode -q -n "BEGIN { printf(\"armed\\n\"); } $d" \
		-p $TP >$T/p.out 2>$T/p.err &
	pp=$!
	waitline $T/p.out '^armed' || { echo "cannot run: $(tail -n 1 $T/p.err)" >$T/$name.why; kill $pp; exec 3>&-; return; }
	finish $name $((8 * n)) $pp
}
bpf() {
	local bp
	if ! command -v bpftrace >/dev/null; then
		echo "cannot run: bpftrace not installed" >$T/bpf.why; return
	fi
	start $ns push
	bpftrace -p $TP -e "BEGIN { printf(\"armed\\n\"); }
uprobe:$B:ip_push { @s[tid] = nsecs; }
uretprobe:$B:ip_push /@s[tid]/ { @ = hist(nsecs - @s[tid]); delete(@s[tid]); }" \
		>$T/p.out 2>$T/p.err &
	bp=$!
	waitline $T/p.out '^armed' || { echo "cannot run: $(tail -n 1 $T/p.err)" >$T/bpf.why; kill $bp; exec 3>&-; return; }
	finish bpf $((8 * ns)) $bp
}
uft() {
	local t0 t1
	if ! command -v uftrace >/dev/null; then
		echo "cannot run: uftrace not installed" >$T/uft.why; return
	fi
	# the whole run's CPU, uftrace and the program's (it launches it)
	rm -rf $T/uftrace.data
	/usr/bin/time -f '%U %S' -o $T/time uftrace record --no-libcall \
		-d $T/uftrace.data -P ip_push $B push 8 $n </dev/null \
		>/dev/null 2>$T/p.err
	awk -v c=$((8 * n)) '{ printf "0 %d %d 0\n", ($1 + $2) * 1e9, c }' \
		$T/time >>$T/uft
}
DC='pid$target::ip_one:entry { @e = count(); }
pid$target::ip_one:return { @r = count(); }'
DL='pid$target::ip_push:entry { self->ts = timestamp; }
pid$target::ip_push:return /self->ts/ {
	@ = quantize(timestamp - self->ts); self->ts = 0; }'
for r in $(seq $rounds); do
	untraced $n "" threads
	untraced $n p push
	untraced $ns s push
	pid cnt on "$DC" threads
	pid cntrec record "$DC" threads
	pid lat on "$DL" push
	pid latrec record "$DL" push
	bpf
	uft
done
# col NAME K: the median of column K of NAME's rounds
col() { [ -s $T/$1 ] && awk -v k=$2 '{ print $k }' $T/$1 | median || echo -; }
echo "bench/inproc.sh $rounds (N=$n NSLOW=$ns), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load $(load)"
echo "ip-burst: 8 threads x N calls of ip_one, entry + return; CPU from /proc, median of $rounds rounds"
printf '%-34s %8s %8s %9s %8s %9s\n' "" "tool ms" "its run" "target ms" "ns/call" "drops"
u=$(awk '{ print $2 / $3 }' $T/untraced | median)
up=$(awk '{ print $2 / $3 }' $T/untracedp | median)
us=$( [ -s $T/untraceds ] && awk '{ print $2 / $3 }' $T/untraceds | median || echo 0)
for k in untraced untracedp cnt cntrec lat latrec bpf uft; do
	case $k in
	untraced) l="untraced, ip_one" ;;
	untracedp) l="untraced, ip_push" ;;
	cnt) l="pidtrace, count(), in the process" ;;
	cntrec) l="pidtrace, count(), -x fastpath=record" ;;
	lat) l="pidtrace, latency, in the process" ;;
	latrec) l="pidtrace, latency, fastpath=record" ;;
	bpf) l="bpftrace uprobes, latency (NSLOW)" ;;
	uft) l="uftrace record -P (total CPU)" ;;
	esac
	if [ ! -s $T/$k ]; then
		printf '%-34s %s\n' "$l" "$(cat $T/$k.why 2>/dev/null || echo -)"
		continue
	fi
	case $k in
	bpf) base=$us ;;
	lat|latrec|uft) base=$up ;;
	*) base=$u ;;
	esac
	# ns of CPU per call, tool and target, less the untraced target's
	pc=$(awk -v b=$base '{ print ($1 + $2) / $3 - b }' $T/$k | median)
	[ $k = untraced ] && pc=$u
	[ $k = untracedp ] && pc=$up
	printf '%-34s %8.1f %8.1f %9.1f %8.1f %9s\n' "$l" \
		"$(col $k 1 | awk '{ print $1 / 1e6 }')" \
		"$(col $k 5 | awk '{ print $1 / 1e6 }')" \
		"$(col $k 2 | awk '{ print $1 / 1e6 }')" "$pc" \
		"$(awk '{ n += $4 } END { print n }' $T/$k)"
	echo "$pc" >$T/$k.pc
done
echo "ratios"
awk '{ print $5 / $2 }' $T/cnt | median | awk '{ printf "%-48s %.3f\n", "burst: pidtrace CPU in the run / target (goal < 0.05)", $1 }'
awk '{ print $1 / $2 }' $T/cnt | median | awk '{ printf "%-48s %.3f\n", "burst: with its attach / target", $1 }'
awk '{ print $5 / $2 }' $T/cntrec | median | awk '{ printf "%-48s %.3f\n", "burst, fastpath=record: in the run / target", $1 }'
printf '%-44s %s\n' "latency: ns of CPU per call (goal <= 60)" "$(cat $T/lat.pc 2>/dev/null || echo -)"
[ -s $T/bpf.pc ] && [ -s $T/lat.pc ] &&
	awk -v b=$(cat $T/bpf.pc) -v p=$(cat $T/lat.pc) 'BEGIN { printf "%-44s %.1f\n", "latency: bpftrace / pidtrace, per call", b / p }'
[ -s $T/uft.pc ] && [ -s $T/lat.pc ] &&
	awk -v b=$(cat $T/uft.pc) -v p=$(cat $T/lat.pc) 'BEGIN { printf "%-44s %.2f\n", "latency: uftrace / pidtrace, per call", b / p }'
exit 0
