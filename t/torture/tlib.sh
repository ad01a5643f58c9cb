# SPDX-License-Identifier: GPL-2.0-or-later
# t/torture/tlib.sh: the torture suite's runs.  Real programs (cat, ls,
# sort, python3.11, openssl, a C++ program) with every function of a
# module probed, on the fast path (one program of libc-entry,
# libc-return and crypto also with its clauses run from the
# trampolines' records, -x fastpath=record) and on the int3 path, the
# reference: a jump laid where code can land kills the program (SIGILL,
# SIGTRAP, SIGSEGV) or corrupts it, and shows here as a death or a
# different output.
. "$top_srcdir/t/faults/ftlib.sh"

command -v timeout >/dev/null 2>&1 || skip "no timeout(1)"

# The program's own exit status, from its call of libc's exit(): the
# traced program is pidtrace's child, whose status pidtrace keeps.
EXIT_D='pid$target:libc.so.6:exit:entry { printf("exit %d\n", (int)arg0); }'

# watched SECONDS FILE CMD...: CMD, as `bounded` runs it (124 when
# SIGTERM ended it past SECONDS, 137 when SIGKILL did), but a CMD still
# running past SECONDS is looked at first, into FILE: where pidtrace and
# each task of its tracee wait (/proc: state, wchan, syscall, kernel
# stack; gdb's backtrace of pidtrace when gdb is there).  Then SIGTERM,
# and SIGKILL only if pidtrace has not ended 30 s later: pidtrace's
# ending under SIGTERM alone is seconds under load (its report, its
# teardown), and `timeout -k 5` killed it mid-ending, which left a hang
# and a slow ending looking alike (exit 137) and no trace of where it
# waited.  Polled once a second ($SECONDS, bash's wall clock): a
# deadline, not a handshake.
watched()
{
	_ws=$1 _wf=$2; shift 2
	"$@" &
	_wp=$! _wd=$((SECONDS + _ws))
	while kill -0 "$_wp" 2>/dev/null && [ "$SECONDS" -lt "$_wd" ]; do
		sleep 1
	done
	if kill -0 "$_wp" 2>/dev/null; then
		hang_report "$_wp" "$_ws" >"$_wf" 2>&1
		kill -TERM "$_wp" 2>/dev/null
		_wd=$((SECONDS + 30))
		while kill -0 "$_wp" 2>/dev/null && [ "$SECONDS" -lt "$_wd" ]; do
			sleep 1
		done
		if kill -0 "$_wp" 2>/dev/null; then
			echo "still running 30 s after SIGTERM:" >>"$_wf"
			hang_report "$_wp" $((_ws + 30)) >>"$_wf" 2>&1
			for _c in $(cat /proc/"$_wp"/task/*/children \
			    2>/dev/null); do
				kill -KILL "$_c" 2>/dev/null
			done
			kill -KILL "$_wp" 2>/dev/null
			wait "$_wp"
			return 137
		fi
		echo "ended $((SECONDS + 30 - _wd)) s after SIGTERM" >>"$_wf"
		wait "$_wp"
		return 124
	fi
	wait "$_wp"
}

# hang_report PID SECONDS: where PID (pidtrace) and its children's tasks
# wait, for the log.
hang_report()
{
	echo "HANG: pid $1 still running after $2 s (load $(cut -d' ' -f1-3 \
	    /proc/loadavg))"
	for _hp in "$1" $(cat /proc/"$1"/task/*/children 2>/dev/null); do
		for _ht in /proc/"$_hp"/task/*; do
			_hs=$(sed 's/.*) //' "$_ht/stat" | cut -d' ' -f1)
			echo "task ${_ht##*/} of $_hp ($(cat "$_ht/comm")):" \
			    "state $_hs" \
			    "wchan $(cat "$_ht/wchan")" \
			    "syscall $(cat "$_ht/syscall")"
			grep -E '^(TracerPid|SigPnd|ShdPnd|SigBlk):' \
			    "$_ht/status" | tr '\n' ' '
			echo
			cat "$_ht/stack" 2>/dev/null | head -n 12
		done
	done
	if command -v gdb >/dev/null 2>&1; then
		timeout -k 5 60 gdb -batch -nx -p "$1" \
		    -ex 'thread apply all bt' 2>&1 </dev/null |
		    grep -E '^#|^Thread'
	fi
}

