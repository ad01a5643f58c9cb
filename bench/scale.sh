#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/scale.sh [arm|run|python|postgres|all]: a probe on every function
# of a big program.
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
#   python  `python3.11 -c SCRIPT` (a dict and a list built by calls of
#        a Python function, summed) under `pid$target:::entry`, which
#        under -c names every function of every module mapped when the
#        session arms (the program, ld.so and the libraries it needs:
#        libc, libm, libz, libexpat; Debian's python3.11-dbg adds the
#        static functions of python3.11): the same figures as run's,
#        and the script's output checked against the untraced run's.
#   postgres  a throw-away cluster (as bench/pgbench.sh's), one pgbench
#        client for PGSCALE_T seconds (10), its backend traced by
#        `pid$target:postgres::entry { @ = count(); }` from an attach
#        made once the backend is connected, until the tracer's
#        tick-PGSCALE_W seconds (5) after arming ends the session with
#        the backend still running: transactions/s in that window
#        (from pgbench's per-transaction log) against the untraced
#        run's, arm time, firings, the sites per path,
#        and the backend's maps before the attach and after the detach.
#
# One run each, in one go, so the ratios share the load (printed).
# PIDTRACE=/path/to/pidtrace measures another build (e.g. main's);
# SCALE_X='-x ...' adds options to every traced run.
set -u
cd "$(dirname "$0")/.."
what=${1:-all}
pt=${PIDTRACE:-$PWD/pidtrace}
node=$(command -v node)
case $what in arm|run|all) [ -n "$node" ] ||
	{ echo "cannot run: no node (apt-get install nodejs)" >&2; exit 1; }
esac
[ -x /usr/bin/time ] ||
	{ echo "cannot run: no /usr/bin/time (apt-get install time)" >&2; exit 1; }
T=$(mktemp -d /tmp/scale.XXXXXX)
np= pgb= ptp= pgup=
cleanup() {
	kill $np $ptp 2>/dev/null
	[ -z "$pgb" ] || wait $pgb
	[ -z "$pgup" ] || $as_pg "$PGBIN/pg_ctl" -D $T/pg/data stop \
	    -m immediate -w >/dev/null 2>&1
	rm -rf $T
}
trap cleanup EXIT
. bench/lib.sh
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

