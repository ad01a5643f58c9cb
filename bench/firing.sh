#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/firing.sh: the cost of one firing of the tracer, run by hand after
# `make check` built the targets:  bench/firing.sh [CALLS]
#
# tr-counter calls work() CALLS times (200000) untraced, then under
# t/tracer/trdrive with a site on work's entry, then under pidtrace with
# a count() on it.  Prints microseconds per firing for each and, with
# strace, the tracer's syscalls per firing (the floor with ptrace is 4:
# waitpid, GETREGS, SETREGS, CONT).
set -u
cd "$(dirname "$0")/.."
n=${1:-200000}
C=t/targets/tr-counter
[ -x $C ] && [ -x t/tracer/trdrive ] || { echo "make check first" >&2; exit 1; }
site="-s work=$(nm $C | awk '$3 == "work" { print $1 }')"
now() { date +%s%N; }

t0=$(now); printf 'go %s 1\n' "$n" | $C >/dev/null; t1=$(now)
base=$((t1 - t0))
t0=$(now); printf 'go %s 1\n' "$n" | t/tracer/trdrive $site -c $C >/dev/null 2>&1; t1=$(now)
drv=$((t1 - t0))
t0=$(now); printf 'go %s 1\n' "$n" | ./pidtrace -q -n 'pid$target::work:entry { @ = count(); }' -c $C >/dev/null 2>&1; t1=$(now)
pt=$((t1 - t0))
awk -v n="$n" -v b="$base" -v d="$drv" -v p="$pt" 'BEGIN {
	printf "untraced      %8.3f us/call\n", b / n / 1000
	printf "trdrive       %8.3f us/firing (%.0fx the call)\n", (d - b) / n / 1000, (d - b) / (b > 0 ? b : 1)
	printf "pidtrace      %8.3f us/firing (with D count())\n", (p - b) / n / 1000
}'
if command -v strace >/dev/null; then
	printf 'go %s 1\n' "$n" | strace -c -o /tmp/firing.$$ t/tracer/trdrive $site -c $C >/dev/null 2>&1
	awk -v n="$n" '$NF == "total" { printf "syscalls      %8.2f per firing (floor 4)\n", $(NF-2) / n }
		$NF == "total" && NF == 5 { printf "syscalls      %8.2f per firing (floor 4)\n", $(NF-1) / n }' /tmp/firing.$$ | head -1
	rm -f /tmp/firing.$$
fi