# torture NAME PATH D CMD...: CMD (stdin /dev/null, run in $T/run) alone,
# then under `pidtrace -q -o -n "D EXIT_D" -c CMD` with the fast path
# (PATH on) or without (PATH off).  Asserts: pidtrace exits 0; it says
# no death and no fault (stderr holds nothing but its report of the
# sites that stop the thread, drops, and the functions whose returns it
# cannot see: capstone cannot decode some of libc's); the clause fired;
# the program's stdout and exit status equal the untraced run's.
torture()
{
	_tn=$1 _tp=$2 _td=$3; shift 3
	mkdir -p "$T/run"
	if [ ! -f "$T/$_tn.want" ]; then
		(cd "$T/run" && bounded 120 "$@" </dev/null \
			>"$T/$_tn.want" 2>/dev/null)
		echo "exit $?" >"$T/$_tn.wstatus"
	fi
	rm -f "$T/$_tn.$_tp.hang"
	(cd "$T/run" && watched 900 "$T/$_tn.$_tp.hang" "$PIDTRACE" -q \
		-x fastpath="$_tp" -o "$T/$_tn.$_tp.d" -n "$_td $EXIT_D" \
		-c "$*" </dev/null >"$T/$_tn.$_tp.out" 2>"$T/$_tn.$_tp.err")
	_rc=$?
	say "$_tn, fastpath=$_tp: pidtrace exited $_rc"
	[ -f "$T/$_tn.$_tp.hang" ] && cat "$T/$_tn.$_tp.hang"
	cut -c 1-300 "$T/$_tn.$_tp.err"
	[ $_rc = 0 ] || fail "$_tn ($_tp): pidtrace exited $_rc"
	grep -q 'was killed by signal\|faulted at' "$T/$_tn.$_tp.err" &&
		fail "$_tn ($_tp): the program died under pidtrace"
	grep -Ev '^pidtrace: pid [0-9]+: [0-9]+ of [0-9]+ probe sites stops? the thread|^pidtrace:   [0-9]+: |^pidtrace: [0-9]+ drops in pid|^pidtrace: no return probe for ' \
		"$T/$_tn.$_tp.err" | grep -q . &&
		fail "$_tn ($_tp): pidtrace said: $(head -n 5 "$T/$_tn.$_tp.err")"
	same_output "$T/$_tn.want" "$T/$_tn.$_tp.out"
	grep '^exit ' "$T/$_tn.$_tp.d" >"$T/$_tn.$_tp.status"
	same_output "$T/$_tn.wstatus" "$T/$_tn.$_tp.status"
	_c=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1 }' "$T/$_tn.$_tp.d")
	[ -n "$_c" ] && [ "$_c" -gt 0 ] ||
		fail "$_tn ($_tp): no firing counted: $(cat "$T/$_tn.$_tp.d")"
	say "ok: $_tn ($_tp): same output and status ($(cat "$T/$_tn.wstatus")), $_c firings"
}

# The paths of torture NAME D CMD...: the fast path with the clauses in
# the process; then, when RECORD is "yes" (every run at FT_SCALE=10),
# the same trampolines with the clauses run from their records
# (-x fastpath=record); then (unless INT3 is "no") the int3 path.
both()
{
	_bn=$1 _bd=$2; shift 2
	torture "$_bn" on "$_bd" "$@"
	if [ "${RECORD:-no}" = yes ] || [ "${FT_SCALE:-1}" -ge 10 ]; then
		torture "$_bn" record "$_bd" "$@"
	fi
	[ "${INT3:-yes}" = no ] || torture "$_bn" off "$_bd" "$@"
}

# The descriptions: every libc function's entry; and its returns too.
LIBC_E='pid$target:libc.so.6::entry { @ = count(); }'
LIBC_ER='pid$target:libc.so.6::entry, pid$target:libc.so.6::return
	{ @ = count(); }'

# libc's .symtab comes from libc6-dbg's debug file: without it, 2,764
# probes from .dynsym, none of the local functions that killed programs.
need_libc_dbg()
{
	_libc=$(ldd /bin/cat | awk '/libc\.so/ { print $3 }')
	_id=$(LC_ALL=C readelf -n "$_libc" 2>/dev/null |
		awk '/Build ID/ { print $3 }')
	[ -n "$_id" ] || skip "no build-id in $_libc"
	_dbg=/usr/lib/debug/.build-id/$(printf %s "$_id" | cut -c 1-2)/$(printf %s "$_id" | cut -c 3-).debug
	[ -f "$_dbg" ] || skip "no debug file for $_libc (libc6-dbg)"
}

# A python3.11 workload: JSON, sorting, string formatting.
PY=/usr/bin/python3.11
py_script()
{
	cat >"$T/run/w.py" <<'PYEOF'
import json
d = {"k%d" % i: [i, str(i) * 3, {"x": i / 7}] for i in range(int(__import__("sys").argv[1]))}
s = json.dumps(d, sort_keys=True)
back = json.loads(s)
print(len(s), sum(len(v[1]) for v in back.values()), sorted(back)[:3])
PYEOF
}

# libc_work: the inputs of libc-entry.sh's and libc-return.sh's runs, in
# $T/run: tree/ (6 folders of 8 files and 8 symbolic links, for ls
# -laR), sort.in (for sort -n) and w.py (py_script).
libc_work()
{
	mkdir -p "$T/run/tree"
	for _d in 0 1 2 3 4 5; do
		mkdir -p "$T/run/tree/d$_d/e$_d"
		for _f in 0 1 2 3 4 5 6 7; do
			seq 1 $((_d * _f * 37)) >"$T/run/tree/d$_d/f$_f"
			ln -s "f$_f" "$T/run/tree/d$_d/e$_d/l$_f"
		done
	done
	seq 1 3 3000 | sed 's/^\(.*\)\(.\)$/\2\1 line \1/' \
	    >"$T/run/sort.in"
	py_script
}
