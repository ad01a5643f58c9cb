# SPDX-License-Identifier: GPL-2.0-or-later
# t/lib.sh: sourced by every shell test.  Gives a private temporary
# folder, a trap that kills every process the test started, bounded
# runs (timeout -k), readiness handshakes and exact-output checks.
#
# Exit codes follow automake: 0 pass, 77 skip, anything else fail.

set -u
: "${top_srcdir:?run through make check}" "${top_builddir:?}"

PIDTRACE=$top_builddir/pidtrace
PIDNM=$top_builddir/pidnm
TARGETS=$top_builddir/t/targets
export LC_ALL=C

T=$(mktemp -d "${TMPDIR:-/tmp}/pidtrace-test.XXXXXX")
_pt_pids=

# SIGKILL to `timeout` would orphan its child (timeout cannot pass it
# on), so each started command is killed first, then its timeout.
_pt_cleanup()
{
	for p in $_pt_pids; do
		for c in $(cat /proc/"$p"/task/*/children 2>/dev/null); do
			kill -KILL "$c" 2>/dev/null
		done
		kill -KILL "$p" 2>/dev/null
	done
	for p in $_pt_pids; do
		wait "$p" 2>/dev/null
	done
	rm -rf "$T"
}
trap _pt_cleanup EXIT
trap 'exit 130' INT TERM HUP

# The test's subject: say what is asserted, in the log.
say()	{ printf '%s\n' "$*"; }
skip()	{ say "SKIP: $*"; exit 77; }
fail()	{ say "FAIL: $*"; exit 1; }

# bounded SECONDS CMD...: run CMD in the foreground, killed past SECONDS.
bounded()
{
	_s=$1; shift
	timeout -k 5 "$_s" "$@"
}

# spawn VAR SECONDS CMD...: start CMD in the background, bounded, and
# remember it for the cleanup trap.  VAR gets the pid.  Because of
# `timeout`, that pid is timeout's; the command is its only child:
# use `child_of` to get the command's own pid.
spawn()
{
	_v=$1; _s=$2; shift 2
	timeout -k 5 "$_s" "$@" &
	_pt_pids="$_pt_pids $!"
	eval "$_v=\$!"
}

# child_of PID: the single child of PID (timeout's child, or a child of
# one), waiting for it to appear for as long as PID lives: however long
# a loaded machine takes to fork, and no longer once PID ended (its
# command ended at once, or never started).  A fixed count of tries
# could say "no pid" of a command still on its way on a slow machine.
# PID is the same process while its start time in /proc stays what it
# was.  The bound (60 s of tries at least) is a hang guard.
child_of()
{
	_p=$1 _t0= _i=0
	while [ $_i -lt 6000 ]; do
		_c=$(cat "/proc/$_p/task/$_p/children" 2>/dev/null)
		if [ -n "$_c" ]; then
			set -- $_c
			echo "$1"
			return 0
		fi
		_st=$(sed 's/.*) //' "/proc/$_p/stat" 2>/dev/null)
		set -- $_st
		# state, then starttime (the 22nd field, the 20th here)
		[ $# -ge 20 ] || return 1
		case $1 in
		Z | X) return 1 ;;
		esac
		[ -z "$_t0" ] && _t0=${20}
		[ "${20}" = "$_t0" ] || return 1
		_i=$((_i + 1))
		sleep 0.01
	done
	return 1
}

# wait_for FILE PATTERN [SECONDS]: handshake; wait until a line of FILE
# matches the extended regex PATTERN.  Remove FILE before starting the
# command that writes it when an earlier run wrote it: a background
# command's `>FILE` empties it only once that command's shell runs, and
# the handshake could read the earlier run's line first.
wait_for()
{
	_n=$(( ${3:-20} * 100 ))
	while [ $_n -gt 0 ]; do
		grep -Eq -- "$2" "$1" 2>/dev/null && return 0
		_n=$((_n - 1))
		sleep 0.01
	done
	fail "timed out waiting for /$2/ in $1: $(tail -n 3 "$1" 2>/dev/null)"
}

# wait_count FILE PATTERN N [SECONDS]: handshake; wait until N lines of
# FILE match the extended regex PATTERN (for a line printed again).
wait_count()
{
	_n=$(( ${4:-20} * 100 ))
	while [ $_n -gt 0 ]; do
		[ "$(grep -Ec -- "$2" "$1" 2>/dev/null)" -ge "$3" ] && return 0
		_n=$((_n - 1))
		sleep 0.01
	done
	fail "timed out waiting for $3 lines /$2/ in $1: $(tail -n 3 "$1" 2>/dev/null)"
}

# running_with TEXT: some process's command line holds TEXT (read from
# /proc, which every machine has, where pgrep needs procps).
running_with()
{
	for _f in /proc/[0-9]*/cmdline; do
		[ "$_f" = "/proc/$$/cmdline" ] && continue
		tr '\0' ' ' <"$_f" 2>/dev/null | grep -qF -- "$1" && return 0
	done
	return 1
}

# subtest WHAT CMD...: run CMD, a test of its own (a wrapper running
# tests again in another mode), its output in our log; when it fails,
# fail with its own FAIL lines, or its last lines when it printed none
# (killed, an error of the shell's), so that the end of the log, which
# is all a CI report shows, says why it failed and not only which.  Its
# output goes through a file, not a pipe: a process it left behind
# could hold a pipe open and hang us.
subtest()
{
	_what=$1; shift
	"$@" >"$T/subtest.log" 2>&1
	_rc=$?
	cat "$T/subtest.log"
	[ "$_rc" = 0 ] && return 0
	_why=$(sed -n 's/^FAIL: //p' "$T/subtest.log" | tail -n 5)
	[ -n "$_why" ] || _why="exit status $_rc, no FAIL line; its last lines:
$(tail -n 15 "$T/subtest.log")"
	fail "$_what: $_why"
}

# same_output EXPECTED ACTUAL: exact comparison, with the diff in the log.
same_output()
{
	diff -u "$1" "$2" || fail "output differs from $1"
}

# need_leveldown: install the npm package leveldown (its prebuilt .node
# ships inside; nothing compiles) under $top_builddir/t/node once, reuse
# it after, and set LEVELDOWN_PREFIX (where node_modules is) and
# LEVELDOWN_NODE (the linux-x64 glibc prebuild).  `./quickstart check`
# installs it first; npm's cache serves it when the registry cannot be
# reached.  Skips only when npm or node is missing, or npm has neither
# the registry nor a cached copy (t/skips-allowed).
LEVELDOWN_VERSION=6.1.1
need_leveldown()
{
	LEVELDOWN_PREFIX=$top_builddir/t/node
	_find_ld()
	{
		for _f in "$LEVELDOWN_PREFIX"/node_modules/leveldown/prebuilds/linux-x64/*glibc*.node \
		    "$LEVELDOWN_PREFIX"/node_modules/leveldown/prebuilds/linux-x64/*.node; do
			[ -f "$_f" ] && { echo "$_f"; return 0; }
		done
		return 1
	}
	LEVELDOWN_NODE=$(_find_ld)
	[ -n "$LEVELDOWN_NODE" ] && return 0
	command -v npm >/dev/null || skip "npm is not installed"
	command -v node >/dev/null || skip "node is not installed"
	mkdir -p "$LEVELDOWN_PREFIX" || fail "mkdir $LEVELDOWN_PREFIX"
	# --ignore-scripts: the prebuilt binaries are all we need.
	(cd "$LEVELDOWN_PREFIX" && bounded 300 npm install --prefer-offline \
	    --no-audit --no-fund --ignore-scripts --prefix "$LEVELDOWN_PREFIX" \
	    leveldown@$LEVELDOWN_VERSION) >"$T/npm.log" 2>&1 ||
		skip "npm install leveldown: no registry and no cached copy: $(grep -m 1 'ERR' "$T/npm.log")"
	LEVELDOWN_NODE=$(_find_ld) ||
		fail "leveldown installed without a linux-x64 prebuild"
}

# not_fast_report FILE: FILE without the fast path's report of the probe
# sites that stop the thread (cmd/trace.c, fast_report), which pidtrace
# prints under -q too; tests of other things leave it to t/fastpath,
# which asserts it.
not_fast_report()
{
	grep -Ev '^pidtrace: pid [0-9]+: [0-9]+ of [0-9]+ probe sites stops? the thread|^pidtrace:   [0-9]+: ' "$1"
	return 0
}

# pg_init: a throw-away PostgreSQL cluster of $PGBIN's, made in $T/pg
# (as root, owned by the postgres user: initdb refuses root).  Sets D
# (the cluster's folder) and as_pg (the prefix that runs a command as
# the cluster's user).
pg_init()
{
	as_pg=
	if [ "$(id -u)" = 0 ]; then
		as_pg="runuser -u postgres --"
		chmod 711 "$T"
	fi
	D=$T/pg
	mkdir "$D" && { [ -z "$as_pg" ] || chown postgres "$D"; } ||
		fail "mkdir $D"
	bounded 120 $as_pg "$PGBIN/initdb" -D "$D/data" -A trust -U postgres \
		--no-sync >"$T/initdb.log" 2>&1 ||
		fail "initdb: $(tail -n 3 "$T/initdb.log")"
}

# pg_session SECONDS [POSTGRES-ARG...]: pg_init's cluster started (its
# unix socket in $D, no TCP, with the ARGs) and waited for, then a psql
# session bounded by SECONDS, reading the fifo $T/in (open on fd 3) and
# writing $T/psql.  Sets PG_BACKEND (the session's backend pid).
pg_session()
{
	_pgs=$1
	shift
	pg_init
	spawn _pm 300 $as_pg "$PGBIN/postgres" -D "$D/data" -k "$D" \
		-c listen_addresses= -c fsync=off "$@" >"$T/pg.log" 2>&1
	for _pg in $(seq 300); do
		"$PGBIN/pg_isready" -q -h "$D" && break
		sleep 0.1
	done
	"$PGBIN/pg_isready" -q -h "$D" ||
		fail "postgres did not start: $(tail -n 3 "$T/pg.log")"
	rm -f "$T/in" && mkfifo "$T/in"
	spawn _ps "$_pgs" sh -c \
	    'exec psql -X -q -At -h "$0" -U postgres <"$1" >"$2" 2>&1' \
	    "$D" "$T/in" "$T/psql"
	exec 3>"$T/in"
	echo "select 'backend=' || pg_backend_pid();" >&3
	wait_for "$T/psql" '^backend=' 30
	PG_BACKEND=$(sed -n 's/^backend=//p' "$T/psql")
}
