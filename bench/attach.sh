#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/attach.sh [ROUNDS]: how long `pidtrace -p PID -n
# 'pid$target::*DBImpl*Put*:entry'` takes on a node process with leveldown
# loaded to print "matched N probes" (attach, read every module's
# symbols, demangle, match), against `nm -C node | grep Put`, which reads
# one of those files; interleaved, median of ROUNDS (5).  Then pidtrace's
# peak RSS with 159 probes armed in node.  Needs leveldown
# under t/node (t/lib.sh's need_leveldown, or bench/overhead -l).
set -u
cd "$(dirname "$0")/.."
top=$PWD
rounds=${1:-5}
# PIDTRACE=/path/to/pidtrace compares another build (e.g. main's).
pt=${PIDTRACE:-./pidtrace}
pre=$top/t/node
[ -d $pre/node_modules/leveldown ] || { echo "cannot run: leveldown not installed under t/node" >&2; exit 1; }
T=$(mktemp -d /tmp/attach.XXXXXX)
trap 'kill $np 2>/dev/null; rm -rf $T' EXIT
node t/targets/leveldown-put.js $pre $T/db 100 >$T/out 2>&1 &
np=$!
for i in $(seq 2000); do grep -q '^ready' $T/out && break; sleep 0.01; done
now() { date +%s%N; }
node=$(command -v node)
for r in $(seq $rounds); do
	# Time to the "matched" line, then stop it (SIGINT: clean detach).
	t0=$(now)
	coproc PT { exec $pt -n 'pid$target::*DBImpl*Put*:entry' -p $np 2>&1; }
	read -r line <&${PT[0]}
	t1=$(now)
	kill -INT $PT_PID; wait $PT_PID 2>/dev/null
	echo $(((t1 - t0) / 1000)) >>$T/pidtrace
	case $line in *matched*) ;; *) echo "pidtrace: $line" >&2; exit 1;; esac
	t0=$(now); nm -C $node | grep Put >/dev/null; t1=$(now)
	echo $(((t1 - t0) / 1000)) >>$T/nm
done
# Memory: pidtrace's peak RSS with 159 probes armed (40 *DBImpl* in
# leveldown, 119 f* in libc; the empty module reads node's 100k symbols)
# while a batch of puts fires them.
coproc PT { exec $pt -q -n 'BEGIN { printf("armed\n"); }
    pid$target::*DBImpl*:entry, pid$target:libc.so.6:f*:entry
    { @[probefunc] = count(); }' -p $np 2>&1; }
read -r armed <&${PT[0]}
kill -USR1 $np
for i in $(seq 3000); do grep -q '^done' $T/out && break; sleep 0.01; done
hwm=$(awk '/VmHWM/ { print $2 }' /proc/$PT_PID/status)
kill -INT $PT_PID; wait $PT_PID 2>/dev/null
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
p=$(median <$T/pidtrace) n=$(median <$T/nm)
printf 'median of %s (load: %s)\n' $rounds "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'pidtrace -p to "%s"  %8.1f ms\n' "$(echo $line | sed 's/.*\(matched.*\)/\1/')" $(echo "$p / 1000" | bc -l)
printf 'nm -C node | grep Put        %8.1f ms\n' $(echo "$n / 1000" | bc -l)
awk -v p=$p -v n=$n 'BEGIN { printf "pidtrace/nm                  %8.2f (goal < 1, and < 500 ms)\n", p / n }'
printf 'pidtrace peak RSS, 159 probes %6.1f MB (goal < 64)\n' $(echo "$hwm / 1024" | bc -l)
