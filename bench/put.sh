#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/put.sh [ROUNDS]: the README's put.d (two copyin()s of a slice,
# then copyinstr() of the key the slice points at, printed) per traced
# call, in one run: pidtrace with its default options (-x
# memread=check: the bytes read in the thread at the firing by loads,
# each page outside the firing's frame asked of the kernel first by a
# system call that changes nothing; the clause run by pidtrace from the
# record), then each other way of reading: -x memread=load (loads, no
# question), -x memread=syscall (process_vm_readv a read outside the
# firing's frame), pidtrace -x fastpath=off (the thread stopped while
# pidtrace reads), and bpftrace's uprobes with str() (the same reads,
# in the kernel).  The
# target is t/targets/ip-burst put: one thread calling ip_str(s, len,
# &slice) N times, as leveldb's Put gets its key (the slice in the
# caller's frame, the key's bytes on the heap); each tool attaches
# with -p while it waits at its "ready", its output goes to a file.
# CPU is read from /proc (utime + stime) of the target and of the tool
# (the target waits after its work); the drops each tool reported are
# printed beside.  Prints per tool: the target's CPU and wall time per
# call, the tool's CPU per call, both less the untraced target's, the
# drops, and the ratios of each to the default per call (target CPU
# and total), pidtrace's goal being 1 us a call.
# A paced run (PACE="B U", 500 2000 by default; PACE=0: none) has the
# target sleep U us after every B calls, so pidtrace keeps up with
# the default and the total per call is measured with no drops (its
# wall time counts the sleeps: not shown).
#	N (200000): calls under pidtrace; NSLOW (5000): under -x
#	fastpath=off (a ptrace stop a call: 20-250 us); NBPF (50000):
#	under bpftrace; NOBPF=1: without bpftrace (where it cannot
#	attach, and waits); BUFSIZE: pidtrace's -x bufsize (a thread
#	that reads by loads outruns pidtrace's 0.7 us a record: the
#	ring fills and drops, and a figure with drops is no figure)
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
top=$PWD
B=$top/t/targets/ip-burst P=$top/pidtrace
for x in $B $P; do
	[ -x $x ] || { echo "bench/put.sh: $x missing: make check TESTS= first" >&2; exit 1; }
