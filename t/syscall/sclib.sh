# SPDX-License-Identifier: GPL-2.0-or-later
# t/syscall/sclib.sh: sourced by the syscall provider's tests.
. "$top_srcdir/t/lib.sh"
[ -x "$PIDTRACE" ] || skip "pidtrace not built"
SC_CALLS=$TARGETS/sc-calls
SC_THREADS=$TARGETS/sc-threads
[ -x "$SC_CALLS" ] && [ -x "$SC_THREADS" ] || skip "targets not built"

# The D program that tabulates every call of a run: "NAME calls errors",
# sorted by name, as strace_table prints strace -c's.
SC_TABLE='syscall:::entry { @c[probefunc] = count(); }
	syscall:::return /errno != 0/ { @e[probefunc] = count(); }
	END { printa("%s %@d %@d\n", @c, @e); }'

# strace_table FILE: strace -c's table as "NAME calls errors", by name.
strace_table()
{
	awk '$1 ~ /^[0-9.]+$/ && NF >= 5 {
		name = $NF; calls = $4; errs = (NF == 6) ? $5 : 0
		print name, calls, errs
	}' "$1" | sort
}

# need_sud: SUD names t/targets/sc-sud, or the test skips.  Where the
# kernel lacks syscall user dispatch, pidtrace says so in one line:
# then a test of the patched syscall sites has nothing to check.
need_sud()
{
	SUD=$TARGETS/sc-sud
	[ -x "$SUD" ] || skip "sc-sud not built"
	bounded 30 "$PIDTRACE" -q \
	    -n 'syscall::getppid:entry { @ = count(); }' \
	    -c "$SUD loop 1" >/dev/null 2>"$T/probe.err" ||
		fail "pidtrace: $(cat "$T/probe.err")"
	if grep -q 'no syscall user dispatch' "$T/probe.err"; then
		skip "the kernel has no syscall user dispatch (Linux 6.4)"
	fi
}

# go_target NAME: t/targets/NAME.go built into $T/NAME, offline, as
# GO_BIN; the test skips where go is not installed.
go_target()
{
	command -v go >/dev/null ||
		skip "go is not installed (Debian's golang-go)"
	GO_BIN=$T/$1
	(cd "$T" && GOCACHE=$T/gocache GOTOOLCHAIN=local GOPROXY=off \
	    GOFLAGS= bounded 300 go build -o "$GO_BIN" \
	    "$top_srcdir/t/targets/$1.go") >"$T/go.log" 2>&1 ||
		fail "go build: $(tail -n 3 "$T/go.log")"
}

# blocked PID NR: until PID sits in system call NR (x86-64 numbers,
# /proc/PID/syscall's first field: 0 is read), 20 s at most.
blocked()
{
	_n=2000
	while :; do
		read -r _s _ <"/proc/$1/syscall" 2>/dev/null
		[ "$_s" = "$2" ] && return 0
		_n=$((_n - 1))
		[ $_n -gt 0 ] || fail "pid $1 in syscall '$_s', wanted $2"
		sleep 0.01
	done
}

# sys_path ERRFILE: -v's "system calls: T through M patched sites, D
# dispatched to a stop, S syscall stops" line as "T M D S".
sys_path()
{
	sed -n 's/.*system calls: \([0-9]*\) through \([0-9]*\) patched sites, \([0-9]*\) dispatched to a stop, \([0-9]*\) syscall stops.*/\1 \2 \3 \4/p' "$1"
}

# getppid_path NAME PATH CALLS STOPS: pidtrace's -v in $T/NAME.err says
# the getppid entry and return clauses took PATH: "fast" (both in the
# process, a patched site, fewer than CALLS calls counted through the
# sites and fewer than CALLS stops) or else the stop path (no patched
# site, nothing dispatched, at least STOPS syscall stops).
getppid_path()
{
	set -- "$1" "$2" "$3" "$4" $(sys_path "$T/$1.err")
	say "$1: system calls: $5 through $6 patched sites, $7 dispatched, $8 stops"
	if [ "$2" = fast ]; then
		grep -q 'syscall probes: 2 clauses in the process: syscall::getppid:entry, syscall::getppid:return$' \
		    "$T/$1.err" || fail "$1: not in the process: $(cat "$T/$1.err")"
		[ "${5:-$3}" -lt "$3" ] && [ "${6:-0}" -ge 1 ] &&
		    [ "${8:-$3}" -lt "$3" ] ||
			fail "$1: not the patched path: $(cat "$T/$1.err")"
	else
		[ "${6:-x}" = 0 ] && [ "${7:-x}" = 0 ] &&
		    [ "${8:-0}" -ge "$4" ] ||
			fail "$1: not the stop path: $(cat "$T/$1.err")"
	fi
}

# attach_run NAME OPTS D CMD...: CMD (which prints "ready", then waits
# for the file $T/NAME.go) traced by pidtrace -p with OPTS and the D
# program D, a getpid clause telling when tracing is live; CMD's output
# in $T/NAME.tgt, pidtrace's in $T/NAME.out and $T/NAME.err.
attach_run()
{
	_an=$1 _ao=$2 _ad=$3
	shift 3
	rm -f "$T/$_an.go" "$T/$_an.tgt" "$T/$_an.out"
	spawn _atp 120 sh -c 'f=$1; shift; exec "$@" "$f.go" >"$f.tgt"' \
	    sh "$T/$_an" "$@"
	wait_for "$T/$_an.tgt" '^ready' 60
	_atpid=$(child_of "$_atp") || fail "$_an: no target pid"
	spawn _app 120 "$PIDTRACE" -v -q $_ao -n "$_ad
	    syscall::getpid:entry /!live/ { live = 1; printf(\"live\\n\"); }" \
	    -p "$_atpid" >"$T/$_an.out" 2>"$T/$_an.err"
	wait_for "$T/$_an.out" '^live' 60
	: >"$T/$_an.go"
	wait "$_app" || fail "$_an: pidtrace: $(cat "$T/$_an.err")"
	wait "$_atp" || fail "$_an: the target failed: $(cat "$T/$_an.tgt")"
}
