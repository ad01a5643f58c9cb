#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/fastpath.sh [ROUNDS]: what entry+return+quantize costs per call
# of a small function whose first instruction is push %rbp (work_push of
# bench/work: the kernel emulates it, so bpftrace's uprobes are at their
# best), under pidtrace (-x fastpath=on, then -x fastpath=off), bpftrace
# (uprobe/uretprobe, hist of nsecs deltas), uftrace (record -P: patched
# in the process, no recompilation, libcalls off) and untraced.  Prints
# microseconds per call (bench/work's own loop timing, median of the
# rounds, tools interleaved) and the ratios the fast path aims at:
# bpftrace / pidtrace (goal >= 3) and pidtrace / uftrace.  Beside each
# figure, the records its tool said it dropped, summed over the rounds
# (pidtrace's "N drops" lines, bpftrace's "Lost N events"): a figure
# measured while records were dropped times less work than the calls
# made.  The header says the date, the load and the command.  Run by hand
# after `make`.
#	NPID (20000): calls under pidtrace; NFAST (500000): the others
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
top=$PWD
W=$top/bench/work P=$top/pidtrace
for x in $W $P; do
	[ -x $x ] || { echo "bench/fastpath.sh: $x missing: make first" >&2; exit 1; }
done
rounds=${1:-3} np=${NPID:-20000} nf=${NFAST:-500000}
T=$(mktemp -d /tmp/fastpath.XXXXXX)
trap 'rm -rf $T' EXIT
ulimit -l 8192 2>/dev/null
# us NAME CMD...: run CMD (which runs bench/work), keep its us/call.
us() {
	local name=$1 out; shift
	out=$(cd $T && timeout 300 "$@" 2>$T/err | grep -o 'us/call [0-9.]*' | awk '{ print $2 }')
	# the drops this run's tool reported on stderr
	awk '/^pidtrace: [0-9]+ drops/ { n += $2 }
	    /Lost [0-9]+ events/ { for (i = 1; i < NF; i++)
		if ($i == "Lost") n += $(i + 1) }
	    END { print n + 0 }' $T/err >>$T/$name.drops
	if [ -n "$out" ]; then
		echo "$out" >>$T/$name
	else
		echo "cannot run: $(grep -v '^$' $T/err | tail -n 1)" >$T/$name.why
	fi
}
D='pid$target::work_push:entry { self->ts = timestamp; }
pid$target::work_push:return /self->ts/ {
	@ = quantize(timestamp - self->ts); self->ts = 0; }'
B="uprobe:$W:work_push { @s[tid] = nsecs; }
uretprobe:$W:work_push /@s[tid]/ {
	@ = hist(nsecs - @s[tid]); delete(@s[tid]); }"
for r in $(seq $rounds); do
	us untraced $W push $nf
	us pid $P -x fastpath=on -q -n "$D" -c "$W push $np"
	us pidoff $P -x fastpath=off -q -n "$D" -c "$W push $np"
	if command -v bpftrace >/dev/null; then
		us bpf bpftrace -e "$B" -c "$W push $nf"
	else
		echo "cannot run: bpftrace not installed" >$T/bpf.why
	fi
	if command -v uftrace >/dev/null; then
		us uftrace uftrace record --no-libcall -d $T/uftrace.data \
			-P work_push $W push $nf
	else
		echo "cannot run: uftrace not installed" >$T/uftrace.why
	fi
done
echo "bench/fastpath.sh $rounds (NPID=$np NFAST=$nf), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs"
printf 'work_push (push %%rbp first), us per call, median of %s rounds (load: %s)\n' \
	$rounds "$(load)"
printf '%-34s %10s  %s\n' "" "us/call" "drops (all rounds)"
for k in untraced pid pidoff bpf uftrace; do
	case $k in
	untraced) l="untraced" ;;
	pid) l="pidtrace, entry+return+quantize" ;;
	pidoff) l="pidtrace -x fastpath=off" ;;
	bpf) l="bpftrace uprobes, e+r+hist" ;;
	uftrace) l="uftrace record -P" ;;
	esac
	v=$(get $k)
	d=-
	[ -s $T/$k.drops ] && d=$(awk '{ n += $1 } END { print n }' $T/$k.drops)
	printf '%-34s %10s  %s' "$l" "$v" "$d"
	[ "$v" = - ] && [ -f $T/$k.why ] && printf '  %s' "$(cat $T/$k.why)"
	echo
done
ratio() { # label num den
	awk -v l="$1" -v a=$(get $2) -v b=$(get $3) 'BEGIN {
		if (a == "-" || b == "-" || b == 0) printf "%-34s %10s\n", l, "-"
		else printf "%-34s %10.2f\n", l, a / b }'
}
echo "ratios"
ratio "bpftrace/pidtrace (goal >= 3)" bpf pid
ratio "pidtrace/uftrace" pid uftrace
ratio "pidtrace off/default" pidoff pid
ratio "pidtrace/untraced" pid untraced
