#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/usdt-attach.sh [ROUNDS]: how long `pidtrace -p PID -n
# 'hotspot*:::'` takes on an idle JVM to print "matched N probes" (attach,
# read every mapped object's .note.stapsdt, libjvm's 532 among them,
# name each probe's function, parse the matched probes' arguments), against
# `readelf -n libjvm.so` (reads and prints the same notes, nothing else)
# and `bpftrace -l 'usdt:LIBJVM:*'` when bpftrace is installed;
# interleaved, median of ROUNDS (5).  Needs default-jdk-headless (javac).
set -u
cd "$(dirname "$0")/.."
rounds=${1:-5}
command -v javac >/dev/null || { echo "cannot run: javac not installed (default-jdk-headless)" >&2; exit 1; }
T=$(mktemp -d /tmp/usdt-attach.XXXXXX)
trap 'kill $jp 2>/dev/null; rm -rf $T' EXIT
cat >$T/Wait.java <<'JEOF'
public class Wait {
	public static void main(String[] a) throws Exception {
		System.out.println("ready");
		System.in.read();
	}
}
JEOF
javac -d $T $T/Wait.java || exit 1
mkfifo $T/in
java -cp $T Wait <$T/in >$T/out 2>&1 &
jp=$!
exec 3>$T/in
for i in $(seq 3000); do grep -q '^ready' $T/out && break; sleep 0.01; done
jvm=$(awk '/libjvm.so/ { print $6; exit }' /proc/$jp/maps)
[ -n "$jvm" ] || { echo "no libjvm.so mapped in $jp" >&2; exit 1; }
now() { date +%s%N; }
for r in $(seq $rounds); do
	t0=$(now)
	coproc PT { exec ./pidtrace -n 'hotspot*:::' -p $jp 2>&1; }
	read -r line <&${PT[0]}
	t1=$(now)
	kill -INT $PT_PID; wait $PT_PID 2>/dev/null
	echo $(((t1 - t0) / 1000)) >>$T/pidtrace
	case $line in *matched*) ;; *) echo "pidtrace: $line" >&2; exit 1;; esac
	t0=$(now); readelf -n $jvm >/dev/null; t1=$(now)
	echo $(((t1 - t0) / 1000)) >>$T/readelf
	if command -v bpftrace >/dev/null; then
		t0=$(now); bpftrace -l "usdt:$jvm:*" >/dev/null 2>&1; t1=$(now)
		echo $(((t1 - t0) / 1000)) >>$T/bpftrace
	fi
done
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
p=$(median <$T/pidtrace) e=$(median <$T/readelf)
printf 'median of %s (load: %s), %s notes in libjvm\n' $rounds \
    "$(cut -d' ' -f1-3 /proc/loadavg)" "$(readelf -n $jvm | grep -c 'Provider:')"
printf 'pidtrace -p to "%s"  %8.1f ms (goal < 500)\n' "$(echo $line | sed 's/.*\(matched.*\)/\1/')" $(echo "$p / 1000" | bc -l)
printf 'readelf -n libjvm.so           %8.1f ms   pidtrace/readelf %6.2f\n' \
    $(echo "$e / 1000" | bc -l) $(echo "$p / $e" | bc -l)
if [ -s $T/bpftrace ]; then
	b=$(median <$T/bpftrace)
	printf 'bpftrace -l usdt:libjvm.so:*   %8.1f ms   pidtrace/bpftrace %5.2f\n' \
	    $(echo "$b / 1000" | bc -l) $(echo "$p / $b" | bc -l)
fi
