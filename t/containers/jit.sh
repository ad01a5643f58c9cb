#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# JIT frames of a process in a container, named from the container's
# perf map.  node --perf-basic-prof runs pf-hot.js in a container (its
# own mount and PID namespaces, a tmpfs root, chroot): it writes
# /tmp/perf-N.map in the container's /tmp, N its pid there, which is
# not its host pid, and nothing on the host.  Asserts, attached by the
# host pid: with jstack(100, 8000) and with ustack() the stack with the
# most samples ends in hotLoop (pf-hot.js spends 10/11 of its time
# there), named "JS:*hotLoop /app/pf-hot.js..." as the container's map
# names it.  Skips when node is missing.
. "$top_srcdir/t/containers/ctlib.sh"
ct_need
NODE=$(command -v node) || skip "node is not installed"
NODE=$(readlink -f "$NODE")

mkdir -p "$T/stage/app" "$T/stage/usr/bin"
ct_copy "$T/stage" "$NODE"
cp "$NODE" "$T/stage/usr/bin/node"
cp "$top_srcdir/t/targets/pf-hot.js" "$T/stage/app/pf-hot.js"
mkfifo "$T/in"
: >"$T/before"
# node writes isolate-*-v8.log where it runs: in the container's /
ct_start _c 120 "$T/stage" "$T/in" "$T/out" -- \
    /usr/bin/node --perf-basic-prof /app/pf-hot.js 30
exec 3>"$T/in"
wait_for "$T/out" '^ready' 60
TP=$(ct_target "$_c") || fail "no target pid"
ns=$(sed -n 's/^NStgid:.*[[:space:]]\([0-9][0-9]*\)$/\1/p' "/proc/$TP/status")
say "node: host pid $TP, its own pid $ns"
[ -n "$ns" ] && [ "$ns" != "$TP" ] || fail "not in a PID namespace"
# A host file of that name may be an earlier process's (node leaves its
# map behind, and pids come round): what is asserted is that this node
# writes none.  So the file, if there, was last written before the
# container started (find's -newer compares to the nanosecond), and
# stays as it is (inode, size, mtime; "none" if absent) once node has
# written hotLoop into its own map.
hostmap()
{
	stat -c '%i %s %y' "/tmp/perf-$TP.map" 2>/dev/null || echo none
}
host_before=$(hostmap)
[ -z "$(find /tmp -maxdepth 1 -name "perf-$TP.map" -newer "$T/before")" ] ||
	fail "/tmp/perf-$TP.map was written on the host"
# node writes its map as it compiles: wait until hotLoop is in it
n=0
until grep -q 'hotLoop' "/proc/$TP/root/tmp/perf-$ns.map" 2>/dev/null; do
	n=$((n + 1))
	[ $n -lt 3000 ] || fail "no hotLoop in the container's perf-$ns.map"
	sleep 0.01
done
[ "$(hostmap)" = "$host_before" ] ||
	fail "/tmp/perf-$TP.map was written on the host"

# top FILE: the folded stack with the most samples
top()
{
	grep ';.* [0-9][0-9]*$' "$1" | awk '
	{ n = $NF; s = $0; sub(/ [0-9]+$/, "", s); c[s] += n }
	END { for (s in c) if (c[s] > best) { best = c[s]; top = s }
	      print top }'
}

for stack in 'jstack(100, 8000)' 'ustack()'; do
	say "== profile-97 { @[$stack] = count(); }"
	bounded 60 "$PIDTRACE" -q -x stackfmt=folded -n "
	    profile-97 { @[$stack] = count(); }
	    tick-2s { exit(0); }" -p "$TP" >"$T/p" 2>"$T/e" 3>&- ||
		fail "pidtrace: $(cat "$T/e")"
	t=$(top "$T/p")
	case $t in
	*'JS:'*'hotLoop /app/pf-hot.js'*) say "top stack ends ...${t: -60}" ;;
	*) fail "the top stack does not end in hotLoop: ...${t: -300}" ;;
	esac
done
exit 0
