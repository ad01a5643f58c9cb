#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's PostgreSQL example, verbatim, on a throw-away cluster (as
# t/usdt/postgres.sh makes it): $BACKEND is the backend of a psql
# session, which runs three queries (the workload) while pidtrace is
# attached.  Asserts: exit status 0 after Ctrl-C (t/doc/examples.py).
. "$top_srcdir/t/doc/doclib.sh"

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] && [ -x "$PGBIN/postgres" ] ||
	fail "postgresql is not installed (./quickstart check installs it)"
command -v psql >/dev/null || fail "psql is not installed"
as_pg=
if [ "$(id -u)" = 0 ]; then
	as_pg="runuser -u postgres --"
	chmod 711 "$T"
fi
D=$T/pg
mkdir "$D" && { [ -z "$as_pg" ] || chown postgres "$D"; } || fail "mkdir $D"
bounded 120 $as_pg "$PGBIN/initdb" -D "$D/data" -A trust -U postgres \
	--no-sync >"$T/initdb.log" 2>&1 || fail "initdb: $(tail -n 3 "$T/initdb.log")"
spawn _pm 300 $as_pg "$PGBIN/postgres" -D "$D/data" -k "$D" \
	-c listen_addresses= -c fsync=off >"$T/pg.log" 2>&1
for _ in $(seq 300); do
	"$PGBIN/pg_isready" -q -h "$D" && break
	sleep 0.1
done
"$PGBIN/pg_isready" -q -h "$D" || fail "postgres did not start: $(tail -n 3 "$T/pg.log")"
mkfifo "$T/in"
spawn _ps 300 sh -c 'exec psql -X -q -At -h "$0" -U postgres <"$1" >"$2" 2>&1' \
	"$D" "$T/in" "$T/psql"
exec 3>"$T/in"
echo "select 'backend=' || pg_backend_pid();" >&3
wait_for "$T/psql" '^backend=' 30
BACKEND=$(sed -n 's/^backend=//p' "$T/psql")
TARGET_PID=$BACKEND

# doc-workload: three queries, then their answers.
cat >"$T/bin/doc-workload" <<'EOS'
#!/bin/bash
n=$(grep -c '^q' "$PSQL_OUT")
for i in 1 2 3; do echo "select 'q$i';" >"$PSQL_IN"; done
for _ in $(seq 3000); do
	[ "$(grep -c '^q' "$PSQL_OUT")" -ge $((n + 3)) ] && exit 0
	sleep 0.01
done
echo "doc-workload: no answer from psql" >&2
exit 1
EOS
chmod +x "$T/bin/doc-workload"
export BACKEND PSQL_IN=$T/in PSQL_OUT=$T/psql DOC_WORKLOAD=$T/bin/doc-workload
doc_run postgres
rc=$?
exec 3>&-
wait "$_ps"
bounded 60 $as_pg "$PGBIN/pg_ctl" -D "$D/data" stop -m fast -w >/dev/null ||
	fail "pg_ctl stop"
exit $rc
