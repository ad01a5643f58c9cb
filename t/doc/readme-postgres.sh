#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The README's PostgreSQL example, verbatim, on a throw-away cluster
# (t/lib.sh's pg_session, as t/usdt/postgres.sh's): $BACKEND is the
# backend of a psql session, which runs three queries (the workload)
# while pidtrace is attached.  Asserts: exit status 0 after Ctrl-C
# (t/doc/examples.py).
. "$top_srcdir/t/doc/doclib.sh"

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$PGBIN" ] && [ -x "$PGBIN/postgres" ] ||
	fail "postgresql is not installed (./quickstart check installs it)"
command -v psql >/dev/null || fail "psql is not installed"
pg_session 300
BACKEND=$PG_BACKEND
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
