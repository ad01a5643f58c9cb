#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/pidnm.sh [FILE]: pidnm -C against binutils nm -C on FILE
# (default /usr/bin/node), in the same run.  Checks that the outputs are
# identical, then prints the median wall time of 5 runs of each (output
# to /dev/null), their user+system CPU time, peak RSS and the ratios.
# Run by hand after a build: bench/pidnm.sh   (never run by make check)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pidnm=${PIDNM:-$top/pidnm}
file=${1:-/usr/bin/node}
runs=${RUNS:-5}
export LC_ALL=C

[ -x "$pidnm" ] || { echo "bench: build pidnm first ($pidnm)" >&2; exit 1; }
command -v nm >/dev/null || { echo "bench: nm (binutils) not found" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time (package time) not found" >&2; exit 1; }
[ -f "$file" ] || { echo "bench: $file: No such file" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nm -C "$file" >"$tmp/nm.out" 2>&1
"$pidnm" -C "$file" >"$tmp/pidnm.out" 2>&1
sed -i 's/^pidnm: /nm: /' "$tmp/pidnm.out"
if ! cmp -s "$tmp/nm.out" "$tmp/pidnm.out"; then
	echo "bench: outputs differ:" >&2
	diff "$tmp/nm.out" "$tmp/pidnm.out" | head -n 10 >&2
	exit 1
fi
echo "outputs identical: $(wc -l <"$tmp/nm.out") lines of nm -C $file"

# measure NAME CMD...: "wall cpu rss" lines, one per run, alternating
# with the other tool's runs so that both see the same machine.
measure()
{
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$@" >/dev/null 2>&1
	awk '{ printf "%.3f %.3f %d\n", $1, $2 + $3, $4 }' "$tmp/t"
}
: >"$tmp/nm.t"
: >"$tmp/pidnm.t"
for _ in $(seq "$runs"); do
	measure nm -C "$file" >>"$tmp/nm.t"
	measure "$pidnm" -C "$file" >>"$tmp/pidnm.t"
done
median()	# FILE COLUMN
{
	sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}
nw=$(median "$tmp/nm.t" 1); pw=$(median "$tmp/pidnm.t" 1)
nc=$(median "$tmp/nm.t" 2); pc=$(median "$tmp/pidnm.t" 2)
nr=$(median "$tmp/nm.t" 3); pr=$(median "$tmp/pidnm.t" 3)
printf '%-10s %10s %10s %12s\n' tool "wall s" "cpu s" "peak RSS KB"
printf '%-10s %10s %10s %12s\n' "nm -C" "$nw" "$nc" "$nr"
printf '%-10s %10s %10s %12s\n' "pidnm -C" "$pw" "$pc" "$pr"
awk -v a="$nw" -v b="$pw" -v c="$nc" -v d="$pc" -v e="$nr" -v f="$pr" 'BEGIN {
	printf "ratio nm/pidnm: wall %.2fx, cpu %.2fx, RSS %.2fx\n",
	    (b > 0 ? a / b : 0), (d > 0 ? c / d : 0), (f > 0 ? e / f : 0) }'
