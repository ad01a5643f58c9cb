#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# PostgreSQL's USDT probes on a throw-away cluster (initdb in the test's
# folder, a unix socket there, no TCP): attach to the backend of a psql
# session and count query-start by its query text (copyinstr) and
# query-done, with the latency one-liner's quantize.  Asserts: each query
# counted as often as psql sent it; every query-start has its query-done;
# the backend answers after detach.  initdb refuses root: as root the
# cluster runs as the postgres user.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] && [ -x "$PGBIN/postgres" ] || skip "postgresql is not installed"
command -v psql >/dev/null || skip "psql is not installed"
readelf -n "$PGBIN/postgres" | grep -q 'Name: query__start' ||
	skip "$PGBIN/postgres has no query__start probe (built without dtrace)"

[ "$(id -u)" != 0 ] || getent passwd postgres >/dev/null ||
	skip "no postgres user to run the cluster as root"
pg_session 120
BP=$PG_BACKEND

spawn _pp 60 "$PIDTRACE" -q -n '
	BEGIN { printf("armed\n"); }
	postgresql$target:::query-start { self->ts = timestamp; @q[copyinstr(arg0)] = count(); }
	postgresql$target:::query-done /self->ts/ {
		@n = count(); }
	postgresql$target:::query-done /self->ts/ {	/* README one-liner */
		@lat[copyinstr(arg0)] = quantize(timestamp - self->ts); self->ts = 0; }
	END { printa("%s|%@d\n", @q); printa("done %@d\n", @n); printa(@lat); }' \
	-p "$BP" >"$T/p.out" 2>"$T/p.err"
PP=$(child_of "$_pp") || fail "no pidtrace pid"
wait_for "$T/p.out" '^armed' 30
for i in 1 2 3 4 5; do echo "select 1;" >&3; done
for i in 1 2 3; do echo "select 2 + 2;" >&3; done
echo "select 'end';" >&3
wait_for "$T/psql" '^end$' 30
kill -INT "$PP"
wait "$_pp" || fail "pidtrace exit status"
cat "$T/p.out" "$T/p.err"
grep -qx 'select 1;|5' "$T/p.out" || fail "select 1 count"
grep -qx 'select 2 + 2;|3' "$T/p.out" || fail "select 2 + 2 count"
grep -qx "select 'end';|1" "$T/p.out" || fail "end count"
grep -qx 'done 9' "$T/p.out" || fail "query-done count"
grep -q 'value  ------------- Distribution ------------- count' "$T/p.out" ||
	fail "no quantize"
[ "$(grep -c '^  select 1; *$' "$T/p.out")" = 1 ] || fail "no quantize keyed by the query"

echo "select 'after';" >&3
wait_for "$T/psql" '^after$' 30		# the backend goes on
exec 3>&-
wait "$_ps"
bounded 60 $as_pg "$PGBIN/pg_ctl" -D "$D/data" stop -m fast -w >/dev/null ||
	fail "pg_ctl stop"
wait "$_pm"
