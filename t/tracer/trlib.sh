# SPDX-License-Identifier: GPL-2.0-or-later
# t/tracer/trlib.sh: helpers for the tracer's tests, on top of t/lib.sh.
. "$top_srcdir/t/lib.sh"

# LeakSanitizer cannot run in a traced process (an --enable-asan build's
# targets die at exit under the tracer): no leak checks in these tests.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"

TRDRIVE=$top_builddir/t/tracer/trdrive
COUNTER=$TARGETS/tr-counter
[ -x "$TRDRIVE" ] && [ -x "$COUNTER" ] || skip "trdrive or tr-counter not built"

# entry_sites BIN NAME...: trdrive -s options for the entries of NAMEs.
entry_sites()
{
	_bin=$1; shift
	for _n in "$@"; do
		nm "$_bin" | awk -v n="$_n" '$3 == n && ($2 == "T" || $2 == "t") {
			printf "-s %s=%s ", n, $1 }'
	done
}

# insn_sites BIN NAME...: a -s option for every instruction of each NAME,
# from objdump (padding after the last ret/jmp left out); the entry is
# labelled NAME, the others NAME@ADDR.
insn_sites()
{
	_bin=$1; shift
	for _n in "$@"; do
		objdump -d --no-show-raw-insn "$_bin" | awk -v n="$_n" '
			$0 ~ "^[0-9a-f]+ <" n ">:$" { on = 1; first = 1; next }
			on && /^$/ { exit }
			on && $1 ~ /:$/ {
				a = substr($1, 1, length($1) - 1)
				if ($2 ~ /^(nop|nopw|nopl|cs|xchg|int3|data16)/ && seen_ret) next
				if (first) printf "-s %s=%s ", n, a
				else printf "-s %s@%s=%s ", n, a, a
				first = 0
				seen_ret = ($2 ~ /^(ret|jmp)/)
			}'
	done
}

# hits FILE NAME: the hit count trdrive printed for NAME.
hits()
{
	awk -v n="$2" '$1 == n && $2 == "hits" { print $3 }' "$1"
}

# field FILE PREFIX KEY: KEY=value from the last line of FILE starting with PREFIX.
field()
{
	grep "^$2" "$1" | tail -n 1 | tr ' ' '\n' | sed -n "s/^$3=//p"
}

# start_counter: tr-counter reading the fifo $T/in (held open on fd 3),
# writing $T/out; sets TPID.
start_counter()
{
	mkfifo "$T/in"
	spawn _tp 120 sh -c 'exec "$0" <"$1" >"$2" 2>&1' "$COUNTER" \
		"$T/in" "$T/out"
	exec 3>"$T/in"
	wait_for "$T/out" '^ready'
	TPID=$(child_of "$_tp") || fail "no target pid"
}

# start_drive ARGS...: trdrive in the background, output in $T/drv and
# $T/drv.err; sets DPID (trdrive's own pid) and waits until it armed.
start_drive()
{
	spawn _dp 120 "$TRDRIVE" "$@" >"$T/drv" 2>"$T/drv.err"
	DPID=$(child_of "$_dp") || fail "no trdrive pid"
	wait_for "$T/drv.err" '^armed'
}

# stop_drive: SIGINT to trdrive, wait for its report.
stop_drive()
{
	kill -INT "$DPID"
	wait_for "$T/drv" '^stats' 20
	cat "$T/drv"
}

# reference CMDS: the untraced target's output for the stdin CMDS.
reference()
{
	printf "$1" | bounded 60 "$COUNTER" | sed 's/pid=[0-9]*//'
}

# Handshakes on the target's own state, read from /proc (no sleep stands
# in for them): each waits up to SECONDS (20) and fails past it.

# task_state PID: the state letter of PID (R, S, T, t, Z...).
task_state()
{
	sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" 2>/dev/null
}

# wait_state PID ERE [SECONDS]: until PID's state letter matches ERE.
wait_state()
{
	_n=$(( ${3:-20} * 100 ))
	until [[ "$(task_state "$1")" =~ ^$2$ ]]; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || fail "pid $1 in state $(task_state "$1"), wanted $2"
		sleep 0.01
	done
}

# wait_syscall PID NR... : until PID's main thread sits in one of the
# system calls NR (x86-64 numbers; /proc/PID/syscall's first field).
wait_syscall()
{
	_p=$1; shift
	_n=2000
	while :; do
		read -r _s _ <"/proc/$_p/syscall" 2>/dev/null
		for _w in "$@"; do [ "$_s" = "$_w" ] && return 0; done
		_n=$((_n - 1))
		[ $_n -gt 0 ] || fail "pid $_p in syscall '$_s', wanted $*"
		sleep 0.01
	done
}

# wait_untraced PID: until no tracer holds PID (TracerPid 0).
wait_untraced()
{
	_n=2000
	until [ "$(sed -n 's/^TracerPid:[[:space:]]*//p' "/proc/$1/status")" = 0 ]; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || fail "pid $1 is still traced"
		sleep 0.01
	done
}

# ntasks PID: how many threads PID has.
ntasks()
{
	set -- /proc/"$1"/task/*
	[ -e "$1" ] && echo $# || echo 0
}

# wait_tasks PID N: until PID has at least N threads.
wait_tasks()
{
	_n=2000
	until [ "$(ntasks "$1")" -ge "$2" ]; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || fail "pid $1 has $(ntasks "$1") threads, wanted $2"
		sleep 0.01
	done
}

# wait_child PID: until PID has a child process (a fork happened).
wait_child()
{
	_n=2000
	until grep -q . /proc/"$1"/task/*/children 2>/dev/null; do
		_n=$((_n - 1))
		[ $_n -gt 0 ] || fail "pid $1 forked no child"
		sleep 0.01
	done
}
