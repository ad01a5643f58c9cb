#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# PostgreSQL under pgbench -C (a new connection, so a fork of the
# postmaster, for every transaction): Debian's postgres, started here in
# the test's folder on 127.0.0.1 (as the postgres user when run as
# root), and pidtrace attached to the postmaster with a pid probe on
# malloc, ended by SIGINT at a random moment, 5 times (50 with
# FT_SCALE=10).  Before, a syscall injected into the postmaster inside
# fork() ran the fork twice: two backends read one client's socket
# ("invalid length of startup packet"), the postmaster took it for a
# crash, terminated every backend and reinitialized (4 times in 126
# attaches), and a pgbench client hung.
# Asserts: each session ends with exit 0 and nothing said, the
# postmaster untraced, its mappings as before attach (its own dynamic
# shared memory aside: it makes and drops that itself); the postmaster is the same process (pid and start time) and
# its log has no crash, no restart, no bad startup packet, no backend
# that exited unexpectedly; pgbench, run again and again meanwhile,
# failed no transaction and lost no client.
. "$top_srcdir/t/inject/ijlib.sh"

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] && [ -x "$PGBIN/postgres" ] ||
	skip "postgresql is not installed"
[ -x "$PGBIN/pgbench" ] || skip "pgbench is not installed"

[ "$(id -u)" != 0 ] || getent passwd postgres >/dev/null ||
	skip "no postgres user to run the cluster as root"
pg_init
# A free port: postgres says when it is not.
for try in 1 2 3 4 5; do
	port=$((20000 + RANDOM % 20000))
	spawn _pm 600 $as_pg "$PGBIN/postgres" -D "$D/data" -k "$D" \
		-c listen_addresses=127.0.0.1 -p $port -c fsync=off \
		-c max_connections=40 >"$T/pg.log" 2>&1
	for i in $(seq 300); do
		"$PGBIN/pg_isready" -q -h 127.0.0.1 -p $port && break
		kill -0 "$_pm" 2>/dev/null || break
		sleep 0.1
	done
	"$PGBIN/pg_isready" -q -h 127.0.0.1 -p $port && break
	wait "$_pm"
	grep -q 'could not bind\|could not create' "$T/pg.log" ||
		fail "postgres did not start: $(tail -n 3 "$T/pg.log")"
done
"$PGBIN/pg_isready" -q -h 127.0.0.1 -p $port || fail "no free port for postgres"
PM=$(head -n 1 "$D/data/postmaster.pid")
start=$(awk '{ print $22 }' "/proc/$PM/stat")
pgb()
{
	bounded 60 $as_pg "$PGBIN/pgbench" -h 127.0.0.1 -p $port \
		-U postgres "$@" postgres
}
pgb -i -q >"$T/init.log" 2>&1 ||
	fail "pgbench -i: $(tail -n 3 "$T/init.log")"

# pgbench -C runs of 2 s, one after the other, until told to stop.
bench()
{
	_b=0
	while [ ! -e "$T/stop" ]; do
		_b=$((_b + 1))
		pgb -C -c 4 -j 2 -T 2 >"$T/bench.$_b" 2>&1 ||
			echo "run $_b: exit $?" >>"$T/bench.bad"
	done
	echo "$_b" >"$T/bench.done"
}
bench &
bp=$!
maps_pg() { maps_all "$PM" | grep -v '/dev/shm/PostgreSQL\.'; }
maps_pg >"$T/maps0"
N=$((5 * FT_SCALE))
i=0
while [ $i -lt "$N" ]; do
	i=$((i + 1))
	session "$PM" 'pid$target::malloc:entry { @ = count(); }' "session $i"
	maps_pg >"$T/maps.pg"
	diff -u "$T/maps0" "$T/maps.pg" ||
		fail "session $i: the postmaster's mappings changed"
done
touch "$T/stop"
wait_for "$T/bench.done" '^[0-9]' 120
wait "$bp"
runs=$(cat "$T/bench.done")
say "$N sessions, $runs pgbench runs"
[ -e "$T/bench.bad" ] && { cat "$T/bench.bad"; fail "pgbench failed"; }
cat "$T"/bench.* | grep -E 'error|abort|failed transactions: [1-9]' &&
	fail "pgbench saw errors"
# One line a run (grep -c over one file would print no file name).
ok=$(cat "$T"/bench.[0-9]* | grep -c 'number of failed transactions: 0 ')
if [ "$ok" != "$runs" ]; then
	for f in "$T"/bench.[0-9]*; do
		grep -q 'number of failed transactions: 0 ' "$f" ||
			sed "s|^|${f##*/}: |" "$f"
	done
	fail "$((runs - ok)) pgbench runs did not report 0 failed transactions"
fi
grep -E 'terminated|reinitializ|startup packet|exited with exit code|crash' \
	"$T/pg.log" && fail "the postmaster's log tells of a crash"
expect "postmaster pid" "$(head -n 1 "$D/data/postmaster.pid")" "$PM"
expect "postmaster start time" "$(awk '{ print $22 }' "/proc/$PM/stat")" \
	"$start"
bounded 60 $as_pg "$PGBIN/pg_ctl" -D "$D/data" stop -m fast -w >/dev/null ||
	fail "pg_ctl stop"
wait "$_pm"
