#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/syscall.sh: what a syscall costs the target under the syscall
# provider, against strace and perf trace (or bpftrace), same target,
# same run; and what it costs when only pid probes are enabled (nothing
# extra: the threads are not stopped at syscalls).  Run by hand after
# make:  bench/syscall.sh [CALLS]
#
# bench/sysloop makes CALLS getppid(2) calls and times them itself.
# Prints ns per call for each, the overhead over untraced, and the
# ratio of each peer's overhead to pidtrace's.
set -u
cd "$(dirname "$0")/.."
n=${1:-100000}
L=bench/sysloop
[ -x $L ] && [ -x ./pidtrace ] || { echo "make first" >&2; exit 1; }
D='syscall:::entry { @[probefunc] = count(); }'

ns() { sed -n 's/^\([0-9.]*\) ns\/call$/\1/p' "$1" | tail -1; }
run() {	# name command...: the target's own ns/call under command
	_name=$1; shift
	"$@" >"/tmp/sysbench.$$" 2>/dev/null
	eval "r_$_name=\$(ns /tmp/sysbench.$$)"
}

run untraced $L "$n"
run pidonly ./pidtrace -q -n 'pid$target::never:entry { @ = count(); }' \
    -c "$L $n"
run pidtrace ./pidtrace -q -n "$D" -c "$L $n"
run strace strace -c -f -o /dev/null $L "$n"
peer=
if perf trace -s -o /dev/null true >/dev/null 2>&1; then
	run perf perf trace -s -o /dev/null $L "$n"
	peer=perf
elif command -v bpftrace >/dev/null &&
    bpftrace -e 'BEGIN { exit(); }' >/dev/null 2>&1; then
	run bpftrace bpftrace -e 'tracepoint:raw_syscalls:sys_enter
	    /pid == cpid/ { @[args->id] = count(); }' -c "$L $n"
	peer=bpftrace
fi
rm -f /tmp/sysbench.$$

awk -v n="$n" -v u="$r_untraced" -v po="$r_pidonly" -v p="$r_pidtrace" \
    -v s="$r_strace" -v peer="$peer" -v q="${r_perf:-${r_bpftrace:-0}}" '
function over(x) { return x - u }
BEGIN {
	printf "%d getppid() calls, ns per call as the target times them\n", n
	printf "untraced              %9.1f\n", u
	printf "pid probe only        %9.1f  (%+.1f: %.2fx untraced)\n", po, over(po), po / u
	printf "pidtrace syscall:::   %9.1f  (+%.1f)\n", p, over(p)
	printf "strace -c -f          %9.1f  (+%.1f)  strace/pidtrace overhead %.2f\n", s, over(s), over(s) / over(p)
	if (peer != "")
		printf "%-21s %9.1f  (+%.1f)  %s/pidtrace overhead %.2f\n", peer, q, over(q), peer, over(q) / over(p)
}'
