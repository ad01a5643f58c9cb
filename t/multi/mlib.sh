# SPDX-License-Identifier: GPL-2.0-or-later
# t/multi/mlib.sh: helpers for the tests of several processes in one run
# (-p A -p B, -c with -p), on top of t/tracer/trlib.sh.
. "$top_srcdir/t/tracer/trlib.sh"

[ -x "$PIDTRACE" ] || skip "pidtrace not built"

# start_counter_as NAME FD: tr-counter reading the fifo $T/NAME.in (held
# open on file descriptor FD, 3 to 9), writing $T/NAME.out; waits for
# its "ready" and sets NAME to its pid.
start_counter_as()
{
	mkfifo "$T/$1.in"
	spawn _tp 120 sh -c 'exec "$0" <"$1" >"$2" 2>&1' "$COUNTER" \
		"$T/$1.in" "$T/$1.out"
	eval "exec $2>\"\$T/\$1.in\""
	wait_for "$T/$1.out" '^ready'
	_cp=$(child_of "$_tp") || fail "no pid for $1"
	eval "$1=\$_cp"
}

# traced_by PID: the TracerPid of PID (0 when nobody traces it).
traced_by()
{
	awk '$1 == "TracerPid:" { print $2 }' "/proc/$1/status"
}

# agg FILE KEY: the value of line "KEY VALUE" in FILE (KEY: the words
# before the last, one blank between them).
agg()
{
	awk -v k="$2" '{ w = $1; for (i = 2; i < NF; i++) w = w " " $i }
		NF > 1 && w == k { print $NF }' "$1"
}
