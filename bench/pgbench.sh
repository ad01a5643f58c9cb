#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/pgbench.sh: the syscall provider on a PostgreSQL backend under
# pgbench, in one run against the untraced backend, strace -c and
# pidtrace's stop path (-x fastpath=off).  Run by hand after make (as
# root the cluster runs as the postgres user, as t/usdt/postgres.sh's):
#
#	bench/pgbench.sh [TRANSACTIONS] [REPEATS]
#
# A throw-away cluster (initdb in a temporary folder, a unix socket
# there, fsync=off), pgbench -i -s 1, then for each row one pgbench
# client (-c 1 -t TRANSACTIONS, the TPC-B-like script) whose backend is
# held before its first transaction by a lock another session holds:
# the tracer attaches to that backend (pidtrace's BEGIN, strace's
# TracerPid), the lock goes, the transactions run, the backend exits
# with pgbench's end and the tracer with it.
#  - transactions/s from pgbench's per-transaction log (-l): completions
#    2..TRANSACTIONS over the time between the first and the last, so
#    the wait on the lock and the attach do not count;
#  - pidtrace runs syscall:::entry { @[probefunc] = count(); } on the
#    backend, and syscall::getppid:entry, which it never calls (its
#    sites patched, no record: what dispatch and the jumps cost alone);
#    the first again under -x fastpath=record (every call's record
#    evaluated by pidtrace, as before clause code ran at syscall sites);
#    strace -c on an identical run: every count side by side
#    (both from the attach to the backend's exit; calls that depend on
#    timing, as epoll_wait when a query is not there yet, may differ).
# Each tps is the best of REPEATS runs (the machine is shared); the
# drops pidtrace reported are printed (none expected).
set -u
cd "$(dirname "$0")/.."
N=${1:-5000}
R=${2:-3}
[ -x ./pidtrace ] || { echo "make first" >&2; exit 1; }
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] && [ -x "$PGBIN/postgres" ] && [ -x "$PGBIN/pgbench" ] ||
	{ echo "postgresql is not installed (apt-get install postgresql)" >&2
	  exit 1; }
tmp=$(mktemp -d)
: >"$tmp/drops"
as_pg=
if [ "$(id -u)" = 0 ]; then
	as_pg="runuser -u postgres --"
	chmod 711 "$tmp"
	chown postgres "$tmp"
fi
D=$tmp/pg
pm=
cleanup()
{
	[ -n "$pm" ] && $as_pg "$PGBIN/pg_ctl" -D "$D/data" stop -m immediate \
	    -w >/dev/null 2>&1
	rm -rf "$tmp"
}
trap cleanup EXIT
$as_pg mkdir "$D" &&
$as_pg "$PGBIN/initdb" -D "$D/data" -A trust -U postgres --no-sync \
    >"$tmp/initdb.log" 2>&1 || { tail -n 3 "$tmp/initdb.log"; exit 1; }
$as_pg "$PGBIN/pg_ctl" -D "$D/data" -w -l "$D/pg.log" \
    -o "-k $D -c listen_addresses= -c fsync=off" start >/dev/null ||
	{ tail -n 3 "$D/pg.log"; exit 1; }
pm=1
PSQL=(psql -X -q -At -h "$D" -U postgres)
$as_pg "$PGBIN/pgbench" -h "$D" -U postgres -i -s 1 postgres \
    >"$tmp/init.log" 2>&1 || { tail -n 3 "$tmp/init.log"; exit 1; }

# backend: the pid of pgbench's backend once it waits on the lock.
backend()
{
	local i b
	for i in $(seq 600); do
		b=$("${PSQL[@]}" -c "select pid from pg_stat_activity where
		    application_name = 'pgbench' and wait_event_type = 'Lock'")
		[ -n "$b" ] && { echo "$b"; return 0; }
		sleep 0.05
	done
	return 1
}

# tps LOG: completions 2..N over the time from the first to the last.
tps()
{
	awk '{ t = $5 + $6 / 1e6; if (NR == 1 || t < lo) lo = t;
	    if (NR == 1 || t > hi) hi = t; n++ }
	    END { if (n > 1 && hi > lo) printf "%.1f\n", (n - 1) / (hi - lo) }' "$1"
}

# run NAME: one pgbench client held on a lock; tr_NAME (a function) is
# started on its backend, then the lock goes.  Its best tps in r_NAME.
run()
{
	local name=$1 lock bp v best
	rm -f "$tmp"/pgbench_log.* "$tmp/lock"
	mkfifo "$tmp/lock"
	"${PSQL[@]}" <"$tmp/lock" >"$tmp/lock.out" 2>&1 &
	lock=$!
	exec 3>"$tmp/lock"
	echo "begin; lock table pgbench_accounts in access exclusive mode;
	    select 'locked';" >&3
	while ! grep -q '^locked' "$tmp/lock.out"; do sleep 0.05; done
	(cd "$tmp" && exec "$PGBIN/pgbench" -h "$D" -U postgres -n -c 1 \
	    -t "$N" -l postgres >"$tmp/pgbench.out" 2>&1) &
	pgb=$!
	bp=$(backend) || { echo "no backend" >&2; exit 1; }
	"tr_$name" "$bp"
	echo "commit;" >&3
	exec 3>&-
	wait "$lock"
	wait "$pgb" || { cat "$tmp/pgbench.out" >&2; exit 1; }
	"tr_${name}_end"
	v=$(tps "$(ls "$tmp"/pgbench_log.* | head -1)")
	eval "best=\${r_$name:-}"
	[ -n "$v" ] || return
	if [ -z "$best" ] || awk -v a="$v" -v b="$best" \
	    'BEGIN { exit !(a > b) }'; then
		eval "r_$name=\$v"
	fi
}

