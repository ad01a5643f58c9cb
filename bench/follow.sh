#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/follow.sh [N [ROUNDS]]: what following children costs a
# fork-heavy workload: bash running /bin/true N times (60), each a
# fork and an exec, timed whole (wall seconds, median of ROUNDS (3),
# tools interleaved) untraced, under strace -f -c (the peer: it follows
# every child too), and under pidtrace -x follow with a syscall probe
# (each child's syscalls stopped, as strace does) and with a pid probe
# on malloc in every process (each child armed: its files' symbols,
# where its code may land, the fast path's memfd and ring), fast path
# on and off, and with a 1 MB ring (-x bufsize=1m) against the 16 MB
# one each process gets.  Prints wall seconds, the ratio to untraced and
# to strace, per child the time above untraced, and the CPU seconds of
# tool and workload together (less noisy on a loaded machine than the
# wall time); beside each, the drops and the
# children not traced that pidtrace reported (summed over the rounds):
# a figure with drops did less work than the workload made.  The
# header says the date, the load and the command.  Run by hand after
# `make`.
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
P=${PIDTRACE:-$PWD/pidtrace}	# PIDTRACE=path: another build
[ -x "$P" ] || { echo "bench/follow.sh: make first" >&2; exit 1; }
command -v strace >/dev/null ||
    { echo "bench/follow.sh: strace not installed" >&2; exit 1; }
n=${1:-60} rounds=${2:-3}
T=$(mktemp -d /tmp/follow-bench.XXXXXX)
trap 'rm -rf "$T"' EXIT
W="i=0; while [ \$i -lt $n ]; do /bin/true; i=\$((i + 1)); done"
SC='syscall:::entry { @ = count(); }'
PC='pid*::malloc:entry { @ = count(); }'
# run NAME CMD...: CMD's wall seconds to $T/NAME, its CPU seconds
# (the tool's and the workload's, user and system) to $T/NAME.cpu, its
# drops and children not traced to $T/NAME.lost
run() {
	local name=$1 TIMEFORMAT='%R %U %S'; shift
	{ time timeout -k 5 600 "$@" >/dev/null 2>"$T/err"; } 2>"$T/time"
	awk '{ print $1 }' "$T/time" >>"$T/$name"
	awk '{ print $2 + $3 }' "$T/time" >>"$T/$name.cpu"
	awk '/^pidtrace: .*[0-9]+ drops/ { for (i = 1; i < NF; i++)
		if ($(i + 1) == "drops") d += $i }
	    /is not traced/ { c++ }
	    END { print d + 0, c + 0 }' "$T/err" >>"$T/$name.lost"
}
echo "# $(date -u '+%F %T') UTC, load $(load)," \
    "$(nproc) CPUs: bench/follow.sh $n $rounds"
for r in $(seq "$rounds"); do
	run untraced bash -c "$W"
	run strace strace -f -c -o /dev/null bash -c "$W"
	run sys "$P" -q -x follow -n "$SC" -c "bash -c '$W'"
	run pid "$P" -q -x follow -n "$PC" -c "bash -c '$W'"
	run pid1m "$P" -q -x follow -x bufsize=1m -n "$PC" \
	    -c "bash -c '$W'"
	run pidoff "$P" -q -x follow -x fastpath=off -n "$PC" \
	    -c "bash -c '$W'"
done
u=$(median <"$T/untraced") s=$(median <"$T/strace")
printf '%d children (bash running /bin/true), wall seconds, median of %d\n' \
    "$n" "$rounds"
printf '%-34s %8s %9s %9s %11s %8s %6s %9s\n' "" seconds /untraced \
    /strace "ms/child+" "CPU s" drops untraced
for name in untraced strace sys pid pid1m pidoff; do
	case $name in
	untraced) what="untraced";;
	strace) what="strace -f -c";;
	sys) what="pidtrace -x follow syscall:::";;
	pid) what="pidtrace -x follow pid*::malloc";;
	pid1m) what="  the same, -x bufsize=1m";;
	pidoff) what="  the same, -x fastpath=off";;
	esac
	v=$(median <"$T/$name") cpu=$(median <"$T/$name.cpu")
	awk -v w="$what" -v v="$v" -v u="$u" -v s="$s" -v n="$n" \
	    -v cpu="$cpu" '
	    { d += $1; c += $2 }
	    END { printf "%-34s %8.3f %9.2f %9.2f %11.2f %8.2f %6d %9d\n",
		w, v, v / u, v / s, (v - u) * 1000 / n, cpu, d, c }' \
	    "$T/$name.lost"
done
