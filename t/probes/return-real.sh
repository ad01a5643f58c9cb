#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Return probes of real functions that leave through, or dispatch with,
# an indirect jmp: Debian's python3.11 _PyEval_EvalFrameDefault (235
# computed gotos, each with the frame set up: none is a site) and
# PostgreSQL's ExecutorRun (jmp *%rax to ExecutorRun_hook, which
# pg_stat_statements sets).  Both were refused a return probe, and a
# script naming one failed as a whole.  Asserts, for each program the
# machine has (skips only when it has neither):
# - ExecutorRun's sites are objdump's rets and jumps out, and the
#   indirect jumps where readelf says the CFA is rsp+8 (sites.sh); none
#   of _PyEval_EvalFrameDefault's computed gotos is a site;
# - traced, entries and returns are equal in number (every call returns
#   once), pidtrace says nothing, and the program's output is right:
#   fib(15) for python; for PostgreSQL 11 queries, each returning through
#   the jmp *%rax to the hook (arg0, its offset).
. "$top_srcdir/t/lib.sh"
. "$top_srcdir/t/probes/sites.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"
RESOLVE=$top_builddir/t/probes/resolve
for t in objdump readelf; do
	command -v $t >/dev/null || skip "needs $t (Debian package binutils)"
done
checked=

# sites_are PID FILE FUNC: the return sites pidtrace resolves for FUNC of
# FILE (mapped in PID) are objdump's and readelf's.
sites_are()
{
	set -- "$1" "$2" "$3" $(dyn_sym "$2" "$3")
	[ $# = 5 ] || fail "$2 has no $3 in .dynsym"
	_bias=$((0x$(exe_bias "$1" "$2")))
	return_line "pid$1" "${2##*/}" "$3" "$2" "$4" "$5" "$_bias" \
	    >"$T/want" || fail "objdump finds no return site in $3"
	bounded 60 "$RESOLVE" "$1" "${2##*/}" "$3" return >"$T/got" ||
		fail "resolve $3:return"
	same_output "$T/want" "$T/got"
}

PY=/usr/bin/python3.11
if [ -x "$PY" ]; then
	say "python3.11: _PyEval_EvalFrameDefault"
	checked=python
	rm -f "$T/in" && mkfifo "$T/in"
	spawn _py 60 sh -c 'exec "$0" -c "import sys; sys.stdin.readline()" <"$1"' \
	    "$PY" "$T/in"
	exec 3>"$T/in"
	py=$(child_of "$_py") || fail "no python pid"
	n=0
	until grep -q ' /usr/bin/python3.11$' "/proc/$py/maps" 2>/dev/null; do
		n=$((n + 1)); [ $n -lt 500 ] || fail "python never mapped"
		sleep 0.01
	done
	# Its .cold part is named in python3.11-dbg's .symtab only: the
	# jumps there are no sites, which objdump of the program cannot
	# tell.  The computed gotos must not be sites either.
	bounded 60 "$RESOLVE" "$py" python3.11 _PyEval_EvalFrameDefault \
	    return >"$T/got" || fail "resolve _PyEval_EvalFrameDefault:return"
	cat "$T/got"
	grep -q ' sites .*/ret' "$T/got" || fail "no ret is a site"
	grep -q '/ind' "$T/got" && fail "a computed goto is a site"
	exec 3>&-
	wait "$_py"
	printf 'def f(n):\n    return n if n < 2 else f(n - 1) + f(n - 2)\nprint(f(15))\n' \
	    >"$T/fib.py"
	bounded 120 "$PIDTRACE" -q -n '
	    pid$target::_PyEval_EvalFrameDefault:entry { @e = count(); }
	    pid$target::_PyEval_EvalFrameDefault:return { @r = count(); }
	    END { printa("e %@d\n", @e); printa("r %@d\n", @r); }' \
	    -c "$PY $T/fib.py" >"$T/out" 2>"$T/err" ||
		fail "pidtrace: $(cat "$T/err")"
	not_fast_report "$T/err" | grep -q . &&
		fail "pidtrace said: $(cat "$T/err")"
	cat "$T/out"
	grep -qx 610 "$T/out" || fail "python printed $(head -n 1 "$T/out")"
	e=$(sed -n 's/^e //p' "$T/out")
	r=$(sed -n 's/^r //p' "$T/out")
	[ -n "$e" ] && [ "$e" -gt 0 ] && [ "$e" = "$r" ] ||
		fail "entries $e, returns $r"
fi

PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
PGLIB=${PGBIN%/bin}/lib
if [ -n "$PGBIN" ] && [ -x "$PGBIN/postgres" ] && command -v psql >/dev/null &&
    [ -f "$PGLIB/pg_stat_statements.so" ]; then
	say "PostgreSQL: ExecutorRun with pg_stat_statements' hook"
	checked="$checked postgres"
	[ "$(id -u)" != 0 ] || getent passwd postgres >/dev/null ||
		fail "no postgres user to run the cluster as root"
	pg_session 120 -c shared_preload_libraries=pg_stat_statements
	BP=$PG_BACKEND
	sites_are "$BP" "$PGBIN/postgres" ExecutorRun
	set -- $(dyn_sym "$PGBIN/postgres" ExecutorRun)
	objdump_sites "$PGBIN/postgres" "$1" "$2" >"$T/sites"
	ind=$(awk '$2 == "indirect" { print $1; exit }' "$T/sites")
	[ -n "$ind" ] || fail "ExecutorRun has no indirect jmp: $(cat "$T/sites")"
	ind=$(printf %x $((0x$ind - 0x$1)))
	spawn _pp 60 "$PIDTRACE" -q -n '
	    BEGIN { printf("armed\n"); }
	    pid$target::ExecutorRun:entry { @e = count(); }
	    pid$target::ExecutorRun:return { @r[arg0] = count(); }
	    END { printa("e %@d\n", @e); printa("r %x %@d\n", @r); }' \
	    -p "$BP" >"$T/p.out" 2>"$T/p.err"
	PP=$(child_of "$_pp") || fail "no pidtrace pid"
	wait_for "$T/p.out" '^armed' 30
	for i in 1 2 3 4 5 6 7 8 9 10; do
		echo "select $i * 7;" >&3
	done
	echo "select 'end';" >&3
	wait_for "$T/psql" '^end$' 30
	kill -INT "$PP"
	wait "$_pp" || fail "pidtrace exit status: $(cat "$T/p.err")"
	cat "$T/p.out" "$T/p.err"
	not_fast_report "$T/p.err" | grep -q . &&
		fail "pidtrace said: $(cat "$T/p.err")"
	printf 'armed\ne 11\nr %s 11\n' "$ind" >"$T/want"
	grep -v '^$' "$T/p.out" >"$T/got"
	same_output "$T/want" "$T/got"
	[ "$(sed -n '2,11p' "$T/psql" | tr '\n' ' ')" = \
	    "7 14 21 28 35 42 49 56 63 70 " ] ||
		fail "the queries' answers: $(cat "$T/psql")"
	echo "select 'after';" >&3
	wait_for "$T/psql" '^after$' 30
	exec 3>&-
	wait "$_ps"
	bounded 60 $as_pg "$PGBIN/pg_ctl" -D "$D/data" stop -m fast -w \
	    >/dev/null || fail "pg_ctl stop"
	wait "$_pm"
fi
[ -n "$checked" ] || skip "neither Debian's python3.11 nor PostgreSQL with pg_stat_statements"
say "checked:$checked"
exit 0