tr_untraced() { :; }
tr_untraced_end() { :; }

P='BEGIN { printf("armed\n"); } syscall:::entry { @[probefunc] = count(); }
	END { printa("%s %@d\n", @); }'
# A call the backend never makes: every site patched, no record.
P_IDLE='BEGIN { printf("armed\n"); } syscall::getppid:entry { @ = count(); }'
# pidtrace_on OPTS BACKEND [PROGRAM]: pidtrace attached, its BEGIN seen.
pidtrace_on()
{
	./pidtrace -v -q $1 -n "${3:-$P}" -p "$2" >"$tmp/pt.out" \
	    2>"$tmp/pt.err" &
	ptp=$!
	while ! grep -q '^armed' "$tmp/pt.out"; do
		kill -0 "$ptp" 2>/dev/null || { cat "$tmp/pt.err" >&2; exit 1; }
		sleep 0.05
	done
}
pidtrace_off()
{
	wait "$ptp" || { cat "$tmp/pt.err" >&2; exit 1; }
	grep -Eo '[0-9]+ drops' "$tmp/pt.err" >>"$tmp/drops"
	grep -E 'system calls:|syscall probes' "$tmp/pt.err" |
	    sed 's/^pidtrace: pid [0-9]*: //' >"$tmp/path.$pname"
}
tr_fast() { pname=fast; pidtrace_on "" "$1"; }
tr_fast_end()
{
	pidtrace_off
	grep -E '^[a-z_0-9]+ [0-9]+$' "$tmp/pt.out" | sort >"$tmp/fast.counts"
}
tr_rec() { pname=rec; pidtrace_on "-x fastpath=record" "$1"; }
tr_rec_end() { pidtrace_off; }
tr_stops() { pname=stops; pidtrace_on "-x fastpath=off" "$1"; }
tr_stops_end() { pidtrace_off; }
tr_idle() { pname=idle; pidtrace_on "" "$1" "$P_IDLE"; }
tr_idle_end() { pidtrace_off; }
tr_strace()
{
	strace -c -o "$tmp/strace.out" -p "$1" 2>/dev/null &
	stp=$!
	while [ "$(awk '/^TracerPid:/ { print $2 }' "/proc/$1/status")" = 0 ]
	do
		sleep 0.05
	done
}
tr_strace_end()
{
	wait "$stp"
	awk '$1 ~ /^[0-9.]+$/ && NF >= 5 && $NF != "total" { print $NF, $4 }' \
	    "$tmp/strace.out" | sort >"$tmp/strace.counts"
}

echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cpus," \
    "kernel $(uname -r); postgres $("$PGBIN/postgres" -V | awk '{print $3}'),"\
    "pgbench -c 1 -t $N, best of $R runs"
r_untraced=0 r_fast=0 r_rec=0 r_idle=0 r_stops=0 r_strace=0
# Rounds of them all, so that a change of the machine's load strikes
# them alike.
for i in $(seq "$R"); do
	for name in untraced fast rec idle stops strace; do
		run $name
	done
done
ratio() { awk -v a="$1" -v b="$r_untraced" 'BEGIN {
	if (b > 0) printf "%.2f", a / b; else print "-" }'; }
printf '%-44s %10s %6s\n' "backend traced by" "tps" "ratio"
printf '%-44s %10s %6s\n' "nothing" "$r_untraced" "1.00"
printf '%-44s %10s %6s\n' "pidtrace syscall:::entry count() (goal 0.9)" \
    "$r_fast" "$(ratio "$r_fast")"
printf '%-44s %10s %6s\n' "pidtrace the same, -x fastpath=record" \
    "$r_rec" "$(ratio "$r_rec")"
printf '%-44s %10s %6s\n' "pidtrace syscall::getppid:entry (not called)" \
    "$r_idle" "$(ratio "$r_idle")"
printf '%-44s %10s %6s\n' "pidtrace -x fastpath=off (the stop path)" \
    "$r_stops" "$(ratio "$r_stops")"
printf '%-44s %10s %6s\n' "strace -c" "$r_strace" "$(ratio "$r_strace")"
echo "paths of the last runs: fast: $(cat "$tmp/path.fast")"
echo "  record: $(cat "$tmp/path.rec")"
echo "  idle: $(cat "$tmp/path.idle")"
echo "  stops: $(cat "$tmp/path.stops")"
echo "counts of the last runs: call, pidtrace, strace -c"
join -a 1 -a 2 -e 0 -o 0,1.2,2.2 "$tmp/fast.counts" "$tmp/strace.counts" |
	awk '{ d = $2 == $3 ? "equal" : sprintf("differ by %d", $2 - $3);
	    printf "  %-20s %10d %10d  %s\n", $1, $2, $3, d }'
echo "drops: $(awk '{ s += $1 } END { print s + 0 }' "$tmp/drops" 2>/dev/null)"
