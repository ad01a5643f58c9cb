#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/scale.sh [arm|run|all]: a probe on every function of node.
#
#   arm  a live idle node: `pid$target:node::entry { @ = count(); }
#        BEGIN { exit(0); }`, so the session arms every site and disarms
#        at once.  Wall and CPU time, pidtrace's peak RSS, the sites per
#        path, and whether the process's maps are identical before and
#        after; default path against -x fastpath=off.  Goals: 5 s,
#        150 MB, maps identical.
#   run  `node -e 'console.log(1+1)'` with every node function probed,
#        end to end, against the same command untraced and against
#        -x fastpath=off: wall time, firings counted (the two paths must
#        agree) and drops.  Goal: 10 s.
#
# One run each, in one go, so the ratios share the load (printed).
# PIDTRACE=/path/to/pidtrace measures another build (e.g. main's);
# SCALE_X='-x ...' adds options to every traced run.
set -u
cd "$(dirname "$0")/.."
what=${1:-all}
pt=${PIDTRACE:-$PWD/pidtrace}
node=$(command -v node) ||
	{ echo "cannot run: no node (apt-get install nodejs)" >&2; exit 1; }
[ -x /usr/bin/time ] ||
	{ echo "cannot run: no /usr/bin/time (apt-get install time)" >&2; exit 1; }
T=$(mktemp -d /tmp/scale.XXXXXX)
np=
trap 'kill $np 2>/dev/null; rm -rf $T' EXIT
load() { cut -d' ' -f1-3 /proc/loadavg; }
D='pid$target:node::entry { @ = count(); }'
# the notices worth a line in the figures: paths, reasons (a reason may
# hold a colon: "its clause uses: copyin"), leftovers
NOTES='probe sites|fell back|left mapped|drops|cannot trace|^pidtrace:   [0-9]+: '

# One arm and disarm on a fresh idle node: "wall user sys rssKB maps".
arm_once() {
	local tag=$1; shift
	# a file of its own: a second run must not read the first's "ready"
	# before its own node has truncated the file
	node -e 'console.log("ready " + process.pid);
	    setInterval(() => {}, 1e6);' >$T/idle.$tag 2>&1 &
	np=$!
	for i in $(seq 3000); do
		grep -qx "ready $np" $T/idle.$tag && break
		kill -0 $np 2>/dev/null || break
		sleep 0.01
	done
	grep -qx "ready $np" $T/idle.$tag ||
	    { echo "cannot run: node is not ready: $(cat $T/idle.$tag)" >&2
	      exit 1; }
	cp /proc/$np/maps $T/maps.before
	/usr/bin/time -f '%e %U %S %M' -o $T/time.$tag \
	    $pt "$@" ${SCALE_X:-} -v -p $np -n "$D BEGIN { exit(0); }" \
	    >$T/out.$tag 2>$T/err.$tag
	# a copy: cmp takes /proc's size of 0 for the file's and differs
	cp /proc/$np/maps $T/maps.after
	if cmp -s $T/maps.before $T/maps.after; then
		maps=identical
	else
		diff $T/maps.before $T/maps.after >$T/maps.diff.$tag
		maps="differ: $(grep -c '^>' $T/maps.diff.$tag) new or changed"
		maps="$maps, $(grep -c '^<' $T/maps.diff.$tag) gone or changed"
		maps="$maps, $(grep -c pidtrace $T/maps.diff.$tag) pidtrace's"
	fi
	kill -0 $np 2>/dev/null || maps="$maps, node died"
	kill $np; wait $np 2>/dev/null; np=
	printf '%-18s %7.1f s %6.1f+%-5.1f CPU %6.0f MB  maps %s\n' "$tag" \
	    $(awk '{ print $1, $2, $3, $4 / 1024 }' $T/time.$tag) "$maps"
	grep -E "$NOTES" \
	    $T/err.$tag | cut -c1-150 | sed 's/^/    /'
}

# node -e 'console.log(1+1)': "wall firings".
run_once() {
	local tag=$1; shift
	if [ "$tag" = untraced ]; then
		/usr/bin/time -f '%e %U %S %M' -o $T/time.$tag \
		    $node -e 'console.log(1+1)' >$T/out.$tag 2>$T/err.$tag
		n=-
	else
		/usr/bin/time -f '%e %U %S %M' -o $T/time.$tag \
		    $pt "$@" ${SCALE_X:-} -q -v -n \
		    "$D END { printa(\"firings %@d\\n\", @); }" \
		    -c "$node -e console.log(1+1)" >$T/out.$tag 2>$T/err.$tag
		# -q: no probe lines, so the count has a line of its own
		# (without it, dtrace's END line holds it); node's is "2"
		n=$(sed -n 's/^firings \([0-9][0-9]*\)$/\1/p' $T/out.$tag)
		grep -qx 2 $T/out.$tag || n="none (node printed no 2)"
		[ -n "$n" ] || n="none"
	fi
	printf '%-18s %7.1f s %6.1f+%-5.1f CPU %6.0f MB  firings %s\n' "$tag" \
	    $(awk '{ print $1, $2, $3, $4 / 1024 }' $T/time.$tag) "$n"
	grep -E "$NOTES" \
	    $T/err.$tag | cut -c1-150 | sed 's/^/    /'
	echo "$n" >$T/n.$tag
	awk '{ print $1 }' $T/time.$tag >$T/w.$tag
}

echo "node $($node --version), $(nproc) CPUs, load at start: $(load)"
if [ "$what" = arm ] || [ "$what" = all ]; then
	echo "== every node function, live idle node: arm and disarm"
	arm_once default
	arm_once fastpath=off -x fastpath=off
	awk -v a=$(cut -d' ' -f1 $T/time.default) \
	    -v b=$(cut -d' ' -f1 $T/time.fastpath=off) 'BEGIN {
	    printf "default/off wall   %7.2f (goal: default <= 5 s)\n", a / b }'
fi
if [ "$what" = run ] || [ "$what" = all ]; then
	echo "== node -e 'console.log(1+1)', every node function probed"
	run_once untraced
	run_once default
	run_once fastpath=off -x fastpath=off
	awk -v u=$(cat $T/w.untraced) -v a=$(cat $T/w.default) \
	    -v b=$(cat $T/w.fastpath=off) 'BEGIN {
	    printf "default/untraced   %7.1f\ndefault/off        %7.2f (goal: default <= 10 s)\n",
	    a / u, a / b }'
	a=$(cat $T/n.default) b=$(cat $T/n.fastpath=off)
	if ! [ "$a" -gt 0 ] 2>/dev/null || ! [ "$b" -gt 0 ] 2>/dev/null; then
		echo "firings: NOT COMPARED (a run printed no count: $a, $b)"
	elif [ "$a" = "$b" ]; then
		echo "firings: equal on both paths"
	else
		echo "firings: DIFFER ($(cat $T/n.default) against $(cat $T/n.fastpath=off))"
	fi
fi
echo "load at end: $(load)"
