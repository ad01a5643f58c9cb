#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A JVM's JIT frames in a container, named from the container's perf
# map.  HotSpot writes /tmp/perf-N.map (N its own pid) when asked with
# `jcmd PID Compiler.perfmap` (OpenJDK 17 and later: no agent needed;
# Debian packages no perf-map agent).  Hot runs in a container (its own
# mount and PID namespaces, a tmpfs root holding the JDK, chroot); jcmd
# from the host asks it for its map, which lands in the container's
# /tmp.  Asserts, attached by the host pid: most profile-97 samples of
# ustack() have their leaf frame named "long Hot.hotLoop(long)" (Hot
# spends nearly all its time there), a name only that map holds.  Skips
# without java, javac and jcmd (Debian package default-jdk-headless).
. "$top_srcdir/t/containers/ctlib.sh"
ct_need
JAVA=$(command -v java) && JAVAC=$(command -v javac) &&
	JCMD=$(command -v jcmd) ||
	skip "needs java, javac and jcmd (Debian package default-jdk-headless)"
JDK=$(dirname "$(dirname "$(readlink -f "$JAVA")")")
[ -x "$JDK/bin/java" ] || skip "no JDK folder found for $JAVA"

bounded 120 "$JAVAC" -d "$T/stage/app" "$top_srcdir/t/targets/Hot.java" ||
	fail "javac"
ct_copy "$T/stage" "$JDK/bin/java" "$JDK/lib/server/libjvm.so"
# the JDK as it is (its own libraries find each other by path)
mkdir -p "$T/stage$JDK"
cp -RL "$JDK/bin" "$JDK/lib" "$JDK/conf" "$T/stage$JDK/" 2>/dev/null ||
	cp -R "$JDK/." "$T/stage$JDK/" || fail "cannot copy $JDK"
mkfifo "$T/in"
: >"$T/started"	# the host's /tmp may hold another process's old map
ct_start _c 180 "$T/stage" "$T/in" "$T/out" -- \
    "$JDK/bin/java" -Xshare:off -cp /app Hot 60
exec 3>"$T/in"
wait_for "$T/out" '^ready' 120
TP=$(ct_target "$_c") || fail "no target pid"
ns=$(sed -n 's/^NStgid:.*[[:space:]]\([0-9][0-9]*\)$/\1/p' "/proc/$TP/status")
say "java: host pid $TP, its own pid $ns"
[ -n "$ns" ] && [ "$ns" != "$TP" ] || fail "not in a PID namespace"
# Let hotLoop be compiled, then ask for the map (a handshake: retry
# until it names hotLoop)
n=0
until grep -q 'Hot.hotLoop' "/proc/$TP/root/tmp/perf-$ns.map" 2>/dev/null; do
	n=$((n + 1))
	[ $n -lt 60 ] || fail "no Hot.hotLoop in the container's perf-$ns.map"
	bounded 60 "$JCMD" "$TP" Compiler.perfmap >"$T/jcmd" 2>&1 3>&- ||
		fail "jcmd: $(cat "$T/jcmd")"
	grep -q 'Hot.hotLoop' "/proc/$TP/root/tmp/perf-$ns.map" 2>/dev/null ||
		sleep 0.5
done
[ -n "$(find /tmp -maxdepth 1 -name "perf-$TP.map" -newer "$T/started")" ] &&
	fail "/tmp/perf-$TP.map was written on the host"

bounded 60 "$PIDTRACE" -q -x stackfmt=folded -n '
    profile-97 { @[ustack(1)] = count(); }
    tick-2s { exit(0); }' -p "$TP" >"$T/p" 2>"$T/e" 3>&- ||
	fail "pidtrace: $(cat "$T/e")"
cat "$T/p"
total=$(grep ' [0-9][0-9]*$' "$T/p" | awk '{ n += $NF } END { print n + 0 }')
hot=$(grep -F 'long Hot.hotLoop(long) ' "$T/p" | awk '{ n += $NF } END { print n + 0 }')
say "samples: $total, in Hot.hotLoop: $hot"
[ "$total" -gt 0 ] || fail "no samples"
[ $((hot * 2)) -gt "$total" ] || fail "hotLoop has not most samples"
exit 0
