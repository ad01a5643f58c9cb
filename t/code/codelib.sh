# SPDX-License-Identifier: GPL-2.0-or-later
# t/code/codelib.sh: helpers of the tests of real code (inlined copies,
# Go, C++ arguments, registers), on top of t/lib.sh.  Each target prints
# "ready pid=N ...", waits for a line on stdin (or EOF), then what it
# did: the tests compare pidtrace's view with those lines.
. "$top_srcdir/t/lib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"

# trace NAME D TARGET ARGS...: pidtrace -q -n D -c "TARGET ARGS", the
# target reading EOF; $T/NAME.d the D output (-o), $T/NAME.out the
# target's, $T/NAME.err stderr without the fast path's report.
trace()
{
	_n=$1 _d=$2; shift 2
	bounded 120 "$PIDTRACE" -q -o "$T/$_n.d" -n "$_d" -c "$*" \
	    </dev/null >"$T/$_n.out" 2>"$T/$_n.raw" ||
		fail "$_n: pidtrace exited $?: $(cat "$T/$_n.raw")"
	not_fast_report "$T/$_n.raw" >"$T/$_n.err"
	say "== $_n: $*"
	cat "$T/$_n.out" "$T/$_n.d" "$T/$_n.err"
}

# armed FILE PID ERRFILE: handshake; wait until pidtrace (PID, a
# spawn's) printed its BEGIN line "armed" into FILE, failing at once
# with its words if it ended first.
armed()
{
	_i=6000
	while [ $_i -gt 0 ]; do
		grep -q '^armed$' "$1" 2>/dev/null && return 0
		kill -0 "$2" 2>/dev/null ||
			fail "pidtrace ended before BEGIN: $(cat "$3")"
		_i=$((_i - 1))
		sleep 0.01
	done
	fail "timed out waiting for pidtrace's BEGIN: $(cat "$3")"
}

# no_err NAME: pidtrace said nothing on stderr (but the fast path's
# report, t/fastpath's business).
no_err()
{
	[ -s "$T/$1.err" ] && fail "$1: pidtrace said: $(cat "$T/$1.err")"
	return 0
}