done
rounds=${1:-3} n=${N:-200000} ns=${NSLOW:-5000} nb=${NBPF:-50000}
pace=${PACE-500 2000}
[ "$pace" = 0 ] && pace=
paced=	# the pace of the next start, if any
T=$(mktemp -d /tmp/put.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf $T' EXIT
# start CALLS: ip-burst put CALLS (paced by $paced), waiting at its
# "ready"; sets TP.
start() { fifo_start $B put $1 $paced; }
# finish NAME CALLS TOOLPID: let the target go; at its "done" read the
# CPUs and the wall time; stop the tool (SIGINT); keep "tool target
# calls drops wall" in NAME.
finish() {
	local name=$1 calls=$2 tp=$3 tc pc p0=0 w0 w1
	[ -n "$tp" ] && p0=$(tcpu $tp)
	w0=$(now)
	echo go >&3
	waitline $T/t.out '^done' || { echo "cannot run: no done" >$T/$name.why; return; }
	w1=$(now)
	tc=$(cpu $TP)
	pc=$( [ -n "$tp" ] && tcpu $tp || echo 0)
	[ -n "$tp" ] && { kill -INT $tp; wait $tp; }
	exec 3>&-; wait $TP
	drops=$(dropsum $T/p.err)
	lines=$(grep -c '^put key' $T/p.out 2>/dev/null)
	echo "$((pc - p0)) $tc $calls ${drops:-0} $((w1 - w0)) ${lines:-0}" >>$T/$name
}
untraced() {
	start $1
	finish untraced$2 $1 ""
}
cat >$T/put.d <<'EOF'
#pragma D option quiet
struct slice { uintptr_t data; size_t size; };

BEGIN
{
	printf("armed\n");
}

pid$target::ip_str:entry
{
	this->k = (struct slice *)copyin(arg2, sizeof (struct slice));
	this->v = (struct slice *)copyin(arg2, sizeof (struct slice));
	printf("put %s value %d bytes\n",
	    copyinstr(this->k->data, this->k->size), this->v->size);
}
EOF
# pid NAME MODE CALLS [FLAGS...]
pid() {
	local name=$1 mode=$2 calls=$3 pp
	shift 3
	start $calls
	$P -x fastpath=$mode "$@" -s $T/put.d -p $TP >$T/p.out 2>$T/p.err &
	pp=$!
	waitline $T/p.out '^armed' || { echo "cannot run: $(tail -n 1 $T/p.err)" >$T/$name.why; kill $pp; exec 3>&-; return; }
	finish $name $calls $pp
	grep -q 'stops the thread' $T/p.err && [ $mode = on ] &&
		echo "pidtrace stopped the thread: $(head -n 2 $T/p.err)" >$T/$name.note
}
bpf() {
	local bp
	if ! command -v bpftrace >/dev/null; then
		echo "cannot run: bpftrace not installed" >$T/bpf.why; return
	fi
	if [ "${NOBPF:-}" = 1 ]; then
		echo "not run (NOBPF=1)" >$T/bpf.why; return
	fi
	start $nb
	bpftrace -p $TP -e "struct slice { char *data; unsigned long size; }
BEGIN { printf(\"armed\\n\"); }
uprobe:$B:ip_str {
	\$k = (struct slice *)arg2; \$v = (struct slice *)arg2;
	printf(\"put %s value %d bytes\\n\", str(\$k->data, \$k->size), \$v->size); }" \
		>$T/p.out 2>$T/p.err &
	bp=$!
	waitline $T/p.out '^armed' || { echo "cannot run: $(tail -n 1 $T/p.err)" >$T/bpf.why; kill $bp; exec 3>&-; return; }
	finish bpf $nb $bp
}
for r in $(seq $rounds); do
	untraced $n ""
	pid on on $n ${BUFSIZE:+-x bufsize=$BUFSIZE}
	if [ -n "$pace" ]; then
		paced=$pace
		pid pace on $n ${BUFSIZE:+-x bufsize=$BUFSIZE}
		paced=
	fi
	pid load on $n -x memread=load ${BUFSIZE:+-x bufsize=$BUFSIZE}
	pid sys on $n -x memread=syscall ${BUFSIZE:+-x bufsize=$BUFSIZE}
	pid off off $ns
	bpf
done
echo "bench/put.sh $rounds (N=$n NSLOW=$ns NBPF=$nb), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load $(load)"
echo "ip-burst put: ip_str(key, len, &slice) x N, put.d's clause; CPU from /proc, median of $rounds rounds"
printf '%-36s %10s %10s %10s %10s %8s %8s\n' "" "target us" "wall us" "tool us" "total us" "lines" "drops"
u=$(awk '{ print $2 / $3 }' $T/untraced | median)
uw=$(awk '{ print $5 / $3 }' $T/untraced | median)
for k in on pace load sys off bpf; do
	case $k in
	on) l="pidtrace (default: memread=check)" ;;
	pace) [ -n "$pace" ] || continue
	    l="pidtrace (default), paced" ;;
	load) l="pidtrace -x memread=load" ;;
	sys) l="pidtrace -x memread=syscall" ;;
	off) l="pidtrace -x fastpath=off (NSLOW)" ;;
	bpf) l="bpftrace uprobe, str() (NBPF)" ;;
	esac
	if [ ! -s $T/$k ]; then
		printf '%-36s %s\n' "$l" "$(cat $T/$k.why 2>/dev/null || echo -)"
		continue
	fi
	# us per call: the target's CPU and wall, less untraced; the tool's
	tg=$(awk -v b=$u '{ print ($2 / $3 - b) / 1000 }' $T/$k | median)
	wl=$(awk -v b=$uw '{ print ($5 / $3 - b) / 1000 }' $T/$k | median)
	tl=$(awk '{ print $1 / $3 / 1000 }' $T/$k | median)
	tt=$(awk -v b=$u '{ print (($1 + $2) / $3 - b) / 1000 }' $T/$k | median)
	# a paced run's wall time counts its sleeps
	[ $k = pace ] && wl=- || wl=$(printf '%.3f' "$wl")
	printf '%-36s %10.3f %10s %10.3f %10.3f %8s %8s\n' "$l" "$tg" "$wl" \
		"$tl" "$tt" "$(awk '{ n += $6 } END { print n }' $T/$k)/$(awk '{ n += $3 } END { print n }' $T/$k)" \
		"$(awk '{ n += $4 } END { print n }' $T/$k)"
	echo "$tg $tt $wl" >$T/$k.pc
	[ -s $T/$k.note ] && cat $T/$k.note
done
echo "ratios (per call)"
for k in load sys off bpf; do
	[ -s $T/$k.pc ] && [ -s $T/on.pc ] || continue
	awk -v k=$k 'NR == FNR { a = $1; b = $2; c = $3; next }
	    function r(x, y) { return y > 0 ? sprintf("%.1f", x / y) : "-" }
	    { printf "%-44s target %s, total %s, wall %s\n", k " / default", r(a, $1), r(b, $2), r(c, $3) }' \
		$T/$k.pc $T/on.pc
done
# a total with drops counts pidtrace's CPU for the records it got only
goal() { awk -v d="$(awk '{ n += $4 } END { print n + 0 }' $T/$1)" -v l="$2" '{
	w = d + 0 > 0 ? ", " d " drops: not a figure" : ""
	printf("%-44s %.3f us (goal <= 1)%s\n", l, $2, w) }' $T/$1.pc; }
[ -s $T/on.pc ] && goal on "pidtrace default: total CPU per call"
[ -s $T/pace.pc ] && goal pace "pidtrace paced ($pace): total CPU per call"
exit 0