# python3.11 -c "$PY": "wall firings"; the output must be the untraced
# run's.  No single quote in it: it goes to -c inside one.  With its
# hash seed fixed and no address randomisation a path repeats its count
# exactly (without, runs differ by about 150 in 832,000); the paths may
# still differ where the fast path's pages change the address space
# (malloc's brk growth), so their difference is printed.
FIXED="env PYTHONHASHSEED=0 setarch -R"
PY='def f(x): return x * 2
d = {i: f(i) for i in range(1000)}
print(sum([f(x) for x in d.values() if x % 3]))'
py_once() {
	local tag=$1; shift
	if [ "$tag" = untraced ]; then
		/usr/bin/time -f '%e %U %S %M' -o $T/time.py.$tag $FIXED \
		    $py -c "$PY" >$T/out.py.$tag 2>$T/err.py.$tag
		n=-
	else
		/usr/bin/time -f '%e %U %S %M' -o $T/time.py.$tag $FIXED \
		    $pt "$@" ${SCALE_X:-} -q -v -n \
		    "pid\$target:::entry { @ = count(); }
		    END { printa(\"firings %@d\\n\", @); }" \
		    -c "$py -c '$PY'" >$T/out.py.$tag 2>$T/err.py.$tag
		n=$(sed -n 's/^firings \([0-9][0-9]*\)$/\1/p' $T/out.py.$tag)
		[ -n "$n" ] || n="none"
		grep -qxF "$(head -n 1 $T/out.py.untraced)" $T/out.py.$tag ||
		    n="$n (python printed otherwise: $(head -c 80 $T/out.py.$tag))"
	fi
	printf '%-18s %7.2f s %6.2f+%-5.2f CPU %6.0f MB  firings %s\n' "$tag" \
	    $(awk '{ print $1, $2, $3, $4 / 1024 }' $T/time.py.$tag) "$n"
	grep -E "$NOTES" \
	    $T/err.py.$tag | cut -c1-150 | sed 's/^/    /'
	echo "$n" >$T/n.py.$tag
	awk '{ print $1 }' $T/time.py.$tag >$T/w.py.$tag
}

# A throw-away cluster as bench/pgbench.sh's: initdb in $T (as root, the
# postgres user's), a unix socket there, fsync off, pgbench -i -s 1.
pg_setup() {
	PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -n "$PGBIN" ] && [ -x "$PGBIN/postgres" ] && [ -x "$PGBIN/pgbench" ] ||
		{ echo "cannot run: no postgresql (apt-get install" \
		    "postgresql)" >&2; exit 1; }
	as_pg=
	if [ "$(id -u)" = 0 ]; then
		as_pg="runuser -u postgres --"
		chmod 711 $T
	fi
	mkdir $T/pg $T/pgb && { [ -z "$as_pg" ] || chown postgres $T/pg; } &&
	$as_pg "$PGBIN/initdb" -D $T/pg/data -A trust -U postgres --no-sync \
	    >$T/initdb.log 2>&1 || { tail -n 3 $T/initdb.log >&2; exit 1; }
	$as_pg "$PGBIN/pg_ctl" -D $T/pg/data -w -l $T/pg/pg.log \
	    -o "-k $T/pg -c listen_addresses= -c fsync=off" start >/dev/null ||
		{ tail -n 3 $T/pg/pg.log >&2; exit 1; }
	pgup=1
	"$PGBIN/pgbench" -h $T/pg -U postgres -i -s 1 postgres \
	    >$T/pginit.log 2>&1 || { tail -n 3 $T/pginit.log >&2; exit 1; }
}

# pg_once TAG [OPTION...]: one pgbench client for PGSCALE_T seconds;
# traced, pidtrace attached to its backend once the backend runs, ended
# by its tick PGSCALE_W seconds after arming.  "tps arm firings maps".
pg_once() {
	local tag=$1 bp i t0 ta td n tps maps; shift
	rm -f $T/pgb/pgbench_log.*
	(cd $T/pgb && exec "$PGBIN/pgbench" -h $T/pg -U postgres -n -c 1 \
	    -T ${PGSCALE_T:-10} -l postgres >$T/pgbench.$tag 2>&1) &
	pgb=$!
	bp=
	for i in $(seq 600); do
		bp=$(psql -X -At -h $T/pg -U postgres -c "select pid from
		    pg_stat_activity where application_name = 'pgbench'" \
		    postgres 2>/dev/null | head -n 1)
		[ -n "$bp" ] && break
		sleep 0.01
	done
	[ -n "$bp" ] || { echo "cannot run: no pgbench backend" >&2; exit 1; }
	t0=$(now) ta= td= n=- maps=-
	if [ "$tag" != untraced ]; then
		cp /proc/$bp/maps $T/pgmaps.before
		$pt "$@" ${SCALE_X:-} -q -v -p $bp -n 'BEGIN { printf("armed\n"); }
		    pid$target:postgres::entry { @ = count(); }
		    tick-'${PGSCALE_W:-5}'s { exit(0); }
		    END { printa("firings %@d\n", @); }' \
		    >$T/out.pg.$tag 2>$T/err.pg.$tag &
		ptp=$!
		waitline $T/out.pg.$tag '^armed' 120 && ta=$(now)
		wait $ptp; echo "$?" >$T/rc.pg.$tag; ptp=
		td=$(now)
		if cp /proc/$bp/maps $T/pgmaps.after 2>/dev/null; then
			if cmp -s $T/pgmaps.before $T/pgmaps.after; then
				maps=identical
			else
				diff $T/pgmaps.before $T/pgmaps.after \
				    >$T/pgmaps.diff.$tag
				maps="differ: $(grep -c '^[<>]' \
				    $T/pgmaps.diff.$tag) lines"
			fi
		else
			maps="not compared (the backend ended first)"
		fi
		n=$(sed -n 's/^firings \([0-9][0-9]*\)$/\1/p' $T/out.pg.$tag)
	fi
	wait $pgb || maps="$maps; pgbench failed: $(tail -n 2 $T/pgbench.$tag)"
	pgb=
	# transactions/s from the log: every completion but the first over
	# the time from the first to the last; traced, those between
	# arming and the detach over that window
	tps=$(cat $T/pgb/pgbench_log.* | awk -v a="${ta:-0}" -v d="${td:-0}" \
	    -v traced=$([ "$tag" = untraced ] && echo 0 || echo 1) '
	    { t = $5 + $6 / 1e6 }
	    !traced { if (n == 0 || t < lo) lo = t; if (n == 0 || t > hi) hi = t
		n++ }
	    traced && t * 1e9 >= a && t * 1e9 <= d { n++ }
	    END { if (!traced && n > 1 && hi > lo)
		printf "%.1f %d\n", (n - 1) / (hi - lo), n
	    else if (traced && d > a && a > 0)
		printf "%.1f %d\n", n * 1e9 / (d - a), n
	    else print "- 0" }')
	echo "${tps% *}" >$T/tps.pg.$tag
	printf '%-14s %8s tps  %5s transactions  armed in %s  firings %s' \
	    "$tag" ${tps% *} ${tps#* } \
	    "$([ -n "$ta" ] && awk -v a=$ta -v b=$t0 \
		'BEGIN { printf "%.2f s", (a - b) / 1e9 }' || echo -)" "$n"
	echo
	[ "$tag" = untraced ] && return
	# firings counts those of sites armed before BEGIN too: a rate, not
	# a count to compare between the paths
	echo "    window $(awk -v a=${ta:-0} -v d=$td 'BEGIN {
	    printf "%.2f s", (d - a) / 1e9 }'), pidtrace exit $(cat \
	    $T/rc.pg.$tag), backend maps $maps"
	# a backend's heap and mappings move on their own: the lines, to
	# tell pidtrace's from postgres's
	[ -f $T/pgmaps.diff.$tag ] && grep '^[<>]' $T/pgmaps.diff.$tag |
	    head -n 6 | cut -c1-120 | sed 's/^/    /'
	grep -E "$NOTES" $T/err.pg.$tag | cut -c1-150 | sed 's/^/    /'
}

echo "${node:+node $($node --version), }$(nproc) CPUs, load at start: $(load)"
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
if [ "$what" = python ] || [ "$what" = all ]; then
	py=${PYTHON:-/usr/bin/python3.11}
	[ -x "$py" ] || { echo "cannot run: no $py (apt-get install" \
	    "python3.11 python3.11-dbg)" >&2; exit 1; }
	echo "== $py -c SCRIPT ($($py -V)), pid\$target:::entry"
	py_once untraced
	py_once default
	py_once fastpath=off -x fastpath=off
	awk -v u=$(cat $T/w.py.untraced) -v a=$(cat $T/w.py.default) \
	    -v b=$(cat $T/w.py.fastpath=off) 'BEGIN {
	    printf "default/untraced   %7.1f\ndefault/off        %7.2f\n",
	    a / u, a / b }'
	a=$(cat $T/n.py.default) b=$(cat $T/n.py.fastpath=off)
	if ! [ "$a" -gt 0 ] 2>/dev/null || ! [ "$b" -gt 0 ] 2>/dev/null; then
		echo "firings: NOT COMPARED (a run printed no count: $a, $b)"
	elif [ "$a" = "$b" ]; then
		echo "firings: equal on both paths"
	else
		awk -v a=$a -v b=$b 'BEGIN { printf "firings: DIFFER (%d against %d: %.4f%%)\n",
		    a, b, (a - b) * 100 / b }'
	fi
fi
if [ "$what" = postgres ] || [ "$what" = all ]; then
	pg_setup
	echo "== postgres $("$PGBIN/postgres" -V | awk '{ print $3 }')," \
	    "pgbench -c 1 -T ${PGSCALE_T:-10}, pid\$target:postgres::entry" \
	    "on its backend for ${PGSCALE_W:-5} s"
	pg_once untraced
	pg_once default
	pg_once fastpath=off -x fastpath=off
	for tag in default fastpath=off; do
		awk -v a=$(cat $T/tps.pg.$tag) -v u=$(cat $T/tps.pg.untraced) \
		    -v t=$tag 'BEGIN { if (a + 0 > 0 && u + 0 > 0)
			printf "%-18s %7.3f of untraced tps\n", t, a / u }'
	done
fi
echo "load at end: $(load)"
