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

# attach NAME D TARGET ARGS...: the same, attached with -p once the
# target is ready (its ready line in $T/NAME.ready); the target goes on
# once BEGIN fired.  pidtrace ends with the target.
attach()
{
	_n=$1 _d=$2; shift 2
	rm -f "$T/in"; mkfifo "$T/in"
	spawn _tp 120 sh -c 'exec "$@" <"$0" >"$0.out" 2>&1' "$T/in" "$@"
	exec 3>"$T/in"
	wait_for "$T/in.out" '^ready pid='
	head -n 1 "$T/in.out" >"$T/$_n.ready"
	_tpid=$(sed -n 's/^ready pid=\([0-9]*\).*/\1/p' "$T/$_n.ready")
	spawn _pp 120 "$PIDTRACE" -q -o "$T/$_n.d" \
	    -n "BEGIN { printf(\"armed\\n\"); } $_d" -p "$_tpid" \
	    2>"$T/$_n.raw"
	wait_for "$T/$_n.d" '^armed' 60
	echo go >&3
	exec 3>&-
	wait "$_tp" || fail "$_n: target exited $?: $(cat "$T/in.out")"
	wait "$_pp" || fail "$_n: pidtrace exited $?: $(cat "$T/$_n.raw")"
	tail -n +2 "$T/in.out" >"$T/$_n.out"
	grep -v '^armed$' "$T/$_n.d" >"$T/$_n.d2"
	mv "$T/$_n.d2" "$T/$_n.d"
	not_fast_report "$T/$_n.raw" | grep -v 'has exited$' >"$T/$_n.err"
	say "== $_n (-p): $*"
	cat "$T/$_n.ready" "$T/$_n.out" "$T/$_n.d" "$T/$_n.err"
}

# no_err NAME: pidtrace said nothing on stderr (but the fast path's
# report, t/fastpath's business).
no_err()
{
	[ -s "$T/$1.err" ] && fail "$1: pidtrace said: $(cat "$T/$1.err")"
	return 0
}
