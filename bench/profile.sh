#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/profile.sh [ROUNDS] [SECONDS]: what sampling costs a CPU-bound
# target.  t/targets/pf-threads runs 4 threads for SECONDS (3) of wall
# time and counts its loops; each round runs it unsampled, under
# `pidtrace -n 'profile-99 { @[ustack()] = count(); }'`, and under
# `perf record -F 99 -g` when perf may run; interleaved, ROUNDS (3).
# Prints each run's work, the median ratio sampled/unsampled for pidtrace
# and perf, and the cost of one ustack() (walk and naming), measured
# in D with walltimestamp around it.  Build first: make t/targets/pf-threads
set -u
cd "$(dirname "$0")/.."
rounds=${1:-3}
secs=${2:-3}
tgt=t/targets/pf-threads
[ -x $tgt ] || { echo "cannot run: build $tgt (make $tgt)" >&2; exit 1; }
T=$(mktemp -d /tmp/profbench.XXXXXX)
trap 'rm -rf $T' EXIT
work() { sed -n 's/^work=//p' "$1"; }
perf_ok=0
if command -v perf >/dev/null &&
    perf record -F 99 -g -o $T/perf.data -- true >/dev/null 2>&1; then
	perf_ok=1
fi
for r in $(seq $rounds); do
	$tgt 4 $secs >$T/bare
	./pidtrace -q -n 'profile-99 { @[ustack()] = count(); }' \
	    -c "$tgt 4 $secs" >$T/pt 2>&1
	b=$(work $T/bare); p=$(work $T/pt)
	line="round $r: unsampled $b pidtrace $p"
	echo "$p $b" | awk '{ printf "%.4f\n", $1 / $2 }' >>$T/r_pt
	if [ $perf_ok = 1 ]; then
		perf record -q -F 99 -g -o $T/perf.data -- $tgt 4 $secs \
		    >$T/pf 2>/dev/null
		f=$(work $T/pf)
		line="$line perf $f"
		echo "$f $b" | awk '{ printf "%.4f\n", $1 / $2 }' >>$T/r_pf
	fi
	echo "$line"
done
med() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "pidtrace profile-99 + ustack(): work kept $(med $T/r_pt) of unsampled (median)"
[ $perf_ok = 1 ] && echo "perf record -F 99 -g:          work kept $(med $T/r_pf) of unsampled (median)"
[ $perf_ok = 1 ] || echo "perf: cannot run here (perf_event_paranoid?)"
# One ustack(): walltimestamp is read anew at each use.
./pidtrace -q -n 'profile-99 { this->t = walltimestamp; this->s = ustack();
    @ns["ustack() ns, mean"] = avg(walltimestamp - this->t);
    @q["ustack() ns"] = quantize(walltimestamp - this->t); }' \
    -c "$tgt 4 $secs" 2>&1 | grep -v '^work=\|^ready'
